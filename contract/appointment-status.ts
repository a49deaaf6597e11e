import { localDateOf } from './appointment-time.ts';

/*
 * The status of an appointment as one viewer sees it, and the actions it offers (networking.md §4).
 * contract/appointments.ts re-exports it.
 */

export const APPOINTMENT_STATES = ['pending', 'accepted', 'rejected', 'canceled'] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

export type AppointmentStatus =
  | 'my'
  | 'noAppointment'
  | 'waitingForResponse'
  | 'waitingForMyResponse'
  | 'appointed'
  | 'rejected'
  | 'canceled'
  | 'tooLateForResponse'
  | 'tooLateForMyResponse'
  | 'unknown';

/**
 * The state behind the legacy `response` values: null (or '' or the other reading's 2, edited)
 * pending; 1 accepted; 3 closed, and 0 as the client sets locally on reject. A closed meeting with
 * canceled_by was canceled, without it rejected.
 */
export function stateOfResponse(response: number | string | null | undefined, canceledBy?: number | null): AppointmentState {
  const r = response === null || response === undefined || response === '' ? null : Number(response);
  if (r === null || r === 2) return 'pending';
  if (r === 1) return 'accepted';
  return canceledBy ? 'canceled' : 'rejected';
}

export interface StatusSubject {
  from_user_id: number;
  to_user_id: number;
  state: AppointmentState;
  /** Unix seconds; 0 or null for an any-time request. */
  time_start: number | null;
  date: string;
  timezone: string;
}

/** Whether the meeting's time has begun: its start, or for an any-time request the end of its day. */
export function hasBegun(a: Pick<StatusSubject, 'time_start' | 'date' | 'timezone'>, nowMs: number): boolean {
  if (a.time_start) return a.time_start * 1000 <= nowMs;
  return localDateOf(Math.floor(nowMs / 1000), a.timezone) > a.date;
}

/** The status of `visitorId`'s card for the viewer, given the pair's appointment (if any). */
export function appointmentStatus(viewerId: number | null, visitorId: number, a: StatusSubject | null | undefined, nowMs: number): AppointmentStatus {
  if (viewerId === null) return 'unknown';
  if (visitorId === viewerId) return 'my';
  if (!a) return 'noAppointment';
  if (!involvesPair(a, viewerId, visitorId)) return 'unknown';
  switch (a.state) {
    case 'accepted':
      return 'appointed';
    case 'rejected':
      return 'rejected';
    case 'canceled':
      return 'canceled';
    case 'pending': {
      const late = hasBegun(a, nowMs);
      if (a.to_user_id === viewerId) return late ? 'tooLateForMyResponse' : 'waitingForMyResponse';
      return late ? 'tooLateForResponse' : 'waitingForResponse';
    }
    default:
      return 'unknown';
  }
}

function involvesPair(a: Pick<StatusSubject, 'from_user_id' | 'to_user_id'>, x: number, y: number): boolean {
  return (a.from_user_id === x && a.to_user_id === y) || (a.from_user_id === y && a.to_user_id === x);
}

export type AppointmentAction = 'confirm' | 'reject' | 'edit' | 'cancel' | 'message' | 'requestAgain' | 'request';

/**
 * The card's actions per status (networking.md §4 item actions, §5 gating). `begun`: the meeting's
 * time has started, after which the server refuses to edit or cancel an agreed meeting.
 */
export function appointmentActions(status: AppointmentStatus, begun = false): AppointmentAction[] {
  switch (status) {
    case 'noAppointment':
      return ['request'];
    case 'waitingForMyResponse':
      return ['confirm', 'reject'];
    case 'appointed':
      // Agreed people may write to each other (networking.md §4), before and after the meeting.
      return begun ? ['message'] : ['edit', 'cancel', 'message'];
    case 'waitingForResponse':
      return ['edit', 'cancel'];
    case 'canceled':
      return ['message'];
    case 'rejected':
      return ['requestAgain'];
    case 'tooLateForResponse':
      // Nothing can be answered any more; the requester may still move the request to a new time.
      return ['edit'];
    default:
      return [];
  }
}

/** Whether a meeting is over: its end (or its start when it has none) has passed, or an any-time day is over. */
export function hasEnded(a: Pick<StatusSubject, 'time_start' | 'date' | 'timezone'> & { time_end?: number | null }, nowMs: number): boolean {
  if (a.time_start) return (a.time_end || a.time_start) * 1000 <= nowMs;
  return hasBegun(a, nowMs);
}
