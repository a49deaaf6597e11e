/**
 * The user's own events split into upcoming and past. The data layer counts its my-events tabs by
 * the spec's rule (events.md §2: previous events are split from upcoming by when_end against now,
 * so a running event is upcoming), but its query cannot combine "mine" with a period, so the lists
 * apply the same rule here to the "mine" result.
 */
export type Period = 'future' | 'past';

export function inPeriod(event: { when_end: number }, period: Period, nowMs: number): boolean {
  const now = nowMs / 1000;
  return period === 'past' ? event.when_end < now : event.when_end >= now;
}
