import { createContext, useContext } from 'react';

/**
 * What screens of any feature may ask of the appointment layer that AppointmentHost (mounted by
 * the app's layout on every page) puts on top of a page: open the request modal, the rejection
 * form, the call or the invite, approve a request, and handle a refused command. The host provides
 * it; screens reach it through useAppointmentUi() without importing the appointments feature.
 */

export interface RequestTarget {
  eventId: number;
  userId: number;
  /** Edits this appointment. */
  meetingId?: number;
  date?: string | null;
  /** Why the last try failed (a refused queued request), shown in the error line. */
  error?: string | null;
  /** The refused request this one replaces. */
  replaces?: string;
  /** Opens in any-time mode (the quick request; networking.md §3). */
  anyTime?: boolean;
}

export type RejectMode = 'reject' | 'cancel';

export interface AppointmentUi {
  openRequest(target: RequestTarget): void;
  openReject(meetingId: number, mode: RejectMode): void;
  openCall(meetingId: number): void;
  /** Invites visitors of the event into an accepted meeting's call (networking.md §2 invite modal). */
  openInvite(meetingId: number): void;
  /** Confirms a request made to the user at once (events.md §4: accept approves directly). */
  approve(meetingId: number): void;
  dismissFailure(commandId: string): void;
  /** Sends a parked request or answer again. */
  retryFailure(commandId: string): void;
}

export const AppointmentUiContext = createContext<AppointmentUi | null>(null);

export function useAppointmentUi(): AppointmentUi {
  const ui = useContext(AppointmentUiContext);
  if (!ui) throw new Error('useAppointmentUi needs <AppointmentHost> above it');
  return ui;
}
