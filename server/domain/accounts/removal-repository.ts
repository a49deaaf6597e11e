import type { Q, Tx } from '../../db/tx.ts';

/** SQL of "delete my account": what the export gathers and what removal changes. */

/** Everything the account row holds, but its password hash. */
export async function accountRow(q: Q, userId: number) {
  return q
    .selectFrom('users')
    .select([
      'id',
      'email',
      'email_verified',
      'first_name',
      'last_name',
      'avatar',
      'country_code',
      'city_id',
      'phone',
      'position',
      'company',
      'help',
      'status',
      'show_status',
      'trip_status',
      'hobby',
      'sex',
      'birth_year',
      'social',
      'show_email',
      'hide_phone',
      'hide_trip_plan',
      'hide_from_visitors',
      'locale',
      'notify_email',
      'created_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The person's own records, for the export: each list is theirs or one they are a party to. */
export async function ownRecords(q: Q, userId: number) {
  const [events, tickets, appointments, dialogs, messages, comments, relations, trips] = await Promise.all([
    q
      .selectFrom('user_events')
      .select(['event_id', 'role', 'is_owner', 'is_favorite', 'checked_in', 'checked_in_at', 'viewed_at', 'about', 'interest'])
      .where('user_id', '=', userId)
      .where('deleted', '=', false)
      .execute(),
    q
      .selectFrom('tickets')
      .select(['id', 'event_id', 'code', 'type', 'name', 'company', 'position', 'price', 'currency', 'status', 'invalid', 'created_at'])
      .where('user_id', '=', userId)
      .where('deleted', '=', false)
      .execute(),
    q
      .selectFrom('appointments')
      .select([
        'id',
        'event_id',
        'from_user_id',
        'to_user_id',
        'date',
        'starts_at',
        'ends_at',
        'comment',
        'response',
        'response_msg',
        'where_text',
        'request_date',
      ])
      .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
      .where('deleted', '=', false)
      .execute(),
    q
      .selectFrom('dialogs')
      .select(['id', 'user_a', 'user_b', 'last_message_at'])
      .where((eb) => eb.or([eb('user_a', '=', userId), eb('user_b', '=', userId)]))
      .where('deleted', '=', false)
      .execute(),
    q
      .selectFrom('messages')
      .innerJoin('dialogs', 'dialogs.id', 'messages.dialog_id')
      .select(['messages.id', 'messages.dialog_id', 'messages.sender_id', 'messages.text', 'messages.created_at', 'messages.read_at'])
      .where((eb) => eb.or([eb('dialogs.user_a', '=', userId), eb('dialogs.user_b', '=', userId)]))
      .where('messages.deleted', '=', false)
      .orderBy('messages.id')
      .execute(),
    q
      .selectFrom('chat_comments')
      .select(['id', 'event_id', 'comment', 'image', 'created_at'])
      .where('user_id', '=', userId)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
    q.selectFrom('user_relations').select(['target_user_id', 'like_status', 'favorite']).where('user_id', '=', userId).where('deleted', '=', false).execute(),
    q.selectFrom('trips').select(['event_id', 'hotel', 'transport_before', 'transport_after', 'updated_at']).where('user_id', '=', userId).execute(),
  ]);
  return { events, tickets, appointments, dialogs, messages, comments, relations, trips };
}

/**
 * The account row emptied of everything that names or reaches the person, and marked deleted
 * (which every list, session lookup and login already honours). The row itself stays: other
 * people's meetings, messages and door scans point at it.
 */
export async function anonymiseAccount(trx: Tx, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      // The address is freed for a new sign-up; what stands in cannot receive mail (RFC 2606).
      email: `deleted-${userId}@deleted.invalid`,
      password_hash: '!',
      email_verified: false,
      first_name: '',
      last_name: '',
      avatar: '',
      country_code: null,
      city_id: null,
      phone: '',
      position: '',
      company: '',
      help: '',
      status: '',
      hobby: '',
      sex: null,
      birth_year: null,
      social: '{}',
      locale: '',
      notify_email: '{}',
      hide_from_visitors: true,
      deleted: true,
    })
    .where('id', '=', userId)
    .execute();
}

/** Rows that belong to the person alone go: their notes on others, their trip plans, their links. */
export async function removeOwnRows(trx: Tx, userId: number): Promise<void> {
  await trx.updateTable('user_relations').set({ deleted: true }).where('user_id', '=', userId).execute();
  await trx.deleteFrom('trips').where('user_id', '=', userId).execute();
  await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
  // Holder details printed on tickets name the person; the tickets stay for the door's records.
  await trx.updateTable('tickets').set({ name: '', company: '', position: '' }).where('user_id', '=', userId).execute();
}

/**
 * Other people's records that show the person (their meetings, dialogs, the event chat) get new
 * revs, so their devices pull them again and show the emptied name.
 */
export async function touchSharedRecords(trx: Tx, userId: number): Promise<void> {
  // Notices about what the person did: their documents move (050_notifications.sql) and show no name.
  await trx
    .updateTable('notifications')
    .set((eb) => ({ actor_id: eb.ref('actor_id') }))
    .where('actor_id', '=', userId)
    .execute();
  await trx
    .updateTable('appointments')
    .set((eb) => ({ id: eb.ref('id') }))
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .execute();
  await trx
    .updateTable('dialogs')
    .set((eb) => ({ id: eb.ref('id') }))
    .where((eb) => eb.or([eb('user_a', '=', userId), eb('user_b', '=', userId)]))
    .execute();
  await trx
    .updateTable('chat_comments')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('user_id', '=', userId)
    .execute();
}

/** Whoever shares a meeting or a dialog with the person: their devices hold records that show them. */
export async function partnersOf(q: Q, userId: number): Promise<number[]> {
  const meetings = await q
    .selectFrom('appointments')
    .select(['from_user_id', 'to_user_id'])
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .execute();
  const dialogs = await q
    .selectFrom('dialogs')
    .select(['user_a', 'user_b'])
    .where((eb) => eb.or([eb('user_a', '=', userId), eb('user_b', '=', userId)]))
    .execute();
  const ids = new Set<number>();
  for (const m of meetings) ids.add(m.from_user_id === userId ? m.to_user_id : m.from_user_id);
  for (const d of dialogs) ids.add(d.user_a === userId ? d.user_b : d.user_a);
  ids.delete(userId);
  return [...ids];
}

/** Sets the avatar URL and answers the one it replaces. */
export async function setAvatar(trx: Tx, userId: number, url: string): Promise<string> {
  const before = await trx.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst();
  await trx.updateTable('users').set({ avatar: url }).where('id', '=', userId).execute();
  return before?.avatar ?? '';
}

// Places for the settings page ------------------------------------------------------------------

export async function countriesList(q: Q) {
  return q.selectFrom('countries').select(['code', 'name']).orderBy('name').execute();
}

export async function citiesOf(q: Q, countryCode: string, limit: number) {
  return q.selectFrom('cities').select(['id', 'name']).where('country_code', '=', countryCode).orderBy('name').limit(limit).execute();
}
