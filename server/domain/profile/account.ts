import { sql, type Kysely } from 'kysely';
import { DomainError } from '../../../contract/errors.ts';
import type { DB } from '../../db/types.ts';
import { writeTx } from '../../db/tx.ts';
import type { Bus } from '../../realtime/bus.ts';
import { HINTS_CHANNEL } from '../../realtime/bus.ts';
import { announceSessionEnd } from '../../realtime/sessions.ts';
import { effectToHints } from '../../routes/sync/index.ts';
import type { Effect } from '../events/service.ts';
import { participates } from '../events/queries.ts';
import { visitorDocIdsOf } from '../visitors/service.ts';

/**
 * Disabling an account (users.disabled, which every list, login and session lookup already
 * honours) is an operator's act: scripts/account.ts runs it against the production database and
 * bus. A disabled user cannot sign in, every session of theirs is deleted, their open sockets and
 * hint streams on every instance are closed at once (realtime/sessions.ts), and they disappear
 * from visitor lists and event counts as if they hid. Enabling gives the account back; the user
 * signs in again.
 */
export async function setAccountDisabled(db: Kysely<DB>, bus: Bus, userId: number, disabled: boolean): Promise<Effect> {
  const effect = await writeTx(db, async (trx) => {
    const user = await trx.selectFrom('users').select(['disabled', 'deleted']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.deleted) throw new DomainError('not_found', 'user');
    if (user.disabled === disabled) return { ids: [], collections: [], userIds: [userId] } satisfies Effect;
    await trx.updateTable('users').set({ disabled }).where('id', '=', userId).execute();
    if (disabled) {
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await sql`DELETE FROM socket_tickets WHERE user_id = ${userId}`.execute(trx);
    }
    // Event documents count visitors by city and country without disabled people, so the events
    // the user takes part in get new revs, as a privacy switch does (profile/service.ts).
    await sql`UPDATE events e SET id = e.id
      WHERE NOT e.deleted AND ${participates(sql`${userId}::int`, sql.ref('e.id'))}
        AND e.id IN (SELECT event_id FROM user_events WHERE user_id = ${userId} UNION SELECT event_id FROM tickets WHERE user_id = ${userId})`.execute(trx);
    return { ids: await visitorDocIdsOf(trx, userId), collections: ['visitors', 'events'], userIds: [userId] } satisfies Effect;
  });
  if (disabled) await announceSessionEnd(bus, { userId });
  for (const hint of effectToHints(effect)) await bus.publish(HINTS_CHANNEL, hint);
  return effect;
}
