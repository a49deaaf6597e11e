import { describe, expect, it } from 'vitest';
import { createEvent } from '../fixtures/factories.ts';
import { devicesBehindProxy } from '../fixtures/local-device.ts';
import { signInNewUser } from '../fixtures/sign-in.ts';
import { waitFor } from '../fixtures/wait.ts';
import { readSession } from '../../sync/engine/session.ts';
import type { ProxiedRequest } from '../fixtures/proxy.ts';

/**
 * A guest's device without the live hint stream, which takes a session: it never asks for one,
 * still says "up to date", and stays fresh by pulling the public collections on an interval, at
 * once when the app comes back to the foreground, and when the network returns. A signed-in
 * device whose stream is refused still ends the session, and then carries on as such a guest.
 */

const { server, proxy, devices } = devicesBehindProxy();

const isStream = (r: ProxiedRequest) => r.path.startsWith('/sync/v1/stream');
const eventNames = async (db: { events: { find(): { exec(): Promise<{ name: string }[]> } } }) => (await db.events.find().exec()).map((d) => d.name);

describe("a guest's device", () => {
  it('opens no stream, reaches "up to date", and picks up what changed on the next poll', async () => {
    const before = proxy.log.length;
    const guest = await devices.openDevice({ name: 'guest-poll', baseUrl: proxy.url, auth: null, collections: ['events'], guest: { pollMs: 300 } });
    await waitFor('up to date', () => guest.engine.status.state === 'idle' && guest.engine.status.lastSyncedAt !== null);
    const synced = guest.engine.status.lastSyncedAt!;

    // Written straight to the database: no hint anywhere, only the poll can bring it.
    await createEvent(server.app.db, { name: 'Polled Expo' });
    await waitFor('the new event on the guest device', async () => (await eventNames(guest.db)).includes('Polled Expo'));
    await waitFor('up to date again, later', () => guest.engine.status.state === 'idle' && guest.engine.status.lastSyncedAt! > synced);
    expect(guest.engine.status.error).toBeNull();
    expect(proxy.log.slice(before).filter(isStream)).toEqual([]);
  });

  it('pulls at once when the app comes back to the foreground or the network returns, not waiting for the interval', async () => {
    const before = proxy.log.length;
    const hour = 3600_000;
    const guest = await devices.openDevice({
      name: 'guest-wake',
      baseUrl: proxy.url,
      auth: null,
      collections: ['events'],
      guest: { pollMs: hour, foregroundMinMs: 0 },
    });
    await waitFor('up to date', () => guest.engine.status.state === 'idle');

    await createEvent(server.app.db, { name: 'Foreground Fair' });
    guest.engine.foreground();
    await waitFor('the event after coming to the foreground', async () => (await eventNames(guest.db)).includes('Foreground Fair'), 5000);

    proxy.setOnline(false);
    await createEvent(server.app.db, { name: 'Back Online Summit' });
    proxy.setOnline(true);
    // What the worker does on the browser's 'online' event.
    guest.engine.retry();
    await waitFor('the event after the network returned', async () => (await eventNames(guest.db)).includes('Back Online Summit'), 5000);
    expect(proxy.log.slice(before).filter(isStream)).toEqual([]);
  });

  it('ignores a foreground that follows a pull too closely', async () => {
    const guest = await devices.openDevice({
      name: 'guest-bounce',
      baseUrl: proxy.url,
      auth: null,
      collections: ['events'],
      guest: { pollMs: 3600_000, foregroundMinMs: 3600_000 },
    });
    await waitFor('up to date', () => guest.engine.status.state === 'idle');
    const pulls = () => proxy.log.filter((r) => r.path.startsWith('/sync/v1/events/pull') && r.authorization === null).length;
    const before = pulls();
    guest.engine.foreground();
    guest.engine.foreground();
    await new Promise((r) => setTimeout(r, 500));
    expect(pulls()).toBe(before);
  });
});

describe('a signed-in device', () => {
  it('ends the session when the stream answers 401, and goes on as a guest without a stream', async () => {
    const auth = await signInNewUser(server.app.db, proxy.url);
    const device = await devices.openDevice({ name: 'signed-in-401', baseUrl: proxy.url, auth, collections: ['events', 'my_events'], guest: { pollMs: 300 } });
    await waitFor('up to date', () => device.engine.status.state === 'idle');
    const mine = (r: ProxiedRequest) => isStream(r) && r.authorization === `Bearer ${auth.token}`;
    expect(proxy.log.some(mine)).toBe(true);

    // Signed out elsewhere: the server ends the stream, the device reconnects, and is refused.
    await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${auth.token}` } });
    await waitFor('the session to end', async () => (await readSession(device.db)).ended === 'expired');
    await waitFor('the auth error', () => device.engine.status.error?.code === 'auth_required');
    const streamsSoFar = proxy.log.filter(isStream).length;

    // As a guest it polls: a new event arrives, and it never asks for a stream again.
    await createEvent(server.app.db, { name: 'After Logout Gala' });
    await waitFor('the event as a guest', async () => (await eventNames(device.db)).includes('After Logout Gala'));
    expect(proxy.log.filter(isStream).length).toBe(streamsSoFar);
  });
});
