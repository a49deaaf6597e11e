import { sql } from 'kysely';
import type { Q } from '../../db/tx.ts';

/**
 * SQL of the account export ("download my data" before deletion): every table that holds a row
 * about the person, each list theirs or one they are a party to. docs/DESIGN.md "What deleting an
 * account keeps" lists the tables and what deletion does to each; a table added there belongs here.
 */

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
      'notify_push',
      'referral_code',
      'created_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Orders the person placed, each with its lines (the attendee details asked for each ticket). */
async function ordersOf(q: Q, userId: number) {
  const r = await sql<{
    id: number;
    code: string;
    event_id: number;
    state: string;
    method: string;
    total: number;
    currency: string;
    email: string;
    locale: string;
    created_at: Date;
    expires_at: Date | null;
    paid_at: Date | null;
    ended_at: Date | null;
    lines: unknown;
  }>`SELECT o.id, o.code, o.event_id, o.state, o.method, o.total, trim(o.currency) AS currency, o.email, o.locale,
      o.created_at, o.expires_at, o.paid_at, o.ended_at,
      coalesce((SELECT json_agg(json_build_object('type', l.type_name, 'price', l.price, 'name', l.name, 'company', l.company,
        'position', l.position, 'ticket_id', l.ticket_id) ORDER BY l.id) FROM order_lines l WHERE l.order_id = o.id), '[]'::json) AS lines
    FROM orders o WHERE o.user_id = ${userId} ORDER BY o.id`.execute(q);
  return r.rows.map((o) => ({ ...o, total: Number(o.total), lines: typeof o.lines === 'string' ? (JSON.parse(o.lines) as unknown) : o.lines }));
}

/** The person's own records, for the export. */
export async function ownRecords(q: Q, userId: number) {
  const [events, tickets, orders, appointments, dialogs, messages, comments, relations, trips] = await Promise.all([
    q
      .selectFrom('user_events')
      .select(['event_id', 'role', 'is_owner', 'is_moderator', 'is_favorite', 'checked_in', 'checked_in_at', 'viewed_at', 'about', 'interest'])
      .where('user_id', '=', userId)
      .where('deleted', '=', false)
      .execute(),
    q
      .selectFrom('tickets')
      .select(['id', 'event_id', 'order_id', 'code', 'type', 'name', 'company', 'position', 'price', 'currency', 'place', 'status', 'invalid', 'created_at'])
      .where('user_id', '=', userId)
      .where('deleted', '=', false)
      .orderBy('id')
      .execute(),
    ordersOf(q, userId),
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
    // The contacts met by QR ride on the same rows: who, where, when, what they shared and the person's note.
    q
      .selectFrom('user_relations')
      .select(['target_user_id', 'like_status', 'favorite', 'contact_at', 'contact_event_id', 'contact_card', 'contact_note'])
      .where('user_id', '=', userId)
      .where('deleted', '=', false)
      .execute(),
    q.selectFrom('trips').select(['event_id', 'hotel', 'transport_before', 'transport_after', 'image', 'updated_at']).where('user_id', '=', userId).execute(),
  ]);
  return { events, tickets, orders, appointments, dialogs, messages, comments, relations, trips, ...(await moreRecords(q, userId)) };
}

/** The rest: the person's notes, notices, links, roles and the devices signed in as them. */
async function moreRecords(q: Q, userId: number) {
  const [starred_speeches, calendar_feed, notifications, referrals, invitations, stands, door_staff, chat_blocks, comment_votes, chat_pictures, devices] =
    await Promise.all([
      q.selectFrom('speech_stars').select(['event_id', 'speech_id', 'created_at']).where('user_id', '=', userId).execute(),
      q.selectFrom('calendar_feeds').select(['created_at', 'polled_at']).where('user_id', '=', userId).executeTakeFirst(),
      q
        .selectFrom('notifications')
        .select(['event_id', 'kind', 'actor_id', 'meeting_id', 'comment_id', 'count', 'text', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      q
        .selectFrom('referrals')
        .select(['user_id', 'event_id', 'referrer_id', 'via', 'created_at', 'ticketed_at'])
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('referrer_id', '=', userId)]))
        .execute(),
      q
        .selectFrom('event_invitations')
        .select(['event_id', 'email', 'role', 'created_at', 'expires_at', 'accepted_at'])
        .where('accepted_by', '=', userId)
        .execute(),
      q.selectFrom('stand_members').select(['company_id', 'position', 'is_manager']).where('user_id', '=', userId).execute(),
      q.selectFrom('door_staff').select(['event_id', 'created_at']).where('user_id', '=', userId).execute(),
      q.selectFrom('chat_blocks').select(['event_id', 'active', 'reason', 'created_at']).where('user_id', '=', userId).execute(),
      q.selectFrom('comment_likes').select(['comment_id', 'like_type']).where('user_id', '=', userId).execute(),
      q.selectFrom('chat_uploads').select(['name', 'event_id', 'comment_id', 'created_at']).where('user_id', '=', userId).execute(),
      q.selectFrom('sessions').select(['user_agent', 'created_at', 'expires_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
    ]);
  return {
    starred_speeches,
    calendar_feed: calendar_feed ?? null,
    notifications,
    referrals,
    invitations,
    stands,
    door_staff,
    chat_blocks,
    comment_votes,
    chat_pictures,
    devices,
  };
}
