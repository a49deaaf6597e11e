/**
 * The people and tickets the change-latency probes (bench/lib/change-latency.ts) use. They are picked
 * on the seeded database before the server starts, in the bench's set-up, while the probes run
 * against the running server: the two happen at different times with different handles, so they
 * live apart.
 */
import { sql, type Kysely } from 'kysely';
import { meetingDays } from '../../contract/appointment-slots.ts';
import { localDateOf } from '../../contract/appointment-time.ts';
import { openPairAppointment, visibleVisitor } from '../../server/domain/appointments/repository.ts';
import { eventSettings } from '../../server/domain/appointments/service.ts';
import { createSession } from '../../server/domain/auth/sessions.ts';
import { requireEvent } from '../../server/domain/events/service.ts';
import type { DB } from '../../server/db/types.ts';
import type { BenchUser } from './users.ts';

/** The people and tickets the meeting and door probes use, chosen when the bench seeds. */
export interface ProbeCast {
  /** Requester and answerer; the two have no open meeting with each other, and the answerer may be booked. */
  meetings: { requester: BenchUser; answerer: BenchUser }[];
  /** A meeting day of the event that has not passed, or null when it has none (no meeting probes). */
  meetingDay: string | null;
  /** The event owner signed in on two door devices, and ticket codes for the scanner to scan in turn. */
  door: { scanner: BenchUser; watcher: BenchUser; codes: string[] } | null;
}

/**
 * Picks `pairs` meeting pairs from `candidates` (people outside the bench's traffic, so their
 * meetings do not collide with the traffic's), and the owner's two door devices.
 */
export async function prepareProbeCast(db: Kysely<DB>, eventId: number, candidates: BenchUser[], pairs: number): Promise<ProbeCast> {
  const event = await requireEvent(db, eventId);
  const today = localDateOf(Math.floor(Date.now() / 1000), event.timezone);
  const meetingDay = meetingDays(await eventSettings(db, event)).find((d) => d >= today) ?? null;
  const meetings: ProbeCast['meetings'] = [];
  const left = [...candidates];
  while (meetings.length < pairs && left.length >= 2) {
    const requester = left.shift() as BenchUser;
    const at = await (async () => {
      for (let i = 0; i < left.length; i++) {
        const answerer = left[i] as BenchUser;
        if ((await visibleVisitor(db, answerer.id, eventId)) && !(await openPairAppointment(db, eventId, requester.id, answerer.id))) return i;
      }
      return -1;
    })();
    if (at < 0) break;
    meetings.push({ requester, answerer: left.splice(at, 1)[0] as BenchUser });
  }
  const owner = await sql<{ user_id: number }>`
    SELECT user_id FROM user_events WHERE event_id = ${eventId} AND is_owner AND NOT deleted ORDER BY user_id LIMIT 1`.execute(db);
  const ownerId = owner.rows[0]?.user_id;
  const codes = await sql<{ code: string }>`
    SELECT code FROM tickets WHERE event_id = ${eventId} AND status = 'valid' AND NOT deleted ORDER BY id DESC LIMIT 2000`.execute(db);
  const door =
    ownerId === undefined || codes.rows.length === 0
      ? null
      : {
          scanner: { id: ownerId, token: await createSession(db, ownerId) },
          watcher: { id: ownerId, token: await createSession(db, ownerId) },
          codes: codes.rows.map((r) => r.code),
        };
  return { meetings, meetingDay, door };
}
