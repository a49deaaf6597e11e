import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { startProxy, type Fault, type ProxiedRequest, type TestProxy } from '../fixtures/proxy.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { Device, differences, seededRandom } from '../fixtures/device.ts';
import { signIn } from '../fixtures/sign-in.ts';
import { waitFor } from '../fixtures/wait.ts';
import { addDays, localDateOf, zonedToUnix } from '../../contract/appointments.ts';
import type { CommandKind } from '../../contract/commands.ts';
import { approvedMeeting } from './chat-helpers.ts';

/**
 * Several full clients, each in its own realm behind its own faulty network, doing random queued
 * actions for a while: two visitors (favorites, likes, meeting requests and answers, messages,
 * comments, comment likes) and a door-staff device scanning tickets. Their networks go away at
 * random and, while up, delay, drop, cut, duplicate and blackhole requests at random. Afterwards,
 * with every network healthy and every outbox empty, each device must hold exactly what the
 * server serves it, and every action must exist on the server exactly once.
 *
 * The run is random but seeded: the seed is printed, and FOYER_CHAOS_SEED replays it.
 */

const SEED = process.env.FOYER_CHAOS_SEED ? Number(process.env.FOYER_CHAOS_SEED) : Math.floor(Math.random() * 2 ** 31);
/** How long the devices act under faults. */
const CHAOS_MS = Number(process.env.FOYER_CHAOS_MS ?? 20_000);

let server: TestServer & { url: string };
const devices: Device[] = [];
const proxies: TestProxy[] = [];

beforeAll(async () => {
  server = await startTestServer({ listen: true });
}, 120_000);
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  await Promise.all(proxies.map((p) => p.close()));
  await server?.close();
});

const KYIV = 'Europe/Kyiv';
const DAY = addDays(localDateOf(Math.floor(Date.now() / 1000), KYIV), 2);
const SLOTS = ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15'].map((t) => zonedToUnix(DAY, t, KYIV));

interface Sent {
  device: string;
  userId: number;
  id: string;
  kind: CommandKind;
  payload: Record<string, unknown>;
}

/** A random fault for one request, or none; the live stream is only cut or dropped, never held. */
function faultPicker(random: () => number): (req: ProxiedRequest) => Fault | null {
  return (req) => {
    const r = random();
    if (r > 0.2) return null;
    const stream = req.path.startsWith('/sync/v1/stream');
    const kinds: Fault['kind'][] = stream ? ['drop', 'cut'] : ['drop', 'cut', 'duplicate', 'lose', 'status', 'blackhole'];
    const kind = kinds[Math.floor(random() * kinds.length)]!;
    switch (kind) {
      case 'cut':
        return { kind, bytes: Math.floor(random() * 300) };
      case 'status':
        return { kind, status: random() < 0.5 ? 503 : 502 };
      default:
        return { kind } as Fault;
    }
  };
}

describe('chaos: several devices, random offline windows and network faults', () => {
  it('converges and applies every acknowledged action exactly once', async () => {
    console.log(`faults-chaos seed ${SEED} (replay with FOYER_CHAOS_SEED=${SEED})`);
    const t0 = Date.now();
    const step = (what: string) => console.log(`faults-chaos +${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
    const random = seededRandom(SEED);
    const db = server.app.db;

    // One paid event with meeting times, two visitors holding tickets, a door-staff member and a
    // few more ticket holders for the door to scan; a second event where the visitors met, so
    // they may write to each other.
    const event = await createEvent(db, { is_free: false, starts_in_hours: -1, duration_hours: 24 * 5 });
    await db
      .insertInto('meeting_settings')
      .values({ event_id: event.id, tables_count: 3, places: '{}', allowed_times: JSON.stringify([{ day: DAY, from: '10:00', to: '12:00' }]) })
      .execute();
    const other = await createEvent(db);
    const [ua, ub, owner, staff] = await Promise.all([
      createUser(db, { first_name: 'Anna' }),
      createUser(db, { first_name: 'Bohdan' }),
      createUser(db),
      createUser(db),
    ]);
    await db.insertInto('user_events').values({ event_id: event.id, user_id: owner.id, is_owner: true, role: 'organizer' }).execute();
    const holders = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    const tickets: { id: number; code: string }[] = [];
    for (const u of [ua, ub, ...holders]) tickets.push(await createTicket(db, event.id, u.id));
    await db
      .insertInto('user_events')
      .values([ua, ub, ...holders].map((u) => ({ event_id: event.id, user_id: u.id, checked_in: true })))
      .execute();
    await approvedMeeting(db, other.id, ua.id, ub.id);
    const [a, b, o, s] = await Promise.all([
      signIn(server.url, ua.email),
      signIn(server.url, ub.email),
      signIn(server.url, owner.email),
      signIn(server.url, staff.email),
    ]);
    // Named by id, the door worker must be among the event's people (admin/invitations.ts): registered.
    await db.insertInto('user_events').values({ event_id: event.id, user_id: s.user.id, checked_in: true }).execute();
    const named = await server.app.inject({
      method: 'POST',
      url: '/api/checkin/staff',
      headers: { authorization: `Bearer ${o.token}` },
      payload: { event_id: event.id, user_id: s.user.id },
    });
    expect(named.json()).toMatchObject({ status_code: 200 });
    const seedComment = await server.app.inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: { authorization: `Bearer ${o.token}` },
      payload: {
        commands: [
          { id: `chaos-seed-comment-${SEED}`, kind: 'comment.add', payload: { event_id: event.id, comment: 'Welcome!' }, occurredAt: new Date().toISOString() },
        ],
      },
    });
    expect(seedComment.json().results[0]).toMatchObject({ status: 'applied' });

    const people = [
      { auth: a, name: 'anna' },
      { auth: b, name: 'bohdan' },
      { auth: s, name: 'door' },
    ];
    for (let i = 0; i < people.length; i++) proxies.push(await startProxy(server.url, { random }));
    devices.push(
      ...(await Promise.all(
        people.map((p, i) =>
          Device.open({
            name: `${p.name}-${SEED}`,
            baseUrl: proxies[i]!.url,
            token: p.auth.token,
            user: p.auth.user,
            // A blackholed request is given up after this; production waits 30 s.
            requestTimeoutMs: 2000,
            retryBaseMs: 100,
            retryMaxMs: 1000,
          }),
        ),
      )),
    );
    const [da, dbb, door] = devices as [Device, Device, Device];
    step('devices open');
    await door.openDoor(event.id);
    await waitFor(
      'the visitors synced their event scopes',
      async () => (await da.status()).keys.includes(`comments@${event.id}`) && (await dbb.status()).keys.includes(`comments@${event.id}`),
      90_000,
    );
    await waitFor("the door's tickets", async () => Object.keys(await door.docs('door_tickets')).length === tickets.length, 90_000);

    step('devices synced');
    const sent: Sent[] = [];
    const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const send = async (device: Device, userId: number, kind: CommandKind, payload: Record<string, unknown>) => {
      const entry = await device.enqueue(kind, payload as never);
      sent.push({ device: device.name, userId, id: entry.id, kind, payload });
    };

    /** One random action of a visitor, picked from what their device shows now. */
    const visitorAction = async (rnd: () => number, device: Device, me: number, peer: number) => {
      const r = rnd();
      if (r < 0.12) return send(device, me, 'event.favorite', { event_id: pick(rnd, [event.id, other.id]), favorite: rnd() < 0.5 });
      if (r < 0.22) return send(device, me, 'visitor.like', { user_id: pick(rnd, [peer, ...holders.map((h) => h.id)]), status: pick(rnd, [1, 2] as const) });
      if (r < 0.3) return send(device, me, 'visitor.favorite', { user_id: pick(rnd, [peer, ...holders.map((h) => h.id)]), favorite: rnd() < 0.5 });
      if (r < 0.42) {
        const slot = pick(rnd, SLOTS);
        return send(device, me, 'appointment.request', {
          event_id: event.id,
          user_id: pick(rnd, [peer, ...holders.map((h) => h.id)]),
          date: DAY,
          comment: `at ${slot}`,
          any_time: false,
          time_start: slot,
          time_end: slot + 900,
        });
      }
      if (r < 0.52) {
        const mine = Object.values(await device.docs('appointments')).filter((x) => x.to_user_id === me && x.state === 'pending');
        if (mine.length) {
          const m = pick(rnd, mine);
          return rnd() < 0.6
            ? send(device, me, 'appointment.approve', { meeting_id: m.meeting_id })
            : send(device, me, 'appointment.reject', { meeting_id: m.meeting_id, reason: 'Not this time' });
        }
      }
      if (r < 0.66) return send(device, me, 'message.send', { recipient_id: peer, text: `hello ${Math.floor(rnd() * 1e6)}` });
      if (r < 0.8) return send(device, me, 'comment.add', { event_id: event.id, comment: `comment ${Math.floor(rnd() * 1e6)}` });
      const comments = Object.values(await device.docs('comments')).filter((c) => c.comment !== '');
      if (comments.length === 0) return;
      const c = pick(rnd, comments);
      return rnd() < 0.75
        ? send(device, me, 'comment.like', { comment_id: c.comment_id, like_type: pick(rnd, [1, 2] as const) })
        : send(device, me, 'comment.unlike', { comment_id: c.comment_id });
    };
    const scans: string[] = [];
    const doorAction = async (rnd: () => number) => {
      const t = pick(rnd, tickets);
      const outcome = await door.scan(event.id, rnd() < 0.1 ? `FORGED-${Math.floor(rnd() * 1000)}` : t.code);
      if (outcome.scanId) scans.push(outcome.scanId);
    };

    // The chaos: every device acts on its own schedule while its network comes and goes.
    const until = Date.now() + CHAOS_MS;
    // One generator per proxy and per device, so a replayed seed makes each take the same steps.
    proxies.forEach((p, i) => {
      p.setRandomFaults(faultPicker(seededRandom(SEED + 1000 + i)));
    });
    const actors = devices.map(async (device, i) => {
      const proxy = proxies[i]!;
      const rnd = seededRandom(SEED + i + 1);
      let offlineUntil = 0;
      while (Date.now() < until) {
        const now = Date.now();
        if (now >= offlineUntil && rnd() < 0.08) {
          offlineUntil = now + 300 + rnd() * 2500;
          proxy.setOnline(false);
        } else if (now >= offlineUntil) proxy.setOnline(true);
        proxy.setDelay(rnd() < 0.3 ? 20 + rnd() * 200 : 0, rnd() * 150);
        if (device === door) await doorAction(rnd);
        else await visitorAction(rnd, device, device === da ? a.user.id : b.user.id, device === da ? b.user.id : a.user.id);
        await new Promise((r) => setTimeout(r, 100 + rnd() * 400));
      }
    });
    await Promise.all(actors);
    expect(sent.length + scans.length).toBeGreaterThan(20);
    const faulted = proxies.reduce((n, p) => n + p.faults.length, 0);
    console.log(`faults-chaos: ${sent.length} actions, ${scans.length} scans, ${faulted} faulted requests`);

    // Quiescence: healthy networks, empty outboxes, pulls caught up.
    for (const p of proxies) {
      p.clearFaults();
      p.setOnline(true);
    }
    for (const d of devices) await d.retry();
    step('networks healthy');
    for (const d of devices) {
      await waitFor(`${d.name}'s outbox to empty`, async () => (await d.outbox()).every((e) => e.status === 'rejected'), 60_000);
    }
    step('outboxes empty');
    let diff: string[] = [];
    await waitFor(
      'every device to agree with the server',
      async () => {
        for (const d of devices) await d.resync();
        for (const d of devices) await d.awaitInSync();
        diff = (await Promise.all(devices.map((d) => differences(d, server.url)))).flat();
        return diff.length === 0;
      },
      60_000,
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}\n${diff.slice(0, 20).join('\n')}`);
    });

    step('devices agree with the server');
    // Nothing lost: every action the devices queued has exactly one stored answer.
    const stored = await db
      .selectFrom('commands')
      .select(['user_id', 'id', 'status', 'result'])
      .where('user_id', 'in', [a.user.id, b.user.id, s.user.id])
      .execute();
    const answers = new Map(stored.map((r) => [`${r.user_id}:${r.id}`, r]));
    for (const x of sent) expect(answers.has(`${x.userId}:${x.id}`), `${x.kind} ${x.id} of ${x.device}`).toBe(true);
    for (const id of scans) expect(answers.has(`${s.user.id}:${id}`), `scan ${id}`).toBe(true);
    // What a device still shows as refused is what the server refused.
    for (const [d, userId] of [
      [da, a.user.id],
      [dbb, b.user.id],
      [door, s.user.id],
    ] as const) {
      for (const e of await d.outbox()) expect(answers.get(`${userId}:${e.id}`)?.status, `${e.kind} ${e.id}`).toBe('rejected');
    }

    // Exactly once, by what each action creates.
    const applied = (kind: CommandKind) => sent.filter((x) => x.kind === kind && answers.get(`${x.userId}:${x.id}`)?.status === 'applied');
    const countBy = async (table: 'messages' | 'chat_comments', ids: string[]) => {
      if (ids.length === 0) return new Map<string, number>();
      const rows = await db
        .selectFrom(table)
        .select(['client_id', sql<number>`count(*)::int`.as('n')])
        .where('client_id', 'in', ids)
        .groupBy('client_id')
        .execute();
      return new Map(rows.map((r) => [r.client_id!, Number(r.n)]));
    };
    const messageIds = applied('message.send').map((x) => x.id);
    const messageRows = await countBy('messages', messageIds);
    for (const id of messageIds) expect(messageRows.get(id), `message ${id}`).toBe(1);
    const commentIds = applied('comment.add').map((x) => x.id);
    const commentRows = await countBy('chat_comments', commentIds);
    for (const id of commentIds) expect(commentRows.get(id), `comment ${id}`).toBe(1);
    if (scans.length) {
      const scanRows = await db.selectFrom('checkins').select(['id']).where('id', 'in', scans).execute();
      expect(scanRows.map((r) => r.id).sort()).toEqual([...scans].sort());
    }
    // Each applied request made its own meeting, and no meeting exists that no request made.
    const resultOf = (x: Sent) => {
      const r = answers.get(`${x.userId}:${x.id}`)!.result as unknown;
      return (typeof r === 'string' ? JSON.parse(r) : r) as { ids?: string[] };
    };
    const madeIds = applied('appointment.request').map((x) => resultOf(x).ids?.[0]);
    expect(new Set(madeIds).size).toBe(madeIds.length);
    const meetings = await db.selectFrom('appointments').select('id').where('event_id', '=', event.id).execute();
    expect(meetings.map((m) => String(m.id)).sort()).toEqual([...madeIds].sort());

    // Commands that set a state leave the state of the last one applied.
    for (const [who, userId] of [
      [da, a.user.id],
      [dbb, b.user.id],
    ] as const) {
      const lastFavorite = new Map<number, boolean>();
      for (const x of applied('event.favorite').filter((y) => y.userId === userId))
        lastFavorite.set(x.payload.event_id as number, x.payload.favorite as boolean);
      for (const [eventId, favorite] of lastFavorite) {
        const row = await db.selectFrom('user_events').select('is_favorite').where('user_id', '=', userId).where('event_id', '=', eventId).executeTakeFirst();
        expect(row?.is_favorite ?? false, `${who.name} favorite of ${eventId}`).toBe(favorite);
      }
      const likes = await db
        .selectFrom('comment_likes')
        .select(['comment_id', sql<number>`count(*)::int`.as('n')])
        .where('user_id', '=', userId)
        .groupBy('comment_id')
        .execute();
      expect(likes.every((l) => Number(l.n) === 1)).toBe(true);
    }
  }, 300_000);
});
