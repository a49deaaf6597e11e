import { DomainError } from '../../../contract/errors.ts';
import type { Tx } from '../../db/tx.ts';
import { deleteSessionsOf, deleteSocketPasses } from '../auth/repository.ts';
import type { Effect } from '../effects.ts';
import { recountPeopleOf, touchEventsOf } from '../events/repository.ts';
import { visitorDocIdsOf } from '../visitors/service.ts';
import { accountState, setDisabled } from './repository.ts';
import { updateProfile } from './service.ts';

/**
 * An operator's acts on an account, run by scripts/account.ts through the write runner against the
 * production database and bus.
 */

/**
 * Disabling an account (users.disabled, which every list, login and session lookup already
 * honours): a disabled user cannot sign in, every session of theirs is deleted, their open sockets
 * and hint streams on every instance are closed at once (the Effect's sessionsEnded), and they
 * disappear from visitor lists and event counts as if they hid. Enabling gives the account back;
 * the user signs in again.
 */
export async function setAccountDisabled(trx: Tx, userId: number, disabled: boolean): Promise<Effect> {
  const user = await accountState(trx, userId);
  if (!user || user.deleted) throw new DomainError('not_found', 'user');
  // Disabling again still announces the end: an operator re-runs it when a socket outlived a lost
  // announcement, and this closes it.
  const ended = disabled ? { sessionsEnded: [{ userId }] } : {};
  if (user.disabled === disabled) return { ids: [], collections: [], userIds: [userId], ...ended };
  await setDisabled(trx, userId, disabled);
  if (disabled) {
    await deleteSessionsOf(trx, userId);
    await deleteSocketPasses(trx, userId);
  }
  // Event documents count visitors by city and country without disabled people, so the events
  // the user takes part in get new revs, as a privacy switch does (profile/service.ts), once their
  // kept counts are recounted.
  await recountPeopleOf(trx, userId);
  await touchEventsOf(trx, userId);
  return {
    ids: await visitorDocIdsOf(trx, userId),
    collections: ['visitors', 'events'],
    userIds: [userId],
    ...ended,
  };
}

/**
 * An operator's correction of a person's name, for a name that impersonates somebody or was stored
 * before names were cleaned. It goes through the profile service, so it is cleaned and checked like
 * the user's own edit (contract/names.ts) and reaches every device through the change feed.
 */
export async function renameAccount(trx: Tx, userId: number, name: { first_name: string; last_name?: string }): Promise<Effect> {
  return updateProfile(trx, userId, name);
}
