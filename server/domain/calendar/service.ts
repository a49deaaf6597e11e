import { createHash } from 'node:crypto';
import { CALENDAR_KEY_HEX, type CalendarFeedPayload, type SpeechStarPayload } from '../../../contract/calendar.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import { requireOpenEvent } from '../events/service.ts';
import { addStar, deleteFeed, feedOf, feedOwner, findSpeech, removeStar, setFeedToken } from './repository.ts';

/**
 * The calendar's writes: starring a speech (live stage) and the feed's address. One transaction
 * each, through the write runner like every write.
 */

/**
 * Stars or unstars a speech of the event. Anybody signed in may note a speech, as they may mark an
 * event a favorite; the speech must belong to the event and still be on its programme.
 */
export async function starSpeech(trx: Tx, userId: number, p: SpeechStarPayload): Promise<Effect> {
  await requireOpenEvent(trx, p.event_id, userId);
  const speech = await findSpeech(trx, p.speech_id);
  if (!speech || speech.event_id !== p.event_id || (speech.deleted && p.starred)) throw new DomainError('not_found', 'speech_id');
  const changed = p.starred ? await addStar(trx, userId, p.event_id, p.speech_id) : await removeStar(trx, userId, p.speech_id);
  if (!changed) return quiet([p.speech_id]);
  return { ids: [String(p.event_id)], collections: ['my_events'], userIds: [userId] };
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The name device and server give one address: the start of its hash (contract/calendar.ts). */
export function feedKey(hash: Uint8Array): string {
  return Buffer.from(hash).toString('hex').slice(0, CALENDAR_KEY_HEX);
}

/**
 * A new address for the user's feed, replacing the one they had, or (null) none: the old address
 * stops answering at once. No device document holds it, so the Effect is quiet; the device that
 * made it keeps the address, the others learn of it from GET /api/calendar/feed.
 */
export async function setCalendarFeed(trx: Tx, userId: number, p: CalendarFeedPayload, now = new Date()): Promise<Effect> {
  if (p.token === null) await deleteFeed(trx, userId);
  else await setFeedToken(trx, userId, tokenHash(p.token), now);
  return quiet();
}

export interface FeedStatus {
  active: boolean;
  /** feedKey of the active address, '' without one. */
  key: string;
  created_at: number;
  /** When a calendar app last fetched it; 0 never. */
  polled_at: number;
}

export async function feedStatus(q: Q, userId: number): Promise<FeedStatus> {
  const f = await feedOf(q, userId);
  if (!f) return { active: false, key: '', created_at: 0, polled_at: 0 };
  const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
  return { active: true, key: feedKey(f.token_hash), created_at: unix(f.created_at), polled_at: unix(f.polled_at) };
}

/** The owner of an address, or undefined for one that is unknown, revoked or of a closed account. */
export function ownerOfToken(q: Q, token: string) {
  return feedOwner(q, tokenHash(token));
}
