import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/db.ts';
import { login } from '../fixtures/server.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import type { Envelope } from '../fixtures/envelope.ts';
import sharp from 'sharp';
import { jpegImage, pngImage, webpImage } from './chat-helpers.ts';

// A data directory of its own, so "nothing was stored" can be checked on disk even while another
// run of the suite (the other database kind) uploads at the same time.
const DATA_DIR = path.resolve(`.tmp/test-data/api-trips-${randomBytes(6).toString('hex')}`);
let s: { app: FastifyInstance; url: string; database: TestDatabase };
beforeAll(async () => {
  const database = await createTestDatabase();
  const config = { ...loadConfig({ DATA_DIR, SEED: 'none' }), distDir: '/nonexistent' };
  const app = await buildApp({ config, database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  s = { app, url, database };
});
afterAll(async () => {
  await s?.app.close();
  await s?.database.dispose();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

/** The Trip plan entity of the specs, as far as these tests read it. */
interface TripPlan {
  event: { id: number; when: number; when_end: number };
  user: { id: number; is_org: boolean };
  trip: { hotel: string; image: string };
}
type PlanAnswer = Envelope<TripPlan>;
type TripsAnswer = Envelope<{ count: number; offset: number; results: TripPlan[] }>;
const auth = (token?: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const uploadDir = () => path.join(s.app.config.dataDir, 'uploads', 'trips');

// Real pictures: the server decodes and re-encodes every upload, so only its pixels are stored
// (a picture signature followed by anything else is refused; see attacks-uploads.test.ts).
const PNG = await pngImage(10, 6);
const JPEG = await jpegImage(10, 6);
const WEBP = await webpImage(10, 6);
/** The served picture is the upload's pixels: same format and size, nothing more. */
async function samePicture(served: Buffer, format: 'png' | 'jpeg' | 'webp', original: Buffer) {
  const [got, want] = await Promise.all([sharp(served).metadata(), sharp(original).metadata()]);
  expect({ format: got.format, width: got.width, height: got.height }).toEqual({ format, width: want.width, height: want.height });
}

/** Serialises a form exactly as a browser would (boundary and all) for inject. */
async function form(fields: Record<string, string>, file?: { data: Buffer; name?: string; type?: string; field?: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append(file.field ?? 'img', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name ?? 'photo.png');
  const r = new Response(fd);
  return { payload: Buffer.from(await r.arrayBuffer()), headers: { 'content-type': r.headers.get('content-type')! } };
}

async function savePlan(eventId: number, token: string | null, fields: Record<string, string>, file?: Parameters<typeof form>[1], query = 'save=1') {
  const f = await form(fields, file);
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/trip-plan?${query}`,
    payload: f.payload,
    headers: { ...f.headers, ...auth(token) },
  });
  return { http: res.statusCode, body: res.json() as PlanAnswer };
}
async function trips(eventId: number, token?: string | null, query = '') {
  const res = await s.app.inject({ method: 'GET', url: `/api/events/${eventId}/trips?${query}`, headers: auth(token) });
  return res.json() as TripsAnswer;
}
async function newUser() {
  const u = await createUser(s.app.db);
  return { ...u, token: (await login(s.app, u.email)).token };
}
async function participant(eventId: number) {
  const u = await newUser();
  await createTicket(s.app.db, eventId, u.id);
  return u;
}
const filesOnDisk = () => (fs.existsSync(uploadDir()) ? fs.readdirSync(uploadDir()).sort() : []);
const tripRows = (eventId: number) => s.app.db.selectFrom('trips').selectAll().where('event_id', '=', eventId).orderBy('user_id').execute();

describe('POST /api/events/:eventId/trip-plan', () => {
  it('saves a participant plan with a picture and answers the Trip plan entity', async () => {
    const event = await createEvent(s.app.db, { name: 'Trip Fest' });
    const me = await participant(event.id);
    const res = await savePlan(event.id, me.token, { hotel: 'Hotel Dnipro', transportBefore: 'Train 91', transportAfter: 'Plane', lang: 'uk' }, { data: PNG });
    expect(res.http).toBe(200);
    expect(res.body.status_code).toBe(200);
    const data = res.body.data;
    expect(data.event).toMatchObject({
      id: event.id,
      name: 'Trip Fest',
      timezone: 'Europe/Kyiv',
      city: { id: 1, name: 'Kyiv' },
      map: { lat: 0, lng: 0 },
      // The one participant: a ticket holder is counted (events/repository recountPeople).
      total_people: 1,
    });
    expect(data.event.when_end).toBeGreaterThan(data.event.when);
    expect(data.user).toMatchObject({ id: me.id, country_code: 'UA', is_org: false, avatar_url: `/files/avatars/${me.id}.svg`, city: { id: 1, name: 'Kyiv' } });
    expect(data.trip).toMatchObject({ event: event.id, hotel: 'Hotel Dnipro', transportBefore: 'Train 91', transportAfter: 'Plane' });
    expect(data.trip.image).toMatch(/^\/api\/events\/trip-images\/[a-f0-9]{32}\.png$/);

    const img = await s.app.inject({ method: 'GET', url: data.trip.image, headers: auth(me.token) });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    await samePicture(img.rawPayload, 'png', PNG);

    // A later save of one field keeps the others; a new picture replaces the old file.
    const firstFile = path.basename(data.trip.image);
    const again = await savePlan(event.id, me.token, { hotel: 'Hotel Kyiv' }, { data: JPEG, name: 'x.jpg', type: 'image/jpeg' });
    expect(again.body.data.trip).toMatchObject({ hotel: 'Hotel Kyiv', transportBefore: 'Train 91', transportAfter: 'Plane' });
    expect(again.body.data.trip.image).toMatch(/\.jpg$/);
    expect(filesOnDisk()).not.toContain(firstFile);
    expect(filesOnDisk()).toContain(path.basename(again.body.data.trip.image));
    const jpg = await s.app.inject({ method: 'GET', url: again.body.data.trip.image });
    expect(jpg.headers['content-type']).toBe('image/jpeg');
    expect((await s.app.inject({ method: 'GET', url: data.trip.image })).statusCode).toBe(404);
  });

  it('accepts WebP and text-only plans as JSON or a form; save=0 stores nothing', async () => {
    const event = await createEvent(s.app.db);
    const me = await participant(event.id);
    // Bigger than the 1 MB limit of JSON bodies, within the picture limit: noise does not compress.
    const photo = await sharp(randomBytes(800 * 700 * 3), { raw: { width: 800, height: 700, channels: 3 } })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const large = await savePlan(event.id, me.token, {}, { data: photo });
    expect(large.body.status_code).toBe(200);
    const served = await s.app.inject({ method: 'GET', url: large.body.data.trip.image });
    await samePicture(served.rawPayload, 'png', photo);
    expect(served.rawPayload.length).toBeGreaterThan(1024 * 1024);
    const webp = await savePlan(event.id, me.token, {}, { data: WEBP, name: 'a.webp', type: 'image/webp' });
    expect(webp.body.data.trip.image).toMatch(/\.webp$/);
    const json = await s.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/trip-plan?save=1`,
      payload: { hotel: 'By JSON' },
      headers: auth(me.token),
    });
    expect(json.json().data.trip).toMatchObject({ hotel: 'By JSON', image: webp.body.data.trip.image });
    const urlenc = await s.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/trip-plan?save=1`,
      payload: 'transportAfter=Bus%2042',
      headers: { ...auth(me.token), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(urlenc.json().data.trip).toMatchObject({ hotel: 'By JSON', transportAfter: 'Bus 42' });

    const before = await tripRows(event.id);
    const files = filesOnDisk();
    const dry = await savePlan(event.id, me.token, { hotel: 'Not saved' }, { data: PNG }, 'save=0');
    expect(dry.body.data.trip.hotel).toBe('By JSON');
    const none = await savePlan(event.id, me.token, { hotel: 'Not saved either' }, undefined, 'lang=en');
    expect(none.body.data.trip.hotel).toBe('By JSON');
    expect(await tripRows(event.id)).toEqual(before);
    expect(filesOnDisk()).toEqual(files);
  });

  it('refuses what is not a real image, oversized files and bad fields, storing nothing', async () => {
    const event = await createEvent(s.app.db);
    const me = await participant(event.id);
    const files = filesOnDisk();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const gif = Buffer.from('GIF89a.....');
    for (const data of [html, gif, Buffer.from([0x89, 0x50, 0x4e, 0x47])]) {
      const res = await savePlan(event.id, me.token, { hotel: 'H' }, { data, type: 'image/png', name: 'evil.png' });
      expect(res).toMatchObject({ http: 200, body: { status_code: 400, error: 'invalid_image' } });
    }
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await savePlan(event.id, me.token, {}, { data: big })).body).toMatchObject({ status_code: 413, error: 'payload_too_large' });
    expect((await savePlan(event.id, me.token, { hotel: 'x'.repeat(501) })).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect((await savePlan(event.id, me.token, {}, { data: PNG, field: 'avatar' })).body).toMatchObject({ status_code: 400, error: 'invalid_input' });
    const json = await s.app.inject({ method: 'POST', url: `/api/events/${event.id}/trip-plan?save=1`, payload: { hotel: 5 }, headers: auth(me.token) });
    expect(json.json()).toMatchObject({ status_code: 400, error: 'invalid_input' });
    const twoFiles = new FormData();
    twoFiles.append('img', new Blob([new Uint8Array(PNG)]), 'a.png');
    twoFiles.append('img', new Blob([new Uint8Array(PNG)]), 'b.png');
    const r = new Response(twoFiles);
    const two = await s.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/trip-plan?save=1`,
      payload: Buffer.from(await r.arrayBuffer()),
      headers: { 'content-type': r.headers.get('content-type')!, ...auth(me.token) },
    });
    expect(two.json()).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect(await tripRows(event.id)).toEqual([]);
    expect(filesOnDisk()).toEqual(files);
  });

  it('lets only signed-in participants of a live event save a plan', async () => {
    const event = await createEvent(s.app.db);
    const outsider = await newUser();
    const files = filesOnDisk();
    expect((await savePlan(event.id, null, { hotel: 'H' })).body).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect((await savePlan(event.id, 'C'.repeat(43), { hotel: 'H' })).http).toBe(401);
    expect((await savePlan(event.id, outsider.token, { hotel: 'H' }, { data: PNG })).body).toMatchObject({ status_code: 403, error: 'participation_required' });
    expect((await savePlan(1999999999, outsider.token, { hotel: 'H' })).body).toMatchObject({ status_code: 404, error: 'event_not_found' });
    expect((await savePlan(event.id, outsider.token, { hotel: 'H' }, undefined, 'save=yes')).body).toMatchObject({ status_code: 400 });
    expect(await tripRows(event.id)).toEqual([]);
    expect(filesOnDisk()).toEqual(files);
    // Checking in to a free event makes one a participant.
    await s.app.inject({ method: 'POST', url: '/api/events/checkin', payload: { event_id: event.id }, headers: auth(outsider.token) });
    expect((await savePlan(event.id, outsider.token, { hotel: 'H' })).body.data.trip.hotel).toBe('H');
  });

  it('uploads over real HTTP too', async () => {
    const event = await createEvent(s.app.db);
    const me = await participant(event.id);
    const fd = new FormData();
    fd.append('hotel', 'Over HTTP');
    fd.append('img', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'p.png');
    const res = await fetch(`${s.url}/api/events/${event.id}/trip-plan?save=1`, { method: 'POST', body: fd, headers: auth(me.token) });
    const body = (await res.json()) as PlanAnswer;
    expect(body.data.trip.hotel).toBe('Over HTTP');
    const img = await fetch(`${s.url}${body.data.trip.image}`);
    expect(img.headers.get('content-type')).toBe('image/png');
    await samePicture(Buffer.from(await img.arrayBuffer()), 'png', PNG);
  });
});

describe('GET /api/events/:eventId/trips', () => {
  it('lists visible participants plans, newest first, and keeps hidden ones to their authors', async () => {
    const event = await createEvent(s.app.db);
    const a = await participant(event.id);
    const b = await participant(event.id);
    const hiddenTrip = await participant(event.id);
    const hiddenVisitor = await participant(event.id);
    const organizer = await participant(event.id);
    await s.app.db.insertInto('user_events').values({ event_id: event.id, user_id: organizer.id, role: 'organizer' }).execute();
    for (const u of [a, b, hiddenTrip, hiddenVisitor, organizer]) {
      await savePlan(event.id, u.token, { hotel: `Hotel of ${u.id}` }, u === a ? { data: PNG } : undefined);
      await new Promise((r) => setTimeout(r, 10));
    }
    await s.app.db.updateTable('users').set({ hide_trip_plan: true }).where('id', '=', hiddenTrip.id).execute();
    await s.app.db.updateTable('users').set({ hide_from_visitors: true }).where('id', '=', hiddenVisitor.id).execute();

    const guest = await trips(event.id, null, 'lang=pl');
    expect(guest.status_code).toBe(200);
    expect(guest.data.count).toBe(3);
    expect(guest.data.offset).toBe(0);
    expect(guest.data.results.map((r) => r.user.id)).toEqual([organizer.id, b.id, a.id]);
    expect(guest.data.results[0]!.user.is_org).toBe(true);
    expect(guest.data.results[2]!.trip.hotel).toBe(`Hotel of ${a.id}`);
    expect(guest.data.results[0]!.event.id).toBe(event.id);

    const page = await trips(event.id, b.token, 'limit=1&offset=1');
    expect(page.data).toMatchObject({ count: 3, offset: 1 });
    expect(page.data.results.map((r) => r.user.id)).toEqual([b.id]);

    const own = await trips(event.id, hiddenTrip.token);
    expect(own.data.count).toBe(4);
    expect(own.data.results.map((r) => r.user.id)).toContain(hiddenTrip.id);

    // A picture follows the visibility of its plan.
    const image = guest.data.results.find((r) => r.user.id === a.id)!.trip.image;
    expect((await s.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
    await s.app.db.updateTable('users').set({ hide_trip_plan: true }).where('id', '=', a.id).execute();
    expect((await s.app.inject({ method: 'GET', url: image })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: image, headers: auth(b.token) })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: image, headers: auth(a.token) })).statusCode).toBe(200);
    for (const bad of ['../../etc/passwd', '..%2F..%2Fpackage.json', 'abc.svg', `${'a'.repeat(32)}.png`]) {
      expect((await s.app.inject({ method: 'GET', url: `/api/events/trip-images/${bad}` })).statusCode, bad).toBe(404);
    }
  });

  it('drops a plan whose author no longer takes part, and refuses bad paging', async () => {
    const event = await createEvent(s.app.db, { is_free: false });
    const me = await participant(event.id);
    await savePlan(event.id, me.token, { hotel: 'H' });
    expect((await trips(event.id)).data.count).toBe(1);
    await s.app.db.updateTable('tickets').set({ status: 'cancelled' }).where('event_id', '=', event.id).execute();
    expect((await trips(event.id)).data.count).toBe(0);
    expect((await trips(event.id, me.token)).data.count).toBe(1);
    // Beyond the cap is clamped to it, as the specs' clients expect (routes/api/page-limits.ts).
    expect(await trips(event.id, null, 'limit=1000')).toMatchObject({ status_code: 200 });
    expect(await trips(event.id, null, 'offset=-3')).toMatchObject({ status_code: 400, error: 'invalid_input' });
    expect(await trips(1999999999)).toMatchObject({ status_code: 404, error: 'event_not_found' });
  });
});
