import { describe, expect, it } from 'vitest';
import { createTicket } from '../fixtures/factories.ts';
import type { DoorTicketDoc } from '../../contract/tickets.ts';
import { doorTicketsFeed } from '../../server/domain/checkin/feed.ts';
import type { FeedPage } from '../../server/domain/feed/feed.ts';
import { s, get, post, door, qrOf, scan, upload, scansOf, pullDoor, serveCheckinFiles } from './checkin-scans-helpers.ts';

serveCheckinFiles();

describe('door feed and door calls', () => {
  it('gives the event tickets to owners and staff only', async () => {
    const d = await door();
    const page = await pullDoor(d.eventId, d.owner.id);
    expect(page.documents.map((x) => x.id).sort()).toEqual([String(d.t1.id), String(d.t2.id)].sort());
    const doc = page.documents.find((x) => x.id === String(d.t1.id))!;
    expect(doc).toMatchObject({ ticket_id: d.t1.id, event_id: d.eventId, code: d.t1.code, status: 'valid', invalid: false, scans: [], deleted: false });
    expect(typeof doc.holder_name).toBe('string');
    expect((await pullDoor(d.eventId, d.staff.id)).documents).toHaveLength(2);
    await expect(pullDoor(d.eventId, d.outsider.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(pullDoor(d.eventId, d.anna.id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(pullDoor(d.eventId, null)).rejects.toMatchObject({ statusCode: 401 });
    await expect(pullDoor(999999, d.owner.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(doorTicketsFeed(s.app.db, { userId: d.owner.id, checkpoint: 0, limit: 10, scope: {} })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('pages in rev order without losing tickets that share a rev, and keeps removed tickets as cancelled', async () => {
    const d = await door();
    // Three more tickets for one holder; then a profile change gives all of that holder's tickets one rev.
    for (let i = 0; i < 3; i++) await createTicket(s.app.db, d.eventId, d.bohdan.id);
    await s.app.db.updateTable('users').set({ first_name: 'Богдан' }).where('id', '=', d.bohdan.id).execute();
    const seen = new Map<string, FeedPage['documents'][number]>();
    let checkpoint = 0;
    for (let i = 0; i < 10; i++) {
      const page = await pullDoor(d.eventId, d.owner.id, checkpoint, 2);
      for (const doc of page.documents) seen.set(String(doc.id), doc);
      if (page.documents.length < 2) break;
      checkpoint = page.documents.at(-1)!.rev;
    }
    expect(seen.size).toBe(5);
    await s.app.db.updateTable('tickets').set({ deleted: true }).where('id', '=', d.t1.id).execute();
    const after = await pullDoor(d.eventId, d.owner.id, checkpoint);
    expect(after.documents.map((x) => [x.id, x.status, x.deleted])).toEqual([[String(d.t1.id), 'cancelled', false]]);
  });

  it('answers a door that cannot judge a code yet: the ticket by code or signed payload, nothing recorded', async () => {
    const d = await door();
    const other = await door();
    const qr = await qrOf(d.t1.id, d.anna.token);
    await upload(d.owner.token, [scan(d.t2.code, 'door-a', '2030-06-05T08:00:00Z', { event_id: d.eventId, result: 'admitted' })]);
    const ask = (code: string, token = d.staff.token, eventId = d.eventId) =>
      get(`/api/checkin/ticket?event_id=${eventId}&code=${encodeURIComponent(code)}`, token);

    const byCode = (await ask(d.t2.code)).body.data;
    expect(byCode.signature).toBeNull();
    expect(byCode.ticket).toMatchObject({ ticket_id: d.t2.id, event_id: d.eventId, code: d.t2.code, status: 'valid', invalid: false });
    expect(byCode.ticket.scans).toEqual([expect.objectContaining({ device_id: 'door-a', result: 'admitted' })]);
    expect(byCode.ticket).not.toHaveProperty('deleted');
    // The same answer the door feed gives for that ticket, so the door judges it by the same rules.
    const fed = (await pullDoor(d.eventId, d.owner.id)).documents.find((x) => x.ticket_id === d.t2.id)!;
    const { deleted: _deleted, ...fedDoc } = fed as typeof fed & { deleted: boolean };
    expect(byCode.ticket).toEqual(fedDoc);

    expect((await ask(qr)).body.data).toMatchObject({ signature: true, ticket: { ticket_id: d.t1.id, code: d.t1.code } });
    const parts = qr.split('.');
    parts[3] = (parts[3]![0] === 'A' ? 'B' : 'A') + parts[3]!.slice(1);
    expect((await ask(parts.join('.'))).body.data).toEqual({ ticket: null, signature: false });
    // Unknown codes and another event's tickets name no ticket here.
    expect((await ask('NO-SUCH-CODE')).body.data).toEqual({ ticket: null, signature: null });
    expect((await ask(other.t1.code)).body.data).toEqual({ ticket: null, signature: null });
    expect((await ask(await qrOf(other.t1.id, other.anna.token))).body.data).toEqual({ ticket: null, signature: null });
    // Nothing recorded by asking.
    expect(await scansOf(d.t1.id)).toHaveLength(0);
    // Door people only; a code longer than any scan is refused as bad input.
    expect((await ask(d.t2.code, d.outsider.token)).body.error).toBe('forbidden');
    expect((await ask(d.t2.code, d.anna.token)).body.error).toBe('forbidden');
    expect((await ask('x'.repeat(600))).body.status_code).toBe(400);

    // The download's size: every ticket of the event, cancelled ones too.
    await s.app.db.updateTable('tickets').set({ status: 'cancelled' }).where('id', '=', d.t1.id).execute();
    expect((await get(`/api/checkin/stats?event_id=${d.eventId}`, d.staff.token)).body.data).toMatchObject({ listed: 2, tickets: 1 });
  });

  it('serves the event public key to the door and nobody else, and lists staff to owners only', async () => {
    const d = await door();
    const key = await get(`/api/checkin/key?event_id=${d.eventId}`, d.staff.token);
    expect(key.body.data).toMatchObject({ event_id: d.eventId, algorithm: 'Ed25519', payload_prefix: 'FYT1', role: 'staff' });
    expect(key.body.data.public_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await get(`/api/checkin/key?event_id=${d.eventId}`, d.owner.token)).body.data.role).toBe('owner');
    expect((await get(`/api/checkin/key?event_id=${d.eventId}`, d.outsider.token)).body).toMatchObject({ status_code: 403, error: 'forbidden' });
    expect((await get(`/api/checkin/key?event_id=${d.eventId}`)).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await get(`/api/checkin/conflicts?event_id=${d.eventId}`, d.anna.token)).body.error).toBe('forbidden');
    expect((await get(`/api/checkin/scans?event_id=${d.eventId}`, d.outsider.token)).body.error).toBe('forbidden');

    const staff = await get(`/api/checkin/staff?event_id=${d.eventId}`, d.owner.token);
    expect(staff.body.data.items.map((x) => x.user_id)).toEqual([d.staff.id]);
    expect((await get(`/api/checkin/staff?event_id=${d.eventId}`, d.staff.token)).body.error).toBe('forbidden');
    expect((await post('/api/checkin/staff', { event_id: d.eventId, user_id: d.outsider.id }, d.staff.token)).body.error).toBe('forbidden');
    // Any address is invited alike (attacks-invitations.test.ts); an id must be one of the event's people.
    expect((await post('/api/checkin/staff', { event_id: d.eventId, email: 'nobody@nowhere.test' }, d.owner.token)).body).toMatchObject({
      status_code: 200,
      data: { result: true, invited: true },
    });
    expect((await post('/api/checkin/staff', { event_id: d.eventId, user_id: d.outsider.id }, d.owner.token)).body.error).toBe('person_not_in_event');

    const events = await get('/api/checkin/events', d.staff.token);
    expect(events.body.data.items).toEqual([expect.objectContaining({ event_id: d.eventId, role: 'staff' })]);

    expect((await post('/api/checkin/staff/remove', { event_id: d.eventId, user_id: d.staff.id }, d.owner.token)).body.status_code).toBe(200);
    await expect(pullDoor(d.eventId, d.staff.id)).rejects.toMatchObject({ statusCode: 403 });
    expect((await get(`/api/checkin/key?event_id=${d.eventId}`, d.staff.token)).body.error).toBe('forbidden');
  });

  it('lists scans newest first to the door', async () => {
    const d = await door();
    await upload(d.staff.token, [
      scan(d.t1.code, 'door-a', '2030-06-06T08:00:00Z', { event_id: d.eventId, result: 'admitted' }),
      scan(d.t2.code, 'door-a', '2030-06-06T08:01:00Z', { event_id: d.eventId, result: 'admitted' }),
    ]);
    const r = await get(`/api/checkin/scans?event_id=${d.eventId}&limit=1`, d.owner.token);
    expect(r.body.data.count).toBe(2);
    expect(r.body.data.items).toEqual([
      expect.objectContaining({ ticket_id: d.t2.id, device_id: 'door-a', result: 'admitted', scanned_at_ms: Date.parse('2030-06-06T08:01:00Z') }),
    ]);
  });

  it('lists the scans that match no ticket on their own, which no door ticket carries', async () => {
    const d = await door();
    await upload(d.staff.token, [
      scan(d.t1.code, 'door-a', '2030-06-06T08:00:00Z', { event_id: d.eventId, result: 'admitted' }),
      scan('FY-NOSUCHCODE', 'door-b', '2030-06-06T08:02:00Z', { event_id: d.eventId, result: 'unknown' }),
    ]);
    const r = await get(`/api/checkin/scans?event_id=${d.eventId}&unmatched=1`, d.owner.token);
    expect(r.body.data.count).toBe(1);
    expect(r.body.data.items).toEqual([expect.objectContaining({ ticket_id: null, code: 'FY-NOSUCHCODE', device_id: 'door-b', result: 'unknown' })]);
    expect(r.body.data.items[0]!.received_at_ms).toBeGreaterThan(0);
    const pulled = await pullDoor(d.eventId, d.owner.id);
    expect(pulled.documents.flatMap((t) => (t.scans as DoorTicketDoc['scans']).map((x) => x.device_id))).toEqual(['door-a']);
  });
});

describe('legacy events/checkin and events/uncheckin keep their catalogue', () => {
  it('still check the user in and out, and answer 400, 403 and 404 as before', async () => {
    const d = await door();
    const ok = await post('/api/events/checkin', { event_id: d.eventId }, d.anna.token);
    expect(ok.body).toMatchObject({ status_code: 200, data: { result: true, checked_in: true, checkin_status: true } });
    const out = await post('/api/events/uncheckin', { event_id: d.eventId }, d.anna.token);
    expect(out.body).toMatchObject({ status_code: 200, data: { checked_in: false } });
    expect((await post('/api/events/checkin', { event_id: 'x' }, d.anna.token)).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect((await post('/api/events/checkin', { event_id: d.eventId })).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await post('/api/events/checkin', { event_id: d.eventId }, d.outsider.token)).body).toMatchObject({ status_code: 403, error: 'ticket_required' });
    expect((await post('/api/events/checkin', { event_id: 999999 }, d.anna.token)).body).toMatchObject({ status_code: 404, error: 'event_not_found' });
  });
});
