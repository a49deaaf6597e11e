import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, login, type TestServer } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { approvedMeeting, commandId } from './chat-helpers.ts';

/**
 * A device whose clock is wrong dates what it queued offline on its own clock. The batch carries the
 * device's time as it was sent, and the server moves each command's time by the difference, so a
 * comment written an hour ago on a phone set a day behind is stored an hour ago, not a day and an
 * hour ago; a phone a little off (under a minute) is taken at its word.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function send(token: string, kind: string, payload: unknown, occurredAt: number, sentAt?: number) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/sync/v1/commands',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      commands: [{ id: commandId(), kind, payload, occurredAt: new Date(occurredAt).toISOString() }],
      ...(sentAt === undefined ? {} : { sentAt: new Date(sentAt).toISOString() }),
    },
  });
  expect(res.statusCode).toBe(200);
  const result = res.json().results[0];
  expect(result).toMatchObject({ status: 'applied' });
  return Number(result.ids[0]);
}

async function attendee(eventId: number) {
  const u = await createUser(s.app.db);
  await createTicket(s.app.db, eventId, u.id);
  return { id: u.id, token: (await login(s.app, u.email)).token };
}

async function commentAge(id: number): Promise<number> {
  const row = await s.app.db.selectFrom('chat_comments').select(['created_at', 'received_at']).where('id', '=', id).executeTakeFirstOrThrow();
  return row.received_at.getTime() - row.created_at.getTime();
}

describe('command times from a device with a wrong clock', () => {
  it('puts a comment queued an hour ago on a phone a day behind or a day ahead an hour back on the server clock', async () => {
    const ev = await createEvent(s.app.db);
    const a = await attendee(ev.id);
    const now = Date.now();

    const behind = await send(a.token, 'comment.add', { event_id: ev.id, comment: 'behind' }, now - DAY - HOUR, now - DAY);
    expect(Math.abs((await commentAge(behind)) - HOUR)).toBeLessThan(60_000);

    const ahead = await send(a.token, 'comment.add', { event_id: ev.id, comment: 'ahead' }, now + DAY - HOUR, now + DAY);
    expect(Math.abs((await commentAge(ahead)) - HOUR)).toBeLessThan(60_000);
  });

  it('keeps the stated time when the device does not say when it sent, or is less than a minute off', async () => {
    const ev = await createEvent(s.app.db);
    const a = await attendee(ev.id);
    const now = Date.now();

    // An older client: a day in the past is what it said, and stays.
    const legacy = await send(a.token, 'comment.add', { event_id: ev.id, comment: 'old client' }, now - DAY);
    expect(Math.abs((await commentAge(legacy)) - DAY)).toBeLessThan(60_000);

    // Thirty seconds off is the trip as much as the clock: the time is not moved.
    const close = await send(a.token, 'comment.add', { event_id: ev.id, comment: 'close' }, now - 10 * 60_000, now - 30_000);
    expect(Math.abs((await commentAge(close)) - 10 * 60_000)).toBeLessThan(5_000);

    // Nonsense in sentAt changes nothing.
    const res = await s.app.inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: { authorization: `Bearer ${a.token}` },
      payload: {
        commands: [{ id: commandId(), kind: 'comment.add', payload: { event_id: ev.id, comment: 'odd' }, occurredAt: new Date(now - HOUR).toISOString() }],
        sentAt: 'yesterday',
      },
    });
    const id = Number(res.json().results[0].ids[0]);
    expect(Math.abs((await commentAge(id)) - HOUR)).toBeLessThan(60_000);
  });

  it('dates a private message queued offline on a skewed phone on the server clock too', async () => {
    const ev = await createEvent(s.app.db);
    const a = await attendee(ev.id);
    const b = await attendee(ev.id);
    await approvedMeeting(s.app.db, ev.id, a.id, b.id);
    const now = Date.now();
    const id = await send(a.token, 'message.send', { recipient_id: b.id, text: 'see you at table 4' }, now + DAY - 2 * HOUR, now + DAY);
    const row = await s.app.db.selectFrom('messages').select('created_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Math.abs(Date.now() - row.created_at.getTime() - 2 * HOUR)).toBeLessThan(60_000);
  });
});
