import { sql } from 'kysely';
import type { Q, Tx } from '../../db/tx.ts';

/** SQL of "delete my account": what removal changes (what the export gathers: export-repository.ts). */

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
      notify_push: '{}',
      hide_from_visitors: true,
      deleted: true,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Rows that belong to the person alone go: their notes on others and on talks, their trip plans,
 * their notices, links, feeds and handoffs, their stored command answers, their unposted pictures.
 */
export async function removeOwnRows(trx: Tx, userId: number, email: string): Promise<void> {
  await trx.updateTable('user_relations').set({ deleted: true }).where('user_id', '=', userId).execute();
  // The card the person gave others by QR (066_contacts.sql) carries their name, email and phone:
  // it leaves every list with them, and those devices drop it on their next pull.
  await trx
    .updateTable('user_relations')
    .set({ contact_at: null, contact_event_id: null, contact_card: null, contact_note: '' })
    .where('target_user_id', '=', userId)
    .where('contact_at', 'is not', null)
    .execute();
  // So does every stand that scanned them as a lead (068_stand_leads.sql); the stand's rev moves.
  await trx.updateTable('stand_leads').set({ card: null, note: '', rating: 0 }).where('user_id', '=', userId).where('card', 'is not', null).execute();
  await trx.deleteFrom('trips').where('user_id', '=', userId).execute();
  await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('session_handoffs').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await trx.deleteFrom('speech_stars').where('user_id', '=', userId).execute();
  await trx.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('commands').where('user_id', '=', userId).execute();
  await trx.deleteFrom('chat_uploads').where('user_id', '=', userId).execute();
  await trx
    .deleteFrom('friends')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
    .execute();
  // Invitations still waiting for the address; an accepted one keeps its role, not the address.
  await trx
    .deleteFrom('event_invitations')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where('accepted_at', 'is', null)
    .execute();
  await trx
    .updateTable('event_invitations')
    .set({ email: `deleted-${userId}@deleted.invalid` })
    .where('accepted_by', '=', userId)
    .execute();
}

/**
 * What names the person in rows that stay: the holder details printed on tickets and asked for
 * each order line, the address an order was confirmed to, what they wrote about themselves for an
 * event, their job title on a stand. Orders keep what accounting needs (code, amounts, currency,
 * dates, state, method, the provider's references), now under no identity.
 */
export async function clearPersonalFields(trx: Tx, userId: number): Promise<void> {
  await trx.updateTable('tickets').set({ name: '', company: '', position: '' }).where('user_id', '=', userId).execute();
  await sql`UPDATE order_lines SET name = '', company = '', position = ''
    WHERE order_id IN (SELECT id FROM orders WHERE user_id = ${userId})`.execute(trx);
  await trx.updateTable('orders').set({ email: '' }).where('user_id', '=', userId).execute();
  await trx
    .updateTable('user_events')
    .set({ about: '', interest: '' })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('about', '<>', ''), eb('interest', '<>', '')]))
    .execute();
  await trx.updateTable('stand_members').set({ position: '' }).where('user_id', '=', userId).execute();
  // Comments stay for the people they were written to; the pictures in them go (removal.ts).
  await trx.updateTable('chat_comments').set({ image: '' }).where('user_id', '=', userId).where('image', '<>', '').execute();
}

/** The pending orders the person holds: each holds tickets nobody else can buy. */
export async function pendingOrdersOf(q: Q, userId: number): Promise<number[]> {
  const rows = await q.selectFrom('orders').select('id').where('user_id', '=', userId).where('state', '=', 'pending').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** The files of pictures the person uploaded: their avatar, chat pictures (posted or not), trip pictures. */
export async function picturesOf(q: Q, userId: number): Promise<{ avatar: string; chat: string[]; trips: string[] }> {
  const [user, chat, trips] = await Promise.all([
    q.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst(),
    q.selectFrom('chat_uploads').select('name').where('user_id', '=', userId).execute(),
    q.selectFrom('trips').select('image').where('user_id', '=', userId).where('image', '<>', '').execute(),
  ]);
  return { avatar: user?.avatar ?? '', chat: chat.map((r) => r.name), trips: trips.map((r) => r.image) };
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
  // People who met the person by QR hold their card, which the removal empties.
  const met = await q.selectFrom('user_relations').select('user_id').where('target_user_id', '=', userId).where('contact_at', 'is not', null).execute();
  const ids = new Set<number>(met.map((r) => r.user_id));
  for (const m of meetings) ids.add(m.from_user_id === userId ? m.to_user_id : m.from_user_id);
  for (const d of dialogs) ids.add(d.user_a === userId ? d.user_b : d.user_a);
  ids.delete(userId);
  return [...ids];
}
