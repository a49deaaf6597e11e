import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../fixtures/suite.ts';
import { createEvent, createUser } from '../fixtures/factories.ts';
import { devicesPerTest, waitForScope, type LocalDeviceOptions } from '../fixtures/local-device.ts';
import { signIn } from '../fixtures/sign-in.ts';
import { SCOPE_REQUEST_KEEP } from '../../sync/engine/scopes.ts';
import type { FoyerDatabase } from '../../sync/engine/database.ts';
import { writeSession } from '../../sync/engine/session.ts';
import { readScopes, releaseScope, requestScope } from '../../sync/engine/scoped.ts';
import { waitFor } from '../fixtures/wait.ts';

/**
 * Event scopes a device asks for itself (sync/engine/scoped.ts requestScope), on the real engine: a guest's
 * device replicates the companies of the events opened on it (their feed is open to guests) and
 * forgets the least recently opened beyond the kept number; a door scope of a signed-in user lasts
 * until released, and a session that ends leaves the user's own scopes alone.
 */

const server = serverPerFile({ listen: true });
const devices = devicesPerTest();
const openDevice = (auth: LocalDeviceOptions['auth']) =>
  devices.openDevice({ name: 'foyer-door-scopes', baseUrl: server.url, auth, collections: ['companies', 'door_tickets'] });

async function eventWithStands(count: number) {
  const event = await createEvent(server.app.db);
  for (let i = 0; i < count; i++) {
    await server.app.db
      .insertInto('companies')
      .values({ event_id: event.id, name: `Stand ${i + 1}`, sort: i, image: '', image_thumb: '', description: '', link: '' })
      .execute();
  }
  return event.id;
}

const standsOf = async (db: FoyerDatabase, eventId: number) => (await db.companies.find({ selector: { event_id: eventId } }).exec()).length;

describe('scopes a device asks for', () => {
  it("replicate an opened event's companies on a guest's device, and forget the least recently opened beyond the kept number", async () => {
    const keep = SCOPE_REQUEST_KEEP.companies!;
    const events: number[] = [];
    for (let i = 0; i <= keep; i++) events.push(await eventWithStands(2));
    const { db, engine } = await openDevice(null);

    await requestScope(db, 'companies', events[0]!, 1000);
    await waitFor('the first event', async () => (await standsOf(db, events[0]!)) === 2);
    await waitForScope(db, `companies@${events[0]}`);
    for (let i = 1; i <= keep; i++) await requestScope(db, 'companies', events[i]!, 1000 + i);
    await waitFor('the newest event', async () => (await standsOf(db, events[keep]!)) === 2);
    await waitFor('the oldest forgotten', async () => (await standsOf(db, events[0]!)) === 0);
    await engine.awaitScopes();
    const scopes = await readScopes(db);
    expect(scopes.held).not.toContain(`companies@${events[0]}`);
    expect(scopes.synced?.[`companies@${events[0]}`]).toBeUndefined();
    expect(scopes.held.filter((k) => k.startsWith('companies@'))).toHaveLength(keep);
  });

  it('keep a door scope until released, and leave it alone while the session has ended', async () => {
    const owner = await createUser(server.app.db);
    const event = await createEvent(server.app.db);
    await server.app.db.insertInto('user_events').values({ event_id: event.id, user_id: owner.id, is_owner: true, role: 'organizer' }).execute();
    await server.app.db
      .insertInto('tickets')
      .values({ event_id: event.id, user_id: owner.id, code: `FY-SCOPE-${event.id}`, price: 0, currency: 'UAH' })
      .execute();
    const login = await signIn(server.url, owner.email);
    let token = login.token;
    const { db, engine } = await openDevice({ user: login.user, token: () => token });
    await requestScope(db, 'door_tickets', event.id);
    await waitFor('the door ticket', async () => (await db.door_tickets.find({ selector: { event_id: event.id } }).exec()).length === 1);

    // The session ends (signed out elsewhere): the engine carries on as a guest and keeps the door's tickets.
    await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${login.token}` } });
    engine.resync();
    await waitFor('the session to end', () => engine.status.error?.code === 'auth_required');
    await engine.awaitScopes();
    expect(await db.door_tickets.find({ selector: { event_id: event.id } }).exec()).toHaveLength(1);
    expect(engine.replicationKeys).not.toContain(`door_tickets@${event.id}`);

    // Signed in again, the released scope is forgotten.
    await releaseScope(db, 'door_tickets', event.id);
    token = (await signIn(server.url, owner.email)).token;
    await writeSession(db, login.user);
    await waitFor('the released door emptied', async () => (await db.door_tickets.find({ selector: { event_id: event.id } }).exec()).length === 0);
  });
});
