export { formatListDay } from '../../../contract/checkin-lists.ts';
import { clockTime, clockTimeWithSeconds, deviceClock, dottedDay, sameDay } from '../../../contract/time.ts';

/**
 * Times at the door are the device's own clock: "14:05:31" today, with the date on other days.
 * Seconds matter here: two admissions a few seconds apart are what a conflict looks like.
 */
export function formatScanTime(ms: number, nowMs: number): string {
  const at = deviceClock(ms);
  return sameDay(at, deviceClock(nowMs)) ? clockTimeWithSeconds(at) : `${dottedDay(at)} ${clockTimeWithSeconds(at)}`;
}

/** "14:05" today, the date too on other days: when the door went on or off the network. */
export function formatSince(ms: number, nowMs: number): string {
  const at = deviceClock(ms);
  return sameDay(at, deviceClock(nowMs)) ? clockTime(at) : `${dottedDay(at)} ${clockTime(at)}`;
}
