import { sql } from 'kysely';
import { cleanName } from '../../../contract/names.ts';
import type { Tx } from '../tx.ts';
import { CATEGORIES, CITIES, COUNTRIES } from './demo-data.ts';
import { nth } from './lists.ts';
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
      const ret = returned[i];
      if (!ret || !same(row, ret)) throw new Error('seed: RETURNING came back out of order');
      ids.push(ret.id);
    });
  });
  return ids;
}

/** The counters events carry, computed from exactly the rows written below. */
export function counters(e: EventPlan) {
  const agreed = e.appointments.filter((a) => a.response === 1);
  return {
    favorites_count: e.participants.filter((p) => p.is_favorite).length,
    // A meeting is an agreed appointment; requests, refusals and cancellations are not meetings.
    meetings_count: agreed.length,
    visitors_with_appointments_count: new Set(agreed.flatMap((a) => [a.from, a.to])).size,
  };
}

const json = (v: unknown) => JSON.stringify(v);

/** Countries, cities and categories: the reference rows every event points at. */
export async function writeReference(trx: Tx): Promise<void> {
  await trx
    .insertInto('countries')
    .values(COUNTRIES)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('cities')
    .values(CITIES)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('categories')
    .values(CATEGORIES)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * The people of the plan (and the organisers' companies events name): accounts are not made by the
 * admin area, so they go in as rows. Answers the new ids in plan order.
 */
export async function writePeople(trx: Tx, plan: SeedPlan, passwordHash: string): Promise<{ userIds: number[]; organiserIds: number[] }> {
  const userIds = await insertIds(
    plan.users,
    (chunk) =>
      trx
        .insertInto('users')
        // Names go in as every other entry point stores them (contract/names.ts).
        .values(
          chunk.map(({ avatar: _avatar, social, ...u }) => ({
            ...u,
            first_name: cleanName(u.first_name),
            last_name: cleanName(u.last_name),
            social: json(social),
            password_hash: passwordHash,
          })),
        )
        .returning(['id', 'email'])
        .execute(),
    (u, r) => u.email === r.email,
  );
  const uid = (i: number) => nth(userIds, i, 'user id');
  // Drawn avatars live at a path built from the id, which exists only now.
  await inChunks(plan.users.map((u, i) => (u.avatar ? uid(i) : 0)).filter(Boolean), (ids) =>
    trx.updateTable('users').set({ avatar: sql<string>`'/files/avatars/' || id || '.svg'` }).where('id', 'in', ids).execute(),
  );

  const organiserIds = await insertIds(
    plan.organisers,
    (chunk) =>
      trx
        .insertInto('companies')
        .values(chunk.map((o) => ({ ...o, event_id: null })))
        .returning(['id', 'name'])
        .execute(),
    (o, r) => o.name === r.name,
  );

  return { userIds, organiserIds };
}

/**
 * What a demo event has that the organisers' area does not make: its organising company, the
 * stand-in stream Foyer serves itself at /live/<slug> (the admin area takes only http(s) streams),
 * whether the address is public, its price, and the counters of the rows written after it. The
 * event itself, its programme, meeting settings, categories and stands are made through the same
 * services as the admin area (server/domain/seed.ts).
 */
export async function writeEventExtras(trx: Tx, eventId: number, e: EventPlan, organiserId: number | null): Promise<void> {
  await trx
    .updateTable('events')
    .set({
      company_id: organiserId,
      webinar_link: e.webinar_link,
      video_type: e.video_type,
      where_text: e.where_text,
      place_public: e.place_public,
      ticket_min_price: e.ticket_min_price,
      currency: e.currency,
      created_at: e.created_at,
      ...counters(e),
    })
    .where('id', '=', eventId)
    .execute();
}

/** The demo's drawn logos (/files/logos/<id>.svg), which are not uploads: on the stands that have one. */
export async function writeDrawnLogos(trx: Tx, standIds: number[]): Promise<void> {
  await inChunks(standIds, (ids) =>
    trx
      .updateTable('companies')
      .set({ image: sql<string>`'/files/logos/' || id || '.svg'`, image_thumb: sql<string>`'/files/logos/' || id || '.svg'` })
      .where('id', 'in', ids)
      .execute(),
  );
}

/**
 * Everything the events' people did: taking part, tickets, meetings, chat, trips, and the ticket
 * designs. The admin area makes none of these; they go in as rows, many at a time. The event rows
 * exist already (`eventIds` in plan order); their programmes and stands come after, since the admin
 * area names speakers and stand members by id only among the event's people (seed.ts).
 */
export async function writeEventActivity(trx: Tx, plan: SeedPlan, userIds: number[], eventIds: number[], now: Date): Promise<void> {
  const uid = (i: number) => nth(userIds, i, 'user id');
  const eid = (i: number) => nth(eventIds, i, 'event id');
  const participation = plan.events.flatMap((e, i) => e.participants.map(({ user, ...p }) => ({ ...p, event_id: eid(i), user_id: uid(user) })));
  // The organiser's own row exists already (the event's creation made it); the plan's is the whole truth.
  await inChunks(participation, (chunk) =>
    trx
      .insertInto('user_events')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['event_id', 'user_id']).doUpdateSet((eb) => ({
          role: eb.ref('excluded.role'),
          menu_id: eb.ref('excluded.menu_id'),
          is_owner: eb.ref('excluded.is_owner'),
          is_moderator: eb.ref('excluded.is_moderator'),
          is_favorite: eb.ref('excluded.is_favorite'),
          checked_in: eb.ref('excluded.checked_in'),
          checked_in_at: eb.ref('excluded.checked_in_at'),
          viewed_at: eb.ref('excluded.viewed_at'),
          about: eb.ref('excluded.about'),
          interest: eb.ref('excluded.interest'),
        })),
      )
      .execute(),
  );

  await inChunks(
    plan.events.map((e, i) => ({ event_id: eid(i), settings: json(e.design), updated_at: e.created_at })),
    (chunk) => trx.insertInto('ticket_designs').values(chunk).execute(),
  );

  const tickets = plan.events.flatMap((e, i) =>
    e.tickets.map(({ user, ...t }) => {
      const u = nth(plan.users, user, 'user');
      return {
        ...t,
        event_id: eid(i),
        user_id: uid(user),
        name: `${u.first_name} ${u.last_name}`,
        company: u.company,
        position: u.position,
        currency: e.currency,
      };
    }),
  );
  await inChunks(tickets, (chunk) => trx.insertInto('tickets').values(chunk).execute());

  const appointments = plan.events.flatMap((e, i) =>
    e.appointments.map(({ from, to, canceled_by, ...a }) => ({
      ...a,
      event_id: eid(i),
      from_user_id: uid(from),
      to_user_id: uid(to),
      canceled_by: canceled_by === null ? null : uid(canceled_by),
      updated_at: a.occurred_at,
    })),
  );
  await inChunks(appointments, (chunk) => trx.insertInto('appointments').values(chunk).execute());

  const comments = plan.events.flatMap((e, i) => e.comments.map((c) => ({ ...c, event_id: eid(i), user_id: uid(c.user) })));
  const commentIds = await insertIds(
    comments,
    (chunk) =>
      trx
        .insertInto('chat_comments')
        .values(
          chunk.map((c) => ({
            event_id: c.event_id,
            user_id: c.user_id,
            comment: c.text,
            created_at: c.created_at,
            received_at: c.created_at,
            likes_count: c.likes.filter((l) => l.type === 1).length,
            dislikes_count: c.likes.filter((l) => l.type === 2).length,
            deleted_by: c.deleted_by === null ? null : uid(c.deleted_by),
            deleted: c.deleted_by !== null,
          })),
        )
        .returning(['id', 'user_id'])
        .execute(),
    (c, r) => c.user_id === r.user_id,
  );
  const likes = comments.flatMap((c, i) => c.likes.map((l) => ({ comment_id: nth(commentIds, i, 'comment id'), user_id: uid(l.user), like_type: l.type })));
  await inChunks(likes, (chunk) => trx.insertInto('comment_likes').values(chunk).execute());
  const blocks = plan.events.flatMap((e, i) =>
    e.blocks.map((b) => ({ event_id: eid(i), user_id: uid(b.user), blocked_by: uid(b.blocked_by), reason: b.reason, created_at: b.created_at })),
  );
  await inChunks(blocks, (chunk) => trx.insertInto('chat_blocks').values(chunk).execute());

  const trips = plan.events.flatMap((e, i) => e.trips.map(({ user, ...t }) => ({ ...t, event_id: eid(i), user_id: uid(user), updated_at: e.created_at })));
  await inChunks(trips, (chunk) => trx.insertInto('trips').values(chunk).execute());

  // A dialog stores the smaller user id as user_a; the flags follow whoever ends up on each side.
  const dialogs = plan.dialogs.map((d) => {
    const [x, y] = d.users.map(uid) as [number, number];
    const [a, b] = x < y ? [x, y] : [y, x];
    const by = (list: number[], side: number) => list.some((u) => uid(u) === side);
    return {
      user_a: a,
      user_b: b,
      starred_by_a: by(d.starred_by, a),
      starred_by_b: by(d.starred_by, b),
      muted_by_a: by(d.muted_by, a),
      muted_by_b: by(d.muted_by, b),
      last_message_at: d.messages[d.messages.length - 1]?.created_at ?? null,
    };
  });
  const dialogIds = await insertIds(
    dialogs,
    (chunk) => trx.insertInto('dialogs').values(chunk).returning(['id', 'user_a', 'user_b']).execute(),
    (d, r) => d.user_a === r.user_a && d.user_b === r.user_b,
  );
  const messages = plan.dialogs.flatMap((d, i) =>
    d.messages.map((m) => ({
      dialog_id: nth(dialogIds, i, 'dialog id'),
      sender_id: uid(m.sender),
      text: m.text,
      created_at: m.created_at,
      received_at: m.created_at,
      read_at: m.read_at,
    })),
  );
  await inChunks(messages, (chunk) => trx.insertInto('messages').values(chunk).execute());

  const relations = plan.relations.map((r) => ({ user_id: uid(r.user), target_user_id: uid(r.target), like_status: r.like_status, favorite: r.favorite }));
  await inChunks(relations, (chunk) => trx.insertInto('user_relations').values(chunk).execute());
  // Friendships date from the last few months; the database clock would make two runs differ.
  const friends = plan.friends.flatMap(([a, b], i) => {
    const created_at = new Date(now.getTime() - (((i * 7) % 120) + 1) * 86_400_000);
    return [
      { user_id: uid(a), friend_id: uid(b), created_at },
      { user_id: uid(b), friend_id: uid(a), created_at },
    ];
  });
  await inChunks(friends, (chunk) => trx.insertInto('friends').values(chunk).execute());
}
