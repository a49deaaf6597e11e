import type { Updateable } from 'kysely';
import type { Q, Tx } from '../../db/tx.ts';
import type { UsersTable } from '../../db/types.ts';

/** SQL of accounts and the user's own profile. */

/** One account by id; each lookup selects what it needs. */
function user(q: Q, userId: number) {
  return q.selectFrom('users').where('id', '=', userId);
}

/** Whether an account exists, is disabled or removed; undefined when the id names nobody. */
export async function accountState(q: Q, userId: number) {
  return user(q, userId).select(['id', 'disabled', 'deleted']).executeTakeFirst();
}

/** The account an email names, whatever case it was typed in; removed accounts left out when `live`. */
export async function accountByEmail(q: Q, email: string, opts: { live?: boolean } = {}) {
  let query = q
    .selectFrom('users')
    .select(['id', 'password_hash', 'disabled', 'deleted'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()));
  if (opts.live) query = query.where('deleted', '=', false);
  return query.executeTakeFirst();
}

/** The fields of the profile the rules compare a change with. */
export async function profileState(trx: Tx, userId: number) {
  return user(trx, userId)
    .select(['social', 'notify_email', 'notify_push', 'deleted', 'disabled', 'hide_from_visitors', 'city_id', 'country_code'])
    .executeTakeFirst();
}

export async function cityCountry(q: Q, cityId: number): Promise<string | undefined> {
  return (await q.selectFrom('cities').select('country_code').where('id', '=', cityId).executeTakeFirst())?.country_code;
}

export async function countryExists(q: Q, code: string): Promise<boolean> {
  return (await q.selectFrom('countries').select('code').where('code', '=', code).executeTakeFirst()) !== undefined;
}

/** The country of the user's current city, if they have one. */
export async function currentCityCountry(q: Q, userId: number): Promise<string | null | undefined> {
  const current = await q
    .selectFrom('users')
    .leftJoin('cities', 'cities.id', 'users.city_id')
    .select('cities.country_code')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return current?.country_code;
}

export async function updateUser(trx: Tx, userId: number, changes: Updateable<UsersTable>): Promise<void> {
  await trx.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** The private fields only the person sees on their own profile. */
export async function ownFields(q: Q, userId: number) {
  return user(q, userId)
    .select([
      'email',
      'birth_year',
      'show_email',
      'hide_phone',
      'hide_trip_plan',
      'hide_from_visitors',
      'show_personal',
      'email_verified',
      'locale',
      'notify_email',
      'notify_push',
    ])
    .executeTakeFirstOrThrow();
}

export async function fullName(q: Q, userId: number): Promise<{ first_name: string; last_name: string } | undefined> {
  return user(q, userId).select(['first_name', 'last_name']).executeTakeFirst();
}

/** Whom another user's event list may show: a hidden or disabled account shows none. */
export async function listedState(q: Q, userId: number) {
  return user(q, userId).select(['hide_from_visitors', 'disabled', 'deleted']).executeTakeFirst();
}

/** A disabled account keeps its row; its sessions and unused socket passes go. */
export async function setDisabled(trx: Tx, userId: number, disabled: boolean): Promise<void> {
  await trx.updateTable('users').set({ disabled }).where('id', '=', userId).execute();
}
