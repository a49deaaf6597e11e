import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { devicesPerFile, proxyPerFile, serverPerFile } from '../fixtures/suite.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { Device, differences } from '../fixtures/device.ts';
import { signIn } from '../fixtures/sign-in.ts';
import { waitFor } from '../fixtures/wait.ts';
import { addDays, localDateOf, zonedToUnix } from '../../contract/appointments.ts';

/**
 * Devices whose clocks are a day ahead and a day behind (Date is shifted in their realms only).
 * What the server decides must not depend on them: commands apply once, checkpoints (the
 * server's revs) keep advancing, a door scan keeps the device's time as when it was scanned while
 * the time it arrived is the server's, and the notification clock neither floods the user with old
 * news nor swallows new news.
 */

const DAY_MS = 24 * 3600 * 1000;
const KYIV = 'Europe/Kyiv';
const MEETING_DAY = addDays(localDateOf(Math.floor(Date.now() / 1000), KYIV), 3);
const slot = (time: string) => zonedToUnix(MEETING_DAY, time, KYIV);

const server = serverPerFile({ listen: true }, 120_000);
const proxy = proxyPerFile(server);
const devices = devicesPerFile();

async function command(token: string, id: string, kind: string, payload: unknown) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/sync/v1/commands',
    headers: { authorization: `Bearer ${token}` },
    payload: { commands: [{ id, kind, payload, occurredAt: new Date().toISOString() }] },
  });
  return res.json().results[0] as { status: string; code?: string; ids?: string[] };
}

describe('client clocks a day off', () => {
  it('apply commands once, advance checkpoints, keep scan times apart and raise no storms', async () => {
    const db = server.app.db;
    const event = await createEvent(db, { is_free: false, starts_in_hours: -1, duration_hours: 24 * 6 });
    await db
      .insertInto('meeting_settings')
      .values({ event_id: event.id, tables_count: 3, places: '{}', allowed_times: JSON.stringify([{ day: MEETING_DAY, from: '10:00', to: '12:00' }]) })
      .execute();
    const [ua, ub, uc, holder] = await Promise.all([createUser(db), createUser(db), createUser(db), createUser(db)]);
    // The two skewed users own the event (so their devices are doors too); a third person is on time.
    await db
      .insertInto('user_events')
      .values([
        { event_id: event.id, user_id: ua.id, is_owner: true, checked_in: true },
        { event_id: event.id, user_id: ub.id, is_owner: true, checked_in: true },
        { event_id: event.id, user_id: uc.id, checked_in: true },
      ])
      .execute();
    const ticket = await createTicket(db, event.id, holder.id);
    // Meetings at a paid event need tickets, owners' included.
    for (const u of [ua, ub, uc]) await createTicket(db, event.id, u.id);
    const [a, b, c] = await Promise.all([signIn(server.url, ua.email), signIn(server.url, ub.email), signIn(server.url, uc.email)]);

    // History: a request to the user behind, made two hours before their device first starts.
    const old = await command(c.token, 'clock-history-request', 'appointment.request', {
      event_id: event.id,
      user_id: b.user.id,
      date: MEETING_DAY,
      any_time: false,
      time_start: slot('11:00'),
      time_end: slot('11:00') + 900,
    });
    expect(old.code ?? old.status).toBe('applied');
    await sql`UPDATE appointments SET request_date = now() - interval '2 hours' WHERE id = ${Number(old.ids![0])}`.execute(db);

    const open = (name: string, auth: typeof a, offset: number) =>
      Device.open({ name, baseUrl: proxy.url, token: auth.token, user: auth.user, clockOffsetMs: offset, clock: true });
    const [ahead, behind] = await Promise.all([open('ahead', a, DAY_MS), open('behind', b, -DAY_MS)]);
    devices.push(ahead, behind);
    const skew = (await ahead.now()) - Date.now();
    expect(Math.abs(skew - DAY_MS)).toBeLessThan(60_000);
    expect(Math.abs((await behind.now()) - Date.now() + DAY_MS)).toBeLessThan(60_000);
    await Promise.all([ahead.openDoor(event.id), behind.openDoor(event.id)]);
    await waitFor(
      'both doors hold the ticket',
      async () => (await ahead.docs('door_tickets'))[String(ticket.id)] && (await behind.docs('door_tickets'))[String(ticket.id)],
      30_000,
    );

    // Each device acts: a favorite, a comment, a meeting request to the other, a scan.
    const fav = await ahead.enqueue('event.favorite', { event_id: event.id, favorite: true });
    const comment = await behind.enqueue('comment.add', { event_id: event.id, comment: 'from yesterday' });
    const request = await behind.enqueue('appointment.request', {
      event_id: event.id,
      user_id: a.user.id,
      date: MEETING_DAY,
      any_time: false,
      time_start: slot('10:00'),
      time_end: slot('10:00') + 900,
    });
    const scanAhead = await ahead.scan(event.id, ticket.code);
    const scanBehind = await behind.scan(event.id, ticket.code);
    expect(scanAhead.result).toBe('admitted');
    expect(scanBehind.result).toBe('admitted');
    for (const d of [ahead, behind]) await waitFor(`${d.name}'s outbox to empty`, async () => (await d.outbox()).length === 0, 30_000);

    // Applied once each. Both clocks are a day off; the server moves each command's time by the
    // difference between its clock and the batch's send stamp, so both are dated on its clock.
    const stored = await db
      .selectFrom('commands')
      .select(['id', 'status', 'occurred_at', 'received_at'])
      .where('id', 'in', [fav.id, comment.id, request.id, scanAhead.scanId!, scanBehind.scanId!])
      .execute();
    expect(stored).toHaveLength(5);
    for (const r of stored) {
      expect(r.status).toBe('applied');
      expect(Math.abs(new Date(r.received_at).getTime() - Date.now())).toBeLessThan(5 * 60_000);
    }
    const occurred = new Map(stored.map((r) => [r.id, new Date(r.occurred_at!).getTime() - new Date(r.received_at).getTime()]));
    expect(Math.abs(occurred.get(fav.id)!)).toBeLessThan(5 * 60_000);
    expect(Math.abs(occurred.get(comment.id)!)).toBeLessThan(5 * 60_000);
    const scans = await db
      .selectFrom('checkins')
      .select(['id', 'scanned_at', 'received_at', 'result', 'duplicate_of'])
      .where('ticket_id', '=', ticket.id)
      .orderBy('scanned_at')
      .execute();
    expect(scans.map((s) => s.id)).toEqual([scanBehind.scanId, scanAhead.scanId]);
    for (const s of scans) expect(Math.abs(new Date(s.received_at).getTime() - Date.now())).toBeLessThan(5 * 60_000);
    expect(new Date(scans[0]!.scanned_at).getTime()).toBe(scanBehind.scannedAtMs);
    expect(new Date(scans[1]!.scanned_at).getTime()).toBe(scanAhead.scannedAtMs);
    // The earlier admission by the device's own account is the first; the other is the duplicate.
    expect(scans[1]!.duplicate_of).toBe(scanBehind.scanId);
    const comments = await db
      .selectFrom('chat_comments')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('client_id', '=', comment.id)
      .executeTakeFirstOrThrow();
    expect(Number(comments.n)).toBe(1);

    // The one ahead approves; the meeting is three days out, so neither clock has anything due.
    const meetingId = await waitFor(
      'the request on the device ahead',
      async () => {
        const m = Object.values(await ahead.docs('appointments')).find((x) => x.from_user_id === b.user.id && x.state === 'pending');
        return m?.meeting_id as number | undefined;
      },
      30_000,
    );
    await ahead.enqueue('appointment.approve', { meeting_id: meetingId });

    // Checkpoints keep advancing: a change made by someone else afterwards reaches both devices.
    expect((await command(c.token, 'clock-late-comment', 'comment.add', { event_id: event.id, comment: 'on time' })).status).toBe('applied');
    for (const d of [ahead, behind]) {
      await waitFor(`${d.name} to receive the later comment`, async () => Object.values(await d.docs('comments')).some((x) => x.comment === 'on time'), 30_000);
      await waitFor(
        `${d.name} to agree with the server`,
        async () => {
          await d.resync();
          await d.awaitInSync();
          return (await differences(d, server.url)).length === 0;
        },
        30_000,
      );
    }
    await waitFor(
      'the approval on the device behind',
      async () => Object.values(await behind.docs('appointments')).some((x) => x.meeting_id === meetingId && x.state === 'accepted'),
      30_000,
    );

    // The notification clocks: news arrives once, history not at all, and nothing is due yet.
    await new Promise((r) => setTimeout(r, 1000));
    const aheadNotices = await ahead.notices();
    const behindNotices = await behind.notices();
    const kinds = (ns: { kind: string; meetingId: number }[]) => ns.map((n) => `${n.kind}:${n.meetingId}`).sort();
    expect(kinds(aheadNotices)).toEqual([`invited:${meetingId}`]);
    expect(kinds(behindNotices)).toEqual([`approved:${meetingId}`]);
  }, 180_000);
});
