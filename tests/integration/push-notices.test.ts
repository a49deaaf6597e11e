import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../../contract/appointments.ts';
import { PUSH_SUBSCRIPTIONS_MAX, type PushMessage } from '../../contract/push.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { browser, startPushServiceDouble, type BrowserKeys, type PushServiceDouble } from '../fixtures/push-service-double.ts';
import { login, startTestServer, type TestServer } from '../fixtures/server.ts';
import { waitFor } from '../fixtures/wait.ts';
import { remindersDue } from '../../server/domain/notices/push-reminders.ts';

/**
 * Web Push (issue 31): a meeting request, an answer and a message reach the other person's
 * subscribed browsers through the push service — here a TEST DOUBLE of one (fixtures/
 * push-service-double.ts), which decrypts what it receives as the browser would — in that person's
 * language, only as their `notify_push` switches allow, carrying who and when but never what was
 * written. A browser the push service forgot (410) is forgotten too; signing out ends the pushes.
 */

let s: TestServer;
let pushService: PushServiceDouble;
beforeAll(async () => {
  pushService = await startPushServiceDouble();
  // The double listens on 127.0.0.1, which no real push service does: allowed for this server only.
  s = await startTestServer({ pushAgent: pushService.agent, config: { pushServiceHosts: ['127.0.0.1'] } });
});
afterAll(async () => {
  await s?.close();
  await pushService?.close();
});

interface Person {
  id: number;
  token: string;
  keys: BrowserKeys;
  endpoint: string;
}

async function person(eventId: number, first: string): Promise<Person> {
  const u = await createUser(s.app.db, { first_name: first, last_name: 'Tester' });
  await createTicket(s.app.db, eventId, u.id);
  const name = `${first.toLowerCase()}-${u.id}`;
  return { id: u.id, token: (await login(s.app, u.email)).token, keys: browser(), endpoint: pushService.endpoint(name) };
}

async function command(who: Person, kind: string, payload: unknown) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/sync/v1/commands',
    headers: { authorization: `Bearer ${who.token}` },
    payload: { commands: [{ id: `p-${randomUUID()}`, kind, payload, occurredAt: new Date().toISOString() }] },
  });
  return res.json().results[0] as { status: string; ids?: string[]; code?: string };
}

async function send(who: Person, kind: string, payload: unknown) {
  const r = await command(who, kind, payload);
  expect(r, `${kind}: ${r.code}`).toMatchObject({ status: 'applied' });
  return r;
}

const subscribe = (who: Person) => send(who, 'push.subscribe', { endpoint: who.endpoint, p256dh: who.keys.p256dh, auth: who.keys.auth });

/** Every push the double received for this person's browser, decrypted, once the writes' jobs are done. */
async function pushesTo(who: Person): Promise<PushMessage[]> {
  await s.app.writer.drain();
  const path = new URL(who.endpoint).pathname;
  return pushService.received.filter((r) => r.path === path).map((r) => JSON.parse(who.keys.decrypt(r.body)) as PushMessage);
}

describe('notice pushes', () => {
  it('serve one VAPID public key, generated once and kept', async () => {
    const anna = await person((await createEvent(s.app.db)).id, 'Key');
    const ask = () => s.app.inject({ method: 'GET', url: '/api/push/key', headers: { authorization: `Bearer ${anna.token}` } }).then((r) => r.json());
    const first = await ask();
    expect(first.data.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await ask()).data.public_key).toBe(first.data.public_key);
    expect((await s.app.inject({ method: 'GET', url: '/api/push/key' })).json().status_code).toBe(403);
  });

  it('push a meeting request once, in the recipient language, and stop when the kind is switched off', async () => {
    const ev = await createEvent(s.app.db, { starts_in_hours: 72, duration_hours: 8 });
    const date = localDateOf(Math.floor(Date.now() / 1000) + 3 * 86_400 + 3600, 'Europe/Kyiv');
    const [anna, bohdan, chrystia] = [await person(ev.id, 'Anna'), await person(ev.id, 'Bohdan'), await person(ev.id, 'Chrystia')];
    await send(bohdan, 'profile.update', { locale: 'en' });
    await subscribe(bohdan);

    const request = { event_id: ev.id, user_id: bohdan.id, date, any_time: true, comment: 'About the secret merger' };
    const meeting = Number((await send(anna, 'appointment.request', request)).ids?.[0]);
    const [asked, ...more] = await waitFor('the request push', () => pushesTo(bohdan).then((l) => (l.length ? l : null)));
    expect(more).toEqual([]);
    expect(asked).toMatchObject({ kind: 'meeting', title: 'Anna Tester asks to meet you', tag: `meeting-${meeting}` });
    expect(asked?.url).toBe(`/en/profile/mymeeting?event_id=${ev.id}&meeting_id=${meeting}`);
    // Who and when, for the lock screen: not what the request said.
    expect(JSON.stringify(asked)).not.toContain('merger');
    // The web-push protocol: VAPID-signed, encrypted, urgent, kept a day at most.
    const raw = pushService.received.at(-1);
    expect(raw?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(raw?.headers.authorization)).toMatch(/^vapid t=.+, k=.+$/);
    expect(raw?.headers.ttl).toBe('86400');

    // Bohdan switches meeting requests off: Chrystia's request pushes nothing.
    await send(bohdan, 'profile.update', { notify_push: { meeting_request: false } });
    await send(chrystia, 'appointment.request', { ...request, comment: '' });
    expect(await pushesTo(bohdan)).toHaveLength(1);

    // Anna chose no language: Bohdan's answer comes in the product's default, Ukrainian.
    await subscribe(anna);
    await send(bohdan, 'appointment.approve', { meeting_id: meeting });
    const answer = await waitFor('the answer push', () => pushesTo(anna).then((l) => l[0]));
    expect(answer).toMatchObject({ kind: 'meeting', title: 'Зустріч прийнято: Bohdan Tester' });
    expect(answer.url).toMatch(/^\/uk\/profile\/mymeeting\?/);

    // A message still pushes to Bohdan, naming its sender and not its text.
    await send(anna, 'message.send', { recipient_id: bohdan.id, text: 'My phone number is 555-0199' });
    const message = await waitFor('the message push', () => pushesTo(bohdan).then((l) => l[1]));
    expect(message).toMatchObject({ kind: 'message', title: 'New message from Anna Tester', body: 'Open Foyer to read it' });
    expect(JSON.stringify(message)).not.toContain('555');
  });

  it('remind both people of an accepted meeting once, as the switch of each allows', async () => {
    const ev = await createEvent(s.app.db, { starts_in_hours: 72, duration_hours: 8 });
    const date = localDateOf(Math.floor(Date.now() / 1000) + 3 * 86_400 + 3600, 'Europe/Kyiv');
    const [anna, bohdan] = [await person(ev.id, 'Anna'), await person(ev.id, 'Bohdan')];
    await send(bohdan, 'profile.update', { locale: 'en' });
    const meeting = Number((await send(anna, 'appointment.request', { event_id: ev.id, user_id: bohdan.id, date, any_time: true })).ids?.[0]);
    await send(bohdan, 'appointment.approve', { meeting_id: meeting });
    await Promise.all([subscribe(anna), subscribe(bohdan)]);
    await send(anna, 'profile.update', { notify_push: { meeting_reminder: false } });
    // The meeting is moved to five minutes from now, inside the reminder's lead.
    const startsAt = new Date(Date.now() + 5 * 60_000);
    await s.app.db
      .updateTable('appointments')
      .set({ starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 30 * 60_000), any_time: false })
      .where('id', '=', meeting)
      .execute();

    const sweep = () => s.app.writer.run((trx) => remindersDue(trx, new Date()));
    // Two sweeps at once (on PostgreSQL, two transactions, as two instances would run them), then a later one.
    await Promise.all([sweep(), sweep()]);
    await sweep();
    const reminders = (await pushesTo(bohdan)).filter((m) => m.kind === 'reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ title: 'Meeting with Anna Tester soon', tag: `meeting-${meeting}` });
    // Anna switched reminders off.
    expect((await pushesTo(anna)).filter((m) => m.kind === 'reminder')).toEqual([]);
  });

  it('forget a browser the push service forgot, and one whose session signed out', async () => {
    const ev = await createEvent(s.app.db, { starts_in_hours: 72, duration_hours: 8 });
    const [anna, bohdan] = [await person(ev.id, 'Anna'), await person(ev.id, 'Bohdan')];
    await subscribe(anna);
    await subscribe(bohdan);
    const rows = (userId: number) => s.app.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute();

    pushService.gone(new URL(anna.endpoint).pathname.replace('/push/', ''));
    const date = localDateOf(Math.floor(Date.now() / 1000) + 3 * 86_400 + 3600, 'Europe/Kyiv');
    await send(bohdan, 'appointment.request', { event_id: ev.id, user_id: anna.id, date, any_time: true });
    await waitFor('the gone subscription removed', async () => (await rows(anna.id)).length === 0);

    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${bohdan.token}` } });
    expect(await rows(bohdan.id)).toEqual([]);
  });

  it('refuse keys that cannot encrypt, endpoints that are not https and endpoints off the push services, changing nothing', async () => {
    const anna = await person((await createEvent(s.app.db)).id, 'Anna');
    const bad = await command(anna, 'push.subscribe', { endpoint: anna.endpoint, p256dh: 'A'.repeat(87), auth: anna.keys.auth });
    expect(bad).toMatchObject({ status: 'rejected', code: 'push_subscription_invalid' });
    const plain = await command(anna, 'push.subscribe', { endpoint: 'http://127.0.0.1:9/x', p256dh: anna.keys.p256dh, auth: anna.keys.auth });
    expect(plain).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    // The server would POST to it: an address inside the network is no push service.
    for (const inside of [
      'https://10.0.0.7/push/x',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1.evil.example/p',
      'https://localhost:8443/p',
    ]) {
      const refused = await command(anna, 'push.subscribe', { endpoint: inside, p256dh: anna.keys.p256dh, auth: anna.keys.auth });
      expect(refused, inside).toMatchObject({ status: 'rejected', code: 'push_subscription_invalid' });
    }
    expect(await s.app.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', anna.id).execute()).toEqual([]);

    // A script subscribing browser after browser keeps only the newest PUSH_SUBSCRIPTIONS_MAX.
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_MAX + 3; i++) {
      const keys = browser();
      await send(anna, 'push.subscribe', { endpoint: pushService.endpoint(`script-${anna.id}-${i}`), p256dh: keys.p256dh, auth: keys.auth });
    }
    const kept = await s.app.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', anna.id).execute();
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    expect(kept.map((r) => r.endpoint)).toContain(pushService.endpoint(`script-${anna.id}-${PUSH_SUBSCRIPTIONS_MAX + 2}`));
  });
});
