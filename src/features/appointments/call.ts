import { APPOINTMENT_AGENDA_MINUTES } from '../../../contract/appointments.ts';
import { VIDEO_FETCH_LEAD_MS, VIDEO_RECHECK_MS } from '../../../contract/constants.ts';

/**
 * The call window (networking.md §4): before the start a countdown, during the call a countdown to
 * the end with the current agenda period, after the end the finished message. Extensions are the
 * user's own (5, 10 or 15 minutes) and stay on this device.
 */

export const AGENDA_KEYS = ['viewOther', 'viewMe', 'topic', 'summary'] as const;
export type AgendaKey = (typeof AGENDA_KEYS)[number];

export type CallPhase = { kind: 'before'; remainingMs: number } | { kind: 'during'; remainingMs: number; elapsedMs: number } | { kind: 'after' };

export function callPhase(nowMs: number, startMs: number, endMs: number, extensionMs = 0): CallPhase {
  if (nowMs < startMs) return { kind: 'before', remainingMs: startMs - nowMs };
  const end = endMs + extensionMs;
  if (nowMs < end) return { kind: 'during', remainingMs: end - nowMs, elapsedMs: nowMs - startMs };
  return { kind: 'after' };
}

export interface AgendaPeriod {
  /** Index into AGENDA_KEYS, or null in the extra time of an extension. */
  index: number | null;
  /** Time left in this period. */
  remainingMs: number;
}

/** The agenda of a 15-minute call: 3, 3, 6 and 3 minutes; what comes after is extra time. */
export function agendaPeriod(elapsedMs: number, extraMs: number): AgendaPeriod {
  let from = 0;
  for (const [i, minutes] of APPOINTMENT_AGENDA_MINUTES.entries()) {
    const to = from + minutes * 60_000;
    if (elapsedMs < to) return { index: i, remainingMs: to - elapsedMs };
    from = to;
  }
  return { index: null, remainingMs: Math.max(0, from + extraMs - elapsedMs) };
}

/** Each agenda period's share of the planned call, for the timeline. */
export function agendaShares(extraMs: number): number[] {
  const total = APPOINTMENT_AGENDA_MINUTES.reduce((a, b) => a + b, 0) * 60_000 + extraMs;
  const shares = APPOINTMENT_AGENDA_MINUTES.map((m) => (m * 60_000) / total);
  return extraMs > 0 ? [...shares, extraMs / total] : shares;
}

/**
 * When to look again whether the video may start (events.md §4: re-check every 5 s until about 3 s
 * before the start, then fetch the link). 0 means fetch now.
 */
export function nextVideoCheckMs(nowMs: number, startMs: number): number {
  const untilFetch = startMs - VIDEO_FETCH_LEAD_MS - nowMs;
  if (untilFetch <= 0) return 0;
  return Math.min(VIDEO_RECHECK_MS, untilFetch);
}
