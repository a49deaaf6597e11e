import { eventPhase } from '../../../ui/video/phase.ts';

/**
 * What the home page puts first for a signed-in user (issue 27): their own events on now or soon,
 * their next meeting and their next ticket, each chosen here so the rules can be tested without a
 * screen.
 */

/** How far ahead an event of the user's still counts as "soon" on home. */
export const SOON_MS = 7 * 24 * 3600 * 1000;
/** Home shows this many of the user's events on now or soon; My events has the rest. */
export const NOW_AND_SOON_SHOWN = 3;

/** The user's events on now, then those starting within SOON_MS, soonest first. */
export function nowAndSoon<E extends { when: number; when_end: number }>(events: readonly E[], nowMs: number, limit = NOW_AND_SOON_SHOWN): E[] {
  const running = events.filter((e) => eventPhase(e.when, e.when_end, nowMs) === 'running');
  const soon = events.filter((e) => e.when * 1000 > nowMs && e.when * 1000 - nowMs <= SOON_MS);
  const byStart = (a: E, b: E) => a.when - b.when;
  return [...running.sort(byStart), ...soon.sort(byStart)].slice(0, limit);
}

interface MeetingLike {
  status: string;
  time_start: number;
  time_end: number;
}

/**
 * The agreed meeting on now or next. An any-time meeting has no hour to put on a card, and a
 * request not yet answered is not a meeting; My appointments shows both.
 */
export function nextMeeting<M extends MeetingLike>(items: readonly M[], nowMs: number): M | null {
  const now = nowMs / 1000;
  let best: M | null = null;
  for (const m of items) {
    if (m.status !== 'appointed' || !m.time_start) continue;
    const end = Math.max(m.time_end, m.time_start);
    if (end <= now) continue;
    if (!best || m.time_start < best.time_start) best = m;
  }
  return best;
}
