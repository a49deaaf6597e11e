import type { Q, Tx } from '../../db/tx.ts';
import { deleteSessionsOf, deleteSocketPasses } from '../auth/repository.ts';
import type { Effect } from '../effects.ts';
import { touchEventsOf } from '../events/repository.ts';
import { visitorDocIdsOf } from '../visitors/service.ts';
import { accountRow, anonymiseAccount, ownRecords, partnersOf, removeOwnRows, touchSharedRecords } from './removal-repository.ts';

/**
 * "Delete my account" (issue 15): the export first, then the removal.
 *
 * The export is everything the server keeps that is the person's or that they are a party to:
 * the account (without the password hash), the events they take part in, tickets, meetings,
 * dialogs and their messages, chat comments, likes and stars, trip plans.
 *
 * Removal anonymises rather than deletes the account row, because other people's records point
 * at it: the other side of a meeting or a dialog, the event chat, the door's scans. The row loses
 * everything that names or reaches the person (name, email, phone, links, picture…), is marked
 * deleted (no list, login or session lookup shows it), and every session ends on every instance.
 * The person's own notes (likes, stars, trip plans) go. Their comments and messages stay for the
 * people they were written to, under no name. Other devices learn it through the change feed:
 * the person's visitor documents become tombstones, and the meetings, dialogs and comments that
 * show them get new revs, so their partners' devices pull them with the emptied name.
 */

export async function exportAccount(q: Q, userId: number) {
  const account = await accountRow(q, userId);
  if (!account) return null;
  return { format: 'foyer-account-export', version: 1, exported_at: new Date().toISOString(), account, ...(await ownRecords(q, userId)) };
}

export async function removeAccount(trx: Tx, userId: number): Promise<Effect> {
  const visitorIds = await visitorDocIdsOf(trx, userId);
  const partners = await partnersOf(trx, userId);
  await touchEventsOf(trx, userId);
  await anonymiseAccount(trx, userId);
  await removeOwnRows(trx, userId);
  await touchSharedRecords(trx, userId);
  await deleteSessionsOf(trx, userId);
  await deleteSocketPasses(trx, userId);
  return {
    ids: visitorIds,
    collections: ['visitors', 'events', 'relations', 'appointments', 'dialogs', 'messages', 'comments'],
    userIds: [userId, ...partners],
    sessionsEnded: [{ userId }],
  };
}
