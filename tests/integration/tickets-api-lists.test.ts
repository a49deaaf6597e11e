import { describe, expect, it } from 'vitest';
import { createEvent, createTicket } from '../fixtures/factories.ts';
import { importTicketPublicKey, parseTicketPayload, verifyTicketSignature } from '../../contract/checkin.ts';
import { defaultTicketDesign, type TicketDoc } from '../../contract/tickets.ts';
import { ticketsFeed } from '../../server/domain/documents/tickets.ts';
import { eventPublicKey } from '../../server/domain/signing/keys.ts';
import { app, get, post, person, own, serveTicketsFiles } from './tickets-api-helpers.ts';

serveTicketsFiles();

describe('tickets list (GET /api/tickets)', () => {
  it('lists the user own tickets by period with counts, upcoming first', async () => {
    const me = await person();
    const someone = await person();
    const soon = await createEvent(app.db, { starts_in_hours: 24, is_free: false, name: 'Soon' });
    const later = await createEvent(app.db, { starts_in_hours: 24 * 30, is_free: false, name: 'Later' });
    const past = await createEvent(app.db, { starts_in_hours: -24 * 10, is_free: false, name: 'Past' });
    const running = await createEvent(app.db, { starts_in_hours: -1, duration_hours: 5, name: 'Running' });
    for (const e of [later, past, soon, running]) await createTicket(app.db, e.id, me.id);
    const gone = await createTicket(app.db, later.id, me.id);
    await app.db.updateTable('tickets').set({ deleted: true }).where('id', '=', gone.id).execute();
    await createTicket(app.db, soon.id, someone.id);

    const all = await get('/api/tickets?is_my=1&with_counts=1&period=all_time', me.token);
    expect(all.body.status_code).toBe(200);
    expect(all.body.data.tickets.map((t) => t.event.name)).toEqual(['Running', 'Soon', 'Later', 'Past']);
    expect(all.body.data).toMatchObject({ total: 4, count: 4, counts: { all: 4, future: 3, past: 1 }, countByCategories: { future_count: 3, past_count: 1 } });
    const t = all.body.data.tickets[1]!;
    expect(t).toMatchObject({
      type: 'standard',
      price: 500,
      currency: 'UAH',
      status: 'valid',
      invalid: false,
      download_link: `/api/tickets/${t.id}/pdf`,
      sendTicketToEmail: `/api/tickets/${t.id}/send-to-email`,
    });
    expect(t.user).toMatchObject({ profile_link: `/profiles/${me.id}` });
    expect(t.event).toMatchObject({ name: 'Soon', timezone: 'Europe/Kyiv', place: { public: true } });
    expect(parseTicketPayload(t.qr)).toMatchObject({ kind: 'signed', ticketId: t.id, code: t.code });

    const future = await get('/api/tickets?is_my=1&period=future&limit=2&offset=1', me.token);
    expect(future.body.data.tickets.map((x) => x.event.name)).toEqual(['Soon', 'Later']);
    expect(future.body.data.total).toBe(3);
    expect(future.body.data.counts).toBeUndefined();
    const pastList = await get('/api/tickets?is_my=1&period=past', me.token);
    expect(pastList.body.data.tickets.map((x) => x.event.name)).toEqual(['Past']);

    expect((await get('/api/tickets?is_my=1')).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await get('/api/tickets?is_my=1', 'not-a-session')).http).toBe(401);
    expect((await get('/api/tickets?period=someday', me.token)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
  });
});

describe('tickets feed', () => {
  it('replicates the user own tickets with a verifiable QR code and re-sends them when the event changes', async () => {
    const me = await person();
    const other = await person();
    const event = await createEvent(app.db, { is_free: false });
    const mine = await createTicket(app.db, event.id, me.id);
    await createTicket(app.db, event.id, other.id);
    const page = await ticketsFeed(app.db, { userId: me.id, checkpoint: 0, limit: 100, scope: {} });
    expect(page.documents.map((d) => d.id)).toEqual([String(mine.id)]);
    const doc = page.documents[0] as unknown as TicketDoc & { deleted: boolean };
    expect(doc).toMatchObject({ ticket_id: mine.id, event_id: event.id, code: mine.code, deleted: false });
    const parsed = parseTicketPayload(doc.qr);
    if (parsed.kind !== 'signed') throw new Error('qr is not signed');
    const key = await importTicketPublicKey(await eventPublicKey(app.db, event.id));
    expect(await verifyTicketSignature(key, parsed)).toBe(true);

    expect(await ticketsFeed(app.db, { userId: null, checkpoint: 0, limit: 100, scope: {} })).toEqual({ documents: [] });
    await app.db.updateTable('events').set({ name: 'Renamed summit' }).where('id', '=', event.id).execute();
    const next = await ticketsFeed(app.db, { userId: me.id, checkpoint: doc.rev, limit: 100, scope: {} });
    expect(next.documents.map((d) => [d.id, (d as unknown as TicketDoc).event.name])).toEqual([[String(mine.id), 'Renamed summit']]);
    await app.db.updateTable('tickets').set({ deleted: true }).where('id', '=', mine.id).execute();
    const gone = await ticketsFeed(app.db, { userId: me.id, checkpoint: next.documents[0]!.rev, limit: 100, scope: {} });
    expect(gone.documents.map((d) => [d.id, d.deleted])).toEqual([[String(mine.id), true]]);
  });
});

describe('events/get-user-tickets and events/get-last-tickets', () => {
  it('answers about oneself or to an owner, with valid tickets only', async () => {
    const [holder, owner, stranger] = await Promise.all([person(), person(), person()]);
    const event = await createEvent(app.db, { is_free: false });
    await own(event.id, owner.id);
    const valid = await createTicket(app.db, event.id, holder.id);
    const cancelled = await createTicket(app.db, event.id, holder.id);
    await app.db.updateTable('tickets').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();

    const self = await get(`/api/events/get-user-tickets?event_id=${event.id}&user_id=${holder.id}`, holder.token);
    expect(self.body.data.items.map((t) => t.id)).toEqual([valid.id]);
    const byOwner = await get(`/api/events/get-user-tickets?event_id=${event.id}&user_id=${holder.id}`, owner.token);
    expect(byOwner.body.data.items.map((t) => t.id)).toEqual([valid.id]);
    expect((await get(`/api/events/get-user-tickets?event_id=${event.id}&user_id=${holder.id}`, stranger.token)).body).toMatchObject({
      status_code: 403,
      error: 'forbidden',
    });
    expect((await get(`/api/events/get-user-tickets?event_id=${event.id}`, stranger.token)).body.data).toEqual({ items: [], total: 0 });
    expect((await get(`/api/events/get-user-tickets?event_id=999999&user_id=${holder.id}`, holder.token)).body).toMatchObject({
      status_code: 404,
      error: 'event_not_found',
    });
    expect((await get(`/api/events/get-user-tickets?event_id=${event.id}`)).body).toMatchObject({ status_code: 403, error: 'auth_required' });
  });

  it('lists the latest purchases, and an empty list when there are none', async () => {
    const me = await person();
    expect((await get('/api/events/get-last-tickets', me.token)).body).toEqual({ status_code: 200, data: { items: [], total: 0 } });
    expect((await get('/api/events/get-last-tickets')).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const e = await createEvent(app.db);
      const t = await createTicket(app.db, e.id, me.id);
      await app.db
        .updateTable('tickets')
        .set({ created_at: new Date(Date.now() - (3 - i) * 60_000) })
        .where('id', '=', t.id)
        .execute();
      ids.push(t.id);
    }
    const last = await get('/api/events/get-last-tickets', me.token);
    expect(last.body.data.items.map((t) => t.id)).toEqual([ids[2], ids[1]]);
    expect((await get('/api/events/get-last-tickets?limit=5', me.token)).body.data.total).toBe(3);
  });
});

describe('events/ticket-design', () => {
  it('is read and written by owners only, and enforces the role rules', async () => {
    const [owner, visitor] = await Promise.all([person(), person()]);
    const event = await createEvent(app.db);
    await own(event.id, owner.id);
    const url = `/api/events/ticket-design?event_id=${event.id}`;
    expect((await get(url, visitor.token)).body).toMatchObject({ status_code: 403, error: 'forbidden' });
    expect((await get(url)).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    const read = await get(url, owner.token);
    expect(read.body.data).toEqual({ event_id: event.id, settings: defaultTicketDesign() });

    const settings = read.body.data.settings;
    const save = (next: unknown, token = owner.token) => post('/api/events/ticket-design', { event_id: event.id, settings: next }, token);
    expect((await save(settings, visitor.token)).body).toMatchObject({ status_code: 403, error: 'forbidden' });
    expect((await save({ ...settings, roles: settings.roles.filter((r) => !r.is_default) })).body).toMatchObject({
      status_code: 400,
      error: 'design_role_default',
    });
    expect((await save({ ...settings, roles: settings.roles.filter((r) => r.name !== 'organizer') })).body).toMatchObject({
      status_code: 400,
      error: 'design_role_blocked',
    });
    expect((await save({ ...settings, roles: 'none' })).body).toMatchObject({ status_code: 400, error: 'invalid_input' });

    const next = {
      ...settings,
      instructions: { ...settings.instructions, items: [{ id: 1, text: 'Bring an ID', sort: 1 }] },
      roles: [
        ...settings.roles.filter((r) => r.name !== 'volunteer').map((r) => (r.is_default ? { ...r, enabled: false } : r)),
        { name: 'press', color: '#111111', canDelete: true, is_default: false, enabled: true },
      ],
    };
    const saved = await save(next);
    expect(saved.body.status_code).toBe(200);
    expect(saved.body.data.settings.roles.map((r) => [r.id, r.name, r.enabled])).toEqual([
      [1, 'visitor', false],
      [2, 'speaker', true],
      [3, 'organizer', true],
      [4, 'sponsor', true],
      [6, 'press', true],
    ]);
    expect((await get(url, owner.token)).body.data.settings).toEqual(saved.body.data.settings);
    // The removed role stays removed; the disabled default role still cannot go.
    const again = saved.body.data.settings;
    expect((await save({ ...again, roles: again.roles.filter((r) => r.name !== 'visitor') })).body.error).toBe('design_role_default');

    // Old clients post a form with the settings as JSON text.
    const form = await post(
      '/api/events/ticket-design',
      new URLSearchParams({ event_id: String(event.id), settings: JSON.stringify(again) }).toString(),
      owner.token,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(form.body).toMatchObject({ status_code: 200, data: { settings: again } });

    const holder = await person();
    const t = await createTicket(app.db, event.id, holder.id);
    expect((await get(`${url}&ticket_id=${t.id}`, owner.token)).body.data.ticket).toMatchObject({ id: t.id, code: t.code });
    const elsewhere = await createTicket(app.db, (await createEvent(app.db)).id, holder.id);
    expect((await get(`${url}&ticket_id=${elsewhere.id}`, owner.token)).body).toMatchObject({ status_code: 404, error: 'ticket_not_found' });
  });
});
