import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { localDateOf } from '../../contract/appointments.ts';
import { createTicket } from '../fixtures/factories.ts';
import { waitForMail } from '../fixtures/mail.ts';
import { login, ownDataDir, startTestServer, type TestServer } from '../fixtures/server.ts';
import type { MyEventDoc } from '../../contract/entities.ts';
import { REGISTRATION_TICKET_TYPE } from '../../contract/tickets.ts';
import { adminKit, auth, eventFields, invitationToken } from './admin-helpers.ts';

/** The organisers' people page, as far as these tests read it. */
interface People {
  people: { user_id: number; registered_at: number; door_at: number }[];
  invitations: { email: string }[];
}

/**
 * The organisers' People and Overview (server/domain/admin/people.ts): everybody who takes part,
 * with tickets, door check-in, meetings and roles; invitations by email, given at once to an
 * account and through the sign-up link to an address without one; the event's numbers.
 */

let s: TestServer;
const dataDir = ownDataDir('admin-people');
beforeAll(async () => {
  s = await startTestServer({ dataDir });
});
afterAll(async () => s?.close());
const { person, send, pull, newEvent, legacy, accept, join } = adminKit(() => s, dataDir);

const base = eventFields({ is_free: true });
const day = localDateOf(base.starts_at, 'Europe/Kyiv');

async function admit(eventId: number, owner: { id: number }, ticket: { id: number; code: string }) {
  await s.app.db
    .insertInto('checkins')
    .values({
      id: `scan-${randomUUID()}`,
      ticket_id: ticket.id,
      event_id: eventId,
      code: ticket.code,
      device_id: 'door-1',
      scanned_by: owner.id,
      result: 'admitted',
      server_result: 'admitted',
      scanned_at: new Date(),
    })
    .execute();
}

describe('people', () => {
  it('lists who takes part with tickets, door check-in, meetings and roles, to organisers only', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, { starts_at: base.starts_at, ends_at: base.ends_at }, true);
    const [going, holder, mod, stranger] = [await person(), await person(), await person(), await person()];
    expect(await send(going, 'event.checkin', { event_id: eventId })).toMatchObject({ status: 'applied' });
    const ticket = await createTicket(s.app.db, eventId, holder.id);
    await admit(eventId, owner, ticket);
    await join(owner, eventId, mod, 'moderator');
    const slots = await legacy<{ meetingAllowTimes: { times: { start: number; status: number }[] } }>(
      going,
      `/api/meetings/get-meeting-data?event_id=${eventId}&user_id=${holder.id}&date=${day}`,
    );
    const start = slots.data.meetingAllowTimes.times.find((x) => x.status === 1)!.start;
    expect(await send(going, 'appointment.request', { event_id: eventId, user_id: holder.id, date: day, time_start: start })).toMatchObject({
      status: 'applied',
    });

    const answer = await legacy<People>(owner, `/api/admin/events/${eventId}/people`);
    expect(answer.status_code).toBe(200);
    const byId = new Map(answer.data.people.map((p) => [p.user_id, p]));
    // Registering for the free event gave the ticket the door admits.
    expect(byId.get(going.id)).toMatchObject({
      email: going.email,
      registered_at: expect.any(Number),
      door_at: 0,
      meetings: 1,
      tickets: [{ type: REGISTRATION_TICKET_TYPE, status: 'valid' }],
    });
    expect(byId.get(going.id)!.registered_at).toBeGreaterThan(0);
    expect(byId.get(holder.id)).toMatchObject({ tickets: [{ type: 'standard', status: 'valid' }], meetings: 1 });
    expect(byId.get(holder.id)!.door_at).toBeGreaterThan(0);
    expect(byId.get(mod.id)).toMatchObject({ team: ['moderator'] });
    expect(byId.get(owner.id)).toMatchObject({ team: ['organizer'] });
    expect(byId.has(stranger.id)).toBe(false);
    for (const who of [stranger, mod]) {
      expect(await legacy(who, `/api/admin/events/${eventId}/people`)).toMatchObject({ error: 'organiser_required' });
      expect(await legacy(who, `/api/admin/events/${eventId}/overview`)).toMatchObject({ error: 'organiser_required' });
    }

    const overview = (
      await legacy<{ registrations: { by_day: { n: number }[] }; checkins: { by_hour: unknown[] } }>(owner, `/api/admin/events/${eventId}/overview`)
    ).data;
    expect(overview).toMatchObject({
      registrations: { people: 2, tickets: 2 },
      checkins: { admitted: 1, tickets: 2 },
      meetings: { requested: 1, agreed: 0, held: 0, declined: 0 },
      chat: { comments: 0 },
      online: 0,
      timezone: 'Europe/Kyiv',
    });
    expect(overview.registrations.by_day.reduce((n, d) => n + d.n, 0)).toBe(2);
    expect(overview.checkins.by_hour).toHaveLength(1);
  });
});

describe('invitations', () => {
  it('give an account its role once it follows the mailed link, signed in', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, {}, true);
    const guest = await person();
    const staff = await person();
    expect(await send(owner, 'people.invite.send', { event_id: eventId, email: guest.email.toUpperCase(), role: 'attendee' })).toMatchObject({
      status: 'applied',
    });
    expect(await send(owner, 'people.invite.send', { event_id: eventId, email: staff.email, role: 'door' })).toMatchObject({ status: 'applied' });
    // Nothing is given before the person accepts.
    expect((await pull(guest, 'my_events')).documents.find((d) => d.event_id === eventId)?.checked_in ?? false).toBe(false);
    expect(await s.app.db.selectFrom('door_staff').select('user_id').where('event_id', '=', eventId).execute()).toEqual([]);
    expect((await legacy<People>(owner, `/api/admin/events/${eventId}/people`)).data.invitations.map((i) => i.email).sort()).toEqual(
      [guest.email, staff.email].sort(),
    );

    const mail = await waitForMail(dataDir, guest.email);
    expect(mail.text).toContain('/invitation#invite=');
    expect(await accept(guest, await invitationToken(dataDir, guest.email))).toMatchObject({ status_code: 200, data: { event_id: eventId, role: 'attendee' } });
    expect(await accept(staff, await invitationToken(dataDir, staff.email))).toMatchObject({ status_code: 200, data: { role: 'door' } });
    expect((await pull(guest, 'my_events')).documents.find((d) => d.event_id === eventId)).toMatchObject({ checked_in: true });
    expect(await s.app.db.selectFrom('door_staff').select('user_id').where('event_id', '=', eventId).execute()).toEqual([{ user_id: staff.id }]);
    expect((await legacy<People>(owner, `/api/admin/events/${eventId}/people`)).data.invitations).toEqual([]);
    expect(await send(owner, 'people.invite.send', { event_id: eventId, email: 'not-an-email', role: 'attendee' })).toMatchObject({
      status: 'rejected',
      code: 'invalid_email',
    });
  });

  it('sign somebody without an account up through the link, verified and with the role, once', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, {}, true);
    const email = `invitee-${randomUUID().slice(0, 8)}@test.local`;
    expect(await send(owner, 'people.invite.send', { event_id: eventId, email, role: 'moderator' })).toMatchObject({ status: 'applied' });
    expect((await legacy<People>(owner, `/api/admin/events/${eventId}/people`)).data.invitations).toEqual([
      expect.objectContaining({ email, role: 'moderator' }),
    ]);
    const mail = await waitForMail(dataDir, email);
    const token = /\/en\/invitation#invite=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();

    const register = (invite: string, address: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: address, password: 'long enough pass 42', first_name: 'Ivy', lang: 'en', invite },
      });
    // The link counts only for the address it was sent to: another address signs up as usual.
    const other = `other-${randomUUID().slice(0, 8)}@test.local`;
    expect((await register(token!, other)).json()).toMatchObject({ status_code: 200 });
    expect(await s.app.db.selectFrom('users').select('email_verified').where('email', '=', other).executeTakeFirstOrThrow()).toEqual({ email_verified: false });

    expect((await register(token!, email)).json()).toMatchObject({ status_code: 200 });
    const account = await s.app.db.selectFrom('users').select(['id', 'email_verified']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(account.email_verified).toBe(true);
    const ue = await s.app.db
      .selectFrom('user_events')
      .select('is_moderator')
      .where('event_id', '=', eventId)
      .where('user_id', '=', account.id)
      .executeTakeFirst();
    expect(ue).toEqual({ is_moderator: true });
    expect((await legacy<People>(owner, `/api/admin/events/${eventId}/people`)).data.invitations).toEqual([]);
    const { token: session } = await login(s.app, email, 'long enough pass 42');
    const doc = (await s.app.inject({ method: 'GET', url: '/sync/v1/my_events/pull?checkpoint=0&limit=100', headers: auth(session) })).json();
    expect(doc.documents.find((d: MyEventDoc) => d.event_id === eventId)).toMatchObject({ is_moderator: true });
  });

  it('are given when the address is verified later, and can be withdrawn', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, {}, true);
    const email = `later-${randomUUID().slice(0, 8)}@test.local`;
    const gone = `gone-${randomUUID().slice(0, 8)}@test.local`;
    await send(owner, 'people.invite.send', { event_id: eventId, email, role: 'attendee' });
    await send(owner, 'people.invite.send', { event_id: eventId, email: gone, role: 'attendee' });
    expect(await send(owner, 'people.invite.remove', { event_id: eventId, email: gone })).toMatchObject({ status: 'applied' });
    expect((await legacy<People>(owner, `/api/admin/events/${eventId}/people`)).data.invitations.map((i) => i.email)).toEqual([email]);

    await s.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'long enough pass 42', first_name: 'Lee', lang: 'en' } });
    const verify = await waitForMail(dataDir, email, 2);
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(verify.text)?.[1];
    expect(token, verify.text).toBeDefined();
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token, lang: 'en' } })).json()).toMatchObject({ status_code: 200 });
    const user = await s.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(
      await s.app.db.selectFrom('user_events').select('checked_in').where('event_id', '=', eventId).where('user_id', '=', user.id).executeTakeFirst(),
    ).toEqual({
      checked_in: true,
    });
  });

  it('refuse a stranger and a moderator', async () => {
    const owner = await person();
    const eventId = await newEvent(owner, {}, true);
    const mod = await person();
    await join(owner, eventId, mod, 'moderator');
    const stranger = await person();
    expect(await send(stranger, 'people.invite.send', { event_id: eventId, email: 'x@test.local', role: 'organizer' })).toMatchObject({
      status: 'rejected',
      code: 'organiser_required',
    });
  });
});
