import { sql } from 'kysely';
import type { Tx } from '../tx.ts';
import { CATEGORIES, CITIES, COUNTRIES } from './demo-data.ts';
import type { EventPlan, SeedPlan } from './plan.ts';

/**
 * Rows per INSERT. Big enough that a 5,000-visitor event is a few dozen statements, small enough to
 * stay far below PostgreSQL's 65,535 bind parameters for the widest table (users, ~25 columns).
 */
const CHUNK = 500;

async function inChunks<T>(rows: T[], fn: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await fn(rows.slice(i, i + CHUNK));
}

/**
 * Inserts with RETURNING and pairs each planned row with its new id. PostgreSQL returns a multi-row
 * VALUES insert in input order (Django's bulk_create relies on the same), and `same` checks it row by
 * row anyway, so a mix-up fails loudly instead of wiring a ticket to the wrong person.
 */
async function insertIds<T, R extends { id: number }>(rows: T[], fn: (chunk: T[]) => Promise<R[]>, same: (row: T, ret: R) => boolean): Promise<number[]> {
  const ids: number[] = [];
  await inChunks(rows, async (chunk) => {
    const returned = await fn(chunk);
    if (returned.length !== chunk.length) throw new Error(`seed: inserted ${chunk.length} rows, got ${returned.length} back`);
    chunk.forEach((row, i) => {
      if (!same(row, returned[i]!)) throw new Error('seed: RETURNING came back out of order');
      ids.push(returned[i]!.id);
    });
  });
  return ids;
}

/** The counters events carry, computed from exactly the rows written below. */
export function counters(e: EventPlan) {
  const agreed = e.appointments.filter((a) => a.response === 1);
  return {
    total_people: e.participants.filter((p) => p.checked_in).length,
    favorites_count: e.participants.filter((p) => p.is_favorite).length,
    // A meeting is an agreed appointment; requests, refusals and cancellations are not meetings.
    meetings_count: agreed.length,
    visitors_with_appointments_count: new Set(agreed.flatMap((a) => [a.from, a.to])).size,
  };
}

const json = (v: unknown) => JSON.stringify(v);

export async function writePlan(trx: Tx, plan: SeedPlan, passwordHash: string, now: Date): Promise<void> {
  await trx.insertInto('countries').values(COUNTRIES).onConflict((oc) => oc.doNothing()).execute();
  await trx.insertInto('cities').values(CITIES).onConflict((oc) => oc.doNothing()).execute();
  await trx.insertInto('categories').values(CATEGORIES).onConflict((oc) => oc.doNothing()).execute();

  const userIds = await insertIds(
    plan.users,
    (chunk) =>
      trx
        .insertInto('users')
        .values(chunk.map(({ avatar: _avatar, social, ...u }) => ({ ...u, social: json(social), password_hash: passwordHash })))
        .returning(['id', 'email'])
        .execute(),
    (u, r) => u.email === r.email,
  );
  const uid = (i: number) => userIds[i]!;
  // Drawn avatars live at a path built from the id, which exists only now.
  await inChunks(plan.users.map((u, i) => (u.avatar ? uid(i) : 0)).filter(Boolean), (ids) =>
    trx.updateTable('users').set({ avatar: sql<string>`'/files/avatars/' || id || '.svg'` }).where('id', 'in', ids).execute(),
  );

  const organiserIds = await insertIds(
    plan.organisers,
    (chunk) => trx.insertInto('companies').values(chunk.map((o) => ({ ...o, event_id: null }))).returning(['id', 'name']).execute(),
    (o, r) => o.name === r.name,
  );

  const eventIds = await insertIds(
    plan.events,
    (chunk) =>
      trx
        .insertInto('events')
        .values(
          chunk.map((e) => ({
            name: e.name, category_id: e.category_id, city_id: e.city_id, starts_at: e.starts_at, ends_at: e.ends_at,
            timezone: e.timezone, is_webinar: e.is_webinar, webinar_link: e.webinar_link, video_type: e.video_type,
            where_text: e.where_text, address: e.address, place_public: e.place_public, place_name: e.place_name,
            place_address: e.place_address, description: e.description, ticket_min_price: e.ticket_min_price,
            currency: e.currency, is_free: e.is_free, company_id: organiserIds[e.organiser] ?? null,
            options: json({ broadcast_background: '', menu: e.menu }), created_at: e.created_at, ...counters(e),
          })),
        )
        .returning(['id', 'name'])
        .execute(),
    (e, r) => e.name === r.name,
  );

  const stands = plan.events.flatMap((e, i) => e.stands.map((s) => ({ ...s, event_id: eventIds[i]! })));
  const standIds = await insertIds(
    stands,
    (chunk) =>
      trx
        .insertInto('companies')
        .values(chunk.map(({ members: _m, logo: _l, ...s }) => s))
        .returning(['id', 'name', 'event_id'])
        .execute(),
    (s, r) => s.name === r.name && s.event_id === r.event_id,
  );
  await inChunks(stands.map((s, i) => (s.logo ? standIds[i]! : 0)).filter(Boolean), (ids) =>
    trx
      .updateTable('companies')
      .set({ image: sql<string>`'/files/logos/' || id || '.svg'`, image_thumb: sql<string>`'/files/logos/' || id || '.svg'` })
      .where('id', 'in', ids)
      .execute(),
  );
  const members = stands.flatMap((s, i) => s.members.map((m) => ({ ...m, user_id: uid(m.user), company_id: standIds[i]! })));
  await inChunks(members, (chunk) => trx.insertInto('stand_members').values(chunk.map(({ user: _u, ...m }) => m)).execute());

  const participation = plan.events.flatMap((e, i) => e.participants.map(({ user, ...p }) => ({ ...p, event_id: eventIds[i]!, user_id: uid(user) })));
  await inChunks(participation, (chunk) => trx.insertInto('user_events').values(chunk).execute());

  const days = plan.events.flatMap((e, i) => e.days.map((d) => ({ event_id: eventIds[i]!, date: d.date, title: d.title })));
  await inChunks(days, (chunk) => trx.insertInto('schedule_days').values(chunk).execute());

  const tracks = plan.events.flatMap((e, i) => e.tracks.map((t) => ({ ...t, event_id: eventIds[i]! })));
  const trackIds = await insertIds(
    tracks,
    (chunk) => trx.insertInto('tracks').values(chunk.map(({ speeches: _s, ...t }) => t)).returning(['id', 'title', 'event_id']).execute(),
    (t, r) => t.title === r.title && t.event_id === r.event_id,
  );
  const speeches = tracks.flatMap((t, i) => t.speeches.map((s) => ({ ...s, event_id: t.event_id, track_id: trackIds[i]! })));
  const speechIds = await insertIds(
    speeches,
    (chunk) =>
      trx
        .insertInto('speeches')
        .values(chunk.map(({ speakers: _s, day, start, end, ...s }) => ({ ...s, day_date: day, starts_at: start, ends_at: end })))
        .returning(['id', 'title', 'track_id'])
        .execute(),
    (s, r) => s.title === r.title && s.track_id === r.track_id,
  );
  const speakers = speeches.flatMap((s, i) => s.speakers.map((u, k) => ({ speech_id: speechIds[i]!, user_id: uid(u), sort: k + 1 })));
  await inChunks(speakers, (chunk) => trx.insertInto('speech_speakers').values(chunk).execute());

  await inChunks(
    plan.events.map((e, i) => ({ event_id: eventIds[i]!, slot_minutes: e.meeting.slot_minutes, tables_count: e.meeting.tables_count, places: json(e.meeting.places), allowed_times: json(e.meeting.allowed_times) })),
    (chunk) => trx.insertInto('meeting_settings').values(chunk).execute(),
  );
  await inChunks(plan.events.map((e, i) => ({ event_id: eventIds[i]!, settings: json(e.design), updated_at: e.created_at })), (chunk) => trx.insertInto('ticket_designs').values(chunk).execute());

  const tickets = plan.events.flatMap((e, i) =>
    e.tickets.map(({ user, ...t }) => {
      const u = plan.users[user]!;
      return { ...t, event_id: eventIds[i]!, user_id: uid(user), name: `${u.first_name} ${u.last_name}`, company: u.company, position: u.position, currency: e.currency };
    }),
  );
  await inChunks(tickets, (chunk) => trx.insertInto('tickets').values(chunk).execute());

  const appointments = plan.events.flatMap((e, i) =>
    e.appointments.map(({ from, to, canceled_by, ...a }) => ({
      ...a, event_id: eventIds[i]!, from_user_id: uid(from), to_user_id: uid(to),
      canceled_by: canceled_by === null ? null : uid(canceled_by), updated_at: a.occurred_at,
    })),
  );
  await inChunks(appointments, (chunk) => trx.insertInto('appointments').values(chunk).execute());

  const comments = plan.events.flatMap((e, i) => e.comments.map((c) => ({ ...c, event_id: eventIds[i]!, user_id: uid(c.user) })));
  const commentIds = await insertIds(
    comments,
    (chunk) =>
      trx
        .insertInto('chat_comments')
        .values(
          chunk.map((c) => ({
            event_id: c.event_id, user_id: c.user_id, comment: c.text, created_at: c.created_at, received_at: c.created_at,
            likes_count: c.likes.filter((l) => l.type === 1).length, dislikes_count: c.likes.filter((l) => l.type === 2).length,
            deleted_by: c.deleted_by === null ? null : uid(c.deleted_by), deleted: c.deleted_by !== null,
          })),
        )
        .returning(['id', 'user_id'])
        .execute(),
    (c, r) => c.user_id === r.user_id,
  );
  const likes = comments.flatMap((c, i) => c.likes.map((l) => ({ comment_id: commentIds[i]!, user_id: uid(l.user), like_type: l.type })));
  await inChunks(likes, (chunk) => trx.insertInto('comment_likes').values(chunk).execute());
  const blocks = plan.events.flatMap((e, i) => e.blocks.map((b) => ({ event_id: eventIds[i]!, user_id: uid(b.user), blocked_by: uid(b.blocked_by), reason: b.reason, created_at: b.created_at })));
  await inChunks(blocks, (chunk) => trx.insertInto('chat_blocks').values(chunk).execute());

  const trips = plan.events.flatMap((e, i) => e.trips.map(({ user, ...t }) => ({ ...t, event_id: eventIds[i]!, user_id: uid(user), updated_at: e.created_at })));
  await inChunks(trips, (chunk) => trx.insertInto('trips').values(chunk).execute());

  // A dialog stores the smaller user id as user_a; the flags follow whoever ends up on each side.
  const dialogs = plan.dialogs.map((d) => {
    const [x, y] = d.users.map(uid) as [number, number];
    const [a, b] = x < y ? [x, y] : [y, x];
    const by = (list: number[], side: number) => list.some((u) => uid(u) === side);
    return {
      user_a: a, user_b: b,
      starred_by_a: by(d.starred_by, a), starred_by_b: by(d.starred_by, b), muted_by_a: by(d.muted_by, a), muted_by_b: by(d.muted_by, b),
      last_message_at: d.messages[d.messages.length - 1]?.created_at ?? null,
    };
  });
  const dialogIds = await insertIds(
    dialogs,
    (chunk) => trx.insertInto('dialogs').values(chunk).returning(['id', 'user_a', 'user_b']).execute(),
    (d, r) => d.user_a === r.user_a && d.user_b === r.user_b,
  );
  const messages = plan.dialogs.flatMap((d, i) =>
    d.messages.map((m) => ({ dialog_id: dialogIds[i]!, sender_id: uid(m.sender), text: m.text, created_at: m.created_at, received_at: m.created_at, read_at: m.read_at })),
  );
  await inChunks(messages, (chunk) => trx.insertInto('messages').values(chunk).execute());

  const relations = plan.relations.map((r) => ({ user_id: uid(r.user), target_user_id: uid(r.target), like_status: r.like_status, favorite: r.favorite }));
  await inChunks(relations, (chunk) => trx.insertInto('user_relations').values(chunk).execute());
  // Friendships date from the last few months; the database clock would make two runs differ.
  const friends = plan.friends.flatMap(([a, b], i) => {
    const created_at = new Date(now.getTime() - ((i * 7) % 120 + 1) * 86_400_000);
    return [{ user_id: uid(a), friend_id: uid(b), created_at }, { user_id: uid(b), friend_id: uid(a), created_at }];
  });
  await inChunks(friends, (chunk) => trx.insertInto('friends').values(chunk).execute());
}
