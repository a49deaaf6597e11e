import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TicketDesignSettings } from '../../contract/tickets.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { bearer, filesIn, login, ownDataDir } from '../fixtures/server.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { form, jpegImage, pngImage, webpImage } from './chat-helpers.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * Ticket-design pictures on the real server: the owner uploads them (under the chat's picture
 * rules), the design points at them, they are served only as images to those who may see them,
 * and the ticket PDF prints them where the design puts them.
 */

const DATA_DIR = ownDataDir('design-images');
const server = serverPerFile({ dataDir: DATA_DIR });

const stored = () => filesIn(path.join(DATA_DIR, 'uploads', 'ticket-design'));

async function person() {
  const u = await createUser(server.app.db);
  return { id: u.id, token: (await login(server.app, u.email)).token };
}

async function ownedEvent() {
  const owner = await person();
  const event = await createEvent(server.app.db, { is_free: false });
  await server.app.db.insertInto('user_events').values({ event_id: event.id, user_id: owner.id, is_owner: true, role: 'organizer' }).execute();
  return { owner, eventId: event.id };
}

async function upload(token: string | null, eventId: number, data: Buffer, name = 'logo.png', type = 'image/png') {
  const f = await form({ event_id: String(eventId) }, { data, name, type });
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/events/ticket-design/upload-image',
    payload: f.payload,
    headers: { ...f.headers, ...bearer(token) },
  });
  return res.json() as Envelope<{ image: string; image_thumb: string }>;
}

async function readDesign(token: string, eventId: number): Promise<TicketDesignSettings> {
  return (await server.app.inject({ url: `/api/events/ticket-design?event_id=${eventId}`, headers: bearer(token) })).json().data.settings;
}

async function saveDesign(token: string, eventId: number, settings: TicketDesignSettings) {
  return (
    await server.app.inject({ method: 'POST', url: '/api/events/ticket-design', payload: { event_id: eventId, settings }, headers: bearer(token) })
  ).json() as Envelope<unknown>;
}

const fetchImage = (token: string | null, url: string) => server.app.inject({ url, headers: bearer(token) });

/** The pictures drawn on the PDF's pages, as width × height of each image XObject. */
async function pdfImages(raw: Buffer): Promise<string[]> {
  const pdf = await PDFDocument.load(new Uint8Array(raw));
  const sizes: string[] = [];
  for (const [, obj] of pdf.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const dict = obj.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    sizes.push(`${dict.get(PDFName.of('Width'))}x${dict.get(PDFName.of('Height'))}`);
  }
  return sizes.sort();
}

describe('ticket-design pictures', () => {
  it('are uploaded by the owner, saved in the design, served as images and printed on the ticket', async () => {
    const { owner, eventId } = await ownedEvent();
    const holder = await person();
    const stranger = await person();
    const ticket = await createTicket(server.app.db, eventId, holder.id);

    // The claimed name and type say nothing: the bytes decide, and each upload gets a thumbnail.
    const badge = await upload(owner.token, eventId, await pngImage(50, 40), 'badge.gif', 'text/html');
    expect(badge).toMatchObject({ status_code: 200, data: { result: true, width: 50, height: 40 } });
    expect(badge.data.image).toMatch(/^\/api\/events\/ticket-design\/images\/[a-f0-9]{32}\.png$/);
    expect(badge.data.image_thumb).toMatch(/^\/api\/events\/ticket-design\/images\/[a-f0-9]{32}\.png$/);
    const sponsor = await upload(owner.token, eventId, await jpegImage(1200, 600), 'sponsor.jpg', 'image/jpeg');
    expect(sponsor.data).toMatchObject({ width: 1200, height: 600 });
    const thumbMeta = await sharp((await fetchImage(owner.token, sponsor.data.image_thumb)).rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['jpeg', 320, 160]);
    const instructions = await upload(owner.token, eventId, await webpImage(64, 24), 'map.webp', 'image/webp');
    expect(instructions.status_code).toBe(200);

    // Before a saved design shows it, the owner sees it and a ticket holder does not.
    const got = await fetchImage(owner.token, badge.data.image);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await fetchImage(holder.token, badge.data.image)).statusCode).toBe(404);

    const design = await readDesign(owner.token, eventId);
    const next: TicketDesignSettings = {
      ...design,
      instructions: { ...design.instructions, image: instructions.data.image, items: [{ id: 1, text: 'Gate B', sort: 0 }] },
      sponsors: {
        ...design.sponsors,
        items: [{ name: 'Acme', description: '', link: 'https://acme.test', image: sponsor.data.image, image_thumb: sponsor.data.image_thumb, role_id: 4 }],
      },
      badge: { ...design.badge, image: badge.data.image },
    };
    const saved = await saveDesign(owner.token, eventId, next);
    expect(saved.status_code).toBe(200);
    expect(await readDesign(owner.token, eventId)).toMatchObject({ badge: { image: badge.data.image }, instructions: { image: instructions.data.image } });

    expect((await fetchImage(holder.token, badge.data.image)).statusCode).toBe(200);
    expect((await fetchImage(stranger.token, badge.data.image)).statusCode).toBe(404);
    expect((await fetchImage(null, badge.data.image)).statusCode).toBe(404);
    expect((await fetchImage(owner.token, '/api/events/ticket-design/images/..%2f..%2fetc%2fpasswd')).statusCode).toBe(404);

    // The PDF draws the badge picture, the sponsor's logo and the instructions' picture (WebP converted).
    const pdf = await server.app.inject({ url: `/api/tickets/${ticket.id}/pdf`, headers: bearer(holder.token) });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfImages(pdf.rawPayload)).toEqual(['1200x600', '50x40', '64x24']);

    // Taking the pictures out of the design takes them off the ticket and out of holders' reach.
    const plain = await saveDesign(owner.token, eventId, {
      ...next,
      badge: { ...next.badge, image: '' },
      sponsors: { ...next.sponsors, items: [] },
      instructions: { ...next.instructions, image: '' },
    });
    expect(plain.status_code).toBe(200);
    const pdf2 = await server.app.inject({ url: `/api/tickets/${ticket.id}/pdf`, headers: bearer(holder.token) });
    expect(await pdfImages(pdf2.rawPayload)).toEqual([]);
    expect((await fetchImage(holder.token, badge.data.image)).statusCode).toBe(404);
  });

  it('refuses a forged picture with invalid_image and changes nothing', async () => {
    const { owner, eventId } = await ownedEvent();
    const before = stored();
    const rowsBefore = (await sql`SELECT * FROM ticket_design_images ORDER BY name`.execute(server.app.db)).rows;
    const png = await pngImage(16, 16);
    const forgeries = [
      Buffer.from('<html><body><script>alert(document.domain)</script></body></html>'),
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<script>x</script>')]),
      Buffer.concat([png.subarray(0, 20), Buffer.from('<script>x</script>')]),
    ];
    for (const data of forgeries) {
      expect(await upload(owner.token, eventId, data, 'logo.png', 'image/png')).toMatchObject({ status_code: 400, error: 'invalid_image', data: null });
    }
    const huge = Buffer.concat([png, randomBytes(5 * 1024 * 1024)]);
    expect(await upload(owner.token, eventId, huge)).toMatchObject({ status_code: 413, error: 'payload_too_large' });
    // A picture sent as a text field instead of a file is refused too.
    const asText = await form({ event_id: String(eventId), image: png.toString('latin1') });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/events/ticket-design/upload-image',
      payload: asText.payload,
      headers: { ...asText.headers, ...bearer(owner.token) },
    });
    expect(res.json()).toMatchObject({ status_code: 400, error: 'invalid_image' });
    expect(stored()).toEqual(before);
    expect((await sql`SELECT * FROM ticket_design_images ORDER BY name`.execute(server.app.db)).rows).toEqual(rowsBefore);
  });

  it('lets only owners upload, and a design point only at its own event pictures', async () => {
    const { owner, eventId } = await ownedEvent();
    const other = await ownedEvent();
    const visitor = await person();
    await createTicket(server.app.db, eventId, visitor.id);
    const before = stored();
    expect(await upload(visitor.token, eventId, await pngImage())).toMatchObject({ status_code: 403, error: 'forbidden' });
    expect(await upload(null, eventId, await pngImage())).toMatchObject({ status_code: 403, error: 'auth_required' });
    expect(await upload(owner.token, 2_000_000_000, await pngImage())).toMatchObject({ error: 'event_not_found' });
    expect(stored()).toEqual(before);

    const design = await readDesign(owner.token, eventId);
    const foreign = (await upload(other.owner.token, other.eventId, await pngImage(10, 10))).data.image;
    for (const url of [foreign, 'https://tracker.example/pixel.png', `/api/events/ticket-design/images/${'0'.repeat(32)}.png`, 'javascript:alert(1)']) {
      const res = await saveDesign(owner.token, eventId, { ...design, badge: { ...design.badge, image: url } });
      expect(res, url).toMatchObject({ status_code: 400, error: 'invalid_image' });
      const sponsorRes = await saveDesign(owner.token, eventId, {
        ...design,
        sponsors: { ...design.sponsors, items: [{ name: 'X', description: '', link: '', image: '', image_thumb: url, role_id: null }] },
      });
      expect(sponsorRes.error).toBe('invalid_image');
    }
    expect(await readDesign(owner.token, eventId)).toEqual(design);
    // The other event's owner cannot read this event's unsaved picture either, nor this one theirs.
    expect((await fetchImage(owner.token, foreign)).statusCode).toBe(404);
  });
});
