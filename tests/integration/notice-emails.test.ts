import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../../contract/appointments.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { mailsTo, waitForMail } from '../fixtures/mail.ts';
import { login, ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import { waitFor } from '../fixtures/wait.ts';

/**
 * Notice emails (issue 15): a meeting asked for, answered or called off, and a new message reach
 * the other person by email too, when their settings say so (`notify_email`, notifyEmailOn), in
 * their language, from the sync commands and the legacy calls alike. A conversation mails once
 * when it starts waiting for its reader, not once per message.
 */

let s: TestServer;
const dataDir = ownDataDir('notice-emails');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());

async function person(eventId: number, first: string) {
  const u = await createUser(s.app.db, { first_name: first, last_name: 'Tester' });
  await createTicket(s.app.db, eventId, u.id);
  return { id: u.id, email: u.email, token: (await login(s.app, u.email)).token };
}
type Person = Awaited<ReturnType<typeof person>>;

async function send(who: Person, kind: string, payload: unknown) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/sync/v1/commands',
    headers: { authorization: `Bearer ${who.token}` },
    payload: { commands: [{ id: `n-${randomUUID()}`, kind, payload, occurredAt: new Date().toISOString() }] },
  });
  const r = res.json().results[0];
  expect(r, kind).toMatchObject({ status: 'applied' });
  return r as { ids: string[] };
}

describe('notice emails', () => {
  it('tell the other person of a meeting and a message, as their settings allow, once per conversation', async () => {
    const start = Math.floor(Date.now() / 1000) + 3 * 86_400;
    const ev = await createEvent(s.app.db, { starts_in_hours: 72, duration_hours: 8 });
    const date = localDateOf(start + 3600, 'Europe/Kyiv');
    const anna = await person(ev.id, 'Anna');
    const bohdan = await person(ev.id, 'Bohdan');
    await send(bohdan, 'profile.update', { locale: 'en' });

    // A request: Bohdan (English) is asked, by email too.
    const meeting = Number((await send(anna, 'appointment.request', { event_id: ev.id, user_id: bohdan.id, date, any_time: true })).ids[0]);
    const asked = await waitForMail(dataDir, bohdan.email);
    expect(asked.subject).toMatch(/^Anna Tester asks to meet you at Event \d+$/);
    expect(asked.text).toContain(`/en/profile/mymeeting?event_id=${ev.id}&meeting_id=${meeting}`);

    // Anna wants no answers by email; messages still. Bohdan accepts, then writes twice.
    await send(anna, 'profile.update', { notify_email: { meeting_answer: false } });
    await send(bohdan, 'appointment.approve', { meeting_id: meeting });
    await send(bohdan, 'message.send', { recipient_id: anna.id, text: 'See you at the stand' });
    await send(bohdan, 'message.send', { recipient_id: anna.id, text: 'I am by the entrance' });
    const message = await waitForMail(dataDir, anna.email);
    // Anna chose no language: the product's default, Ukrainian.
    expect(message.subject).toBe('Нове повідомлення від Bohdan Tester');
    expect(message.text).toContain(`/uk/profile/mymessages?user_id=${bohdan.id}`);

    // Once Anna has read the conversation, the next message mails again.
    await send(anna, 'dialog.read', { user_id: bohdan.id });
    await send(bohdan, 'message.send', { recipient_id: anna.id, text: 'Still here' });
    await waitForMail(dataDir, anna.email, 2);

    // Through the legacy call: Anna calls the meeting off, and Bohdan is told why.
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/meetings/reject-meeting',
      headers: { authorization: `Bearer ${anna.token}` },
      payload: { meeting_id: meeting, reason: 'My train is late' },
    });
    expect(res.json().status_code).toBe(200);
    const off = await waitFor('the cancellation mail', () => mailsTo(dataDir, bohdan.email).find((m) => m.subject.includes('called off')) ?? null);
    expect(off.text).toContain('Reason: My train is late');

    // Anna got exactly the two message mails: not the answer she turned off, not one per message.
    expect(mailsTo(dataDir, anna.email).map((m) => m.subject)).toEqual(['Нове повідомлення від Bohdan Tester', 'Нове повідомлення від Bohdan Tester']);
  });
});
