import { AVATAR_URL_PREFIX } from '../accounts/avatar.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { deleteSessionsOf, deleteSocketPasses } from '../auth/repository.ts';
import type { Effect } from '../effects.ts';
import { recountPeople, relatedEvents, touchEventsOf } from '../events/repository.ts';
import { removeImageFile, uploadDir, type UploadKind } from '../images.ts';
import { endOrder, mergeOutcomes } from '../orders/lifecycle.ts';
import { visitorDocIdsOf } from '../visitors/service.ts';
import { accountRow, ownRecords } from './export-repository.ts';
import { anonymiseAccount, clearPersonalFields, partnersOf, pendingOrdersOf, picturesOf, removeOwnRows, touchSharedRecords } from './removal-repository.ts';

/**
 * "Delete my account" (issue 15, completed by issue 26): the export first, then the removal.
 * Both reach every area that keeps something of the person, so they stand above the areas, in a
 * folder of their own, rather than in accounts/, which the areas below use for the account row.
 *
 * The export is everything the server keeps that is the person's or that they are a party to:
 * the account (without the password hash), the events they take part in, orders with their lines
 * and tickets, meetings, dialogs and their messages, chat comments and pictures, likes, stars,
 * trip plans, notices, referrals, invitations, roles, and the devices signed in.
 *
 * Removal anonymises rather than deletes the account row, because other people's records point
 * at it: the other side of a meeting or a dialog, the event chat, the door's scans, the organiser's
 * sales. The row loses everything that names or reaches the person and is marked deleted (no list,
 * login or session lookup shows it), and every session ends on every instance. What else goes or
 * stays, table by table, is docs/DESIGN.md "What deleting an account keeps"; in short:
 *
 * - pending orders are cancelled, so their tickets go back on sale (the buyer's card session, if
 *   the person pays it anyway, is refunded by the webhook like any payment for a cancelled order);
 * - paid orders stay for the organiser's accounts (code, amounts, dates, state), without the
 *   address or the attendee names; their tickets stay valid, without the names;
 * - the person's own notes, notices, links and unposted pictures go, and every picture they
 *   uploaded (avatar, chat pictures, trip pictures) is deleted from disk after the commit;
 * - comments and messages stay for the people they were written to, under no name.
 */

export async function exportAccount(q: Q, userId: number) {
  const account = await accountRow(q, userId);
  if (!account) return null;
  return { format: 'foyer-account-export', version: 2, exported_at: new Date().toISOString(), account, ...(await ownRecords(q, userId)) };
}

/** Stored picture files to delete once the removal has committed, by upload folder. */
export type RemovedFiles = Partial<Record<UploadKind, string[]>>;

export async function removeAccount(trx: Tx, userId: number): Promise<{ effect: Effect; files: RemovedFiles }> {
  const visitorIds = await visitorDocIdsOf(trx, userId);
  const partners = await partnersOf(trx, userId);
  const account = await accountRow(trx, userId);
  const pictures = await picturesOf(trx, userId);
  // Cancelled by the person themselves: no mail goes to an address that is about to be forgotten.
  const orders = [];
  for (const id of await pendingOrdersOf(trx, userId)) orders.push(await endOrder(trx, { id }, 'cancelled', userId, ['pending']));
  // Taken before the rows that relate the person to events are removed, recounted after.
  const related = await relatedEvents(trx, userId);
  await touchEventsOf(trx, userId);
  await clearPersonalFields(trx, userId);
  await anonymiseAccount(trx, userId);
  await removeOwnRows(trx, userId, account?.email ?? '');
  // The account is gone from every count now (its rows are anonymised above).
  await recountPeople(trx, related);
  await touchSharedRecords(trx, userId);
  await deleteSessionsOf(trx, userId);
  await deleteSocketPasses(trx, userId);
  const sales = mergeOutcomes(orders).effect;
  const avatar = pictures.avatar.startsWith(AVATAR_URL_PREFIX) ? [pictures.avatar.slice(AVATAR_URL_PREFIX.length)] : [];
  return {
    effect: {
      ids: [...visitorIds, ...sales.ids],
      collections: ['visitors', 'events', 'relations', 'appointments', 'dialogs', 'messages', 'comments', 'companies', ...sales.collections],
      userIds: [userId, ...partners],
      sessionsEnded: [{ userId }],
    },
    files: { avatars: avatar, chat: pictures.chat, trips: pictures.trips },
  };
}

/** Deletes the removed account's picture files; one that cannot be deleted is logged, not retried. */
export async function removeAccountFiles(dataDir: string, files: RemovedFiles, log: { warn(obj: unknown, msg?: string): void }): Promise<void> {
  for (const [kind, names] of Object.entries(files) as [UploadKind, string[]][]) {
    for (const name of names) {
      await removeImageFile(uploadDir(dataDir, kind), name).catch((err: unknown) =>
        log.warn({ err, kind }, 'a removed account’s picture could not be deleted'),
      );
    }
  }
}
