import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { bearer, filesIn, login, ownDataDir } from '../fixtures/server.ts';
import { serverPerFile } from '../fixtures/suite.ts';
import { createEvent, createTicket, createUser } from '../fixtures/factories.ts';
import { command, form, jpegImage, makeStaff, pngChunk, pngImage, webpImage } from './chat-helpers.ts';
import type { Envelope } from '../fixtures/envelope.ts';

const DATA_DIR = ownDataDir('chat-uploads');
const server = serverPerFile({ dataDir: DATA_DIR });

/** What the upload and comment calls answer, as far as these tests read it; each answers some of these. */
type Answer = Envelope<{ image: string; url: string; result: boolean; comment: { image: string } }>;
const stored = () => filesIn(path.join(DATA_DIR, 'uploads', 'chat'));

async function attendee(eventId: number) {
  const u = await createUser(server.app.db);
  await createTicket(server.app.db, eventId, u.id);
  return { id: u.id, token: (await login(server.app, u.email)).token };
}

async function upload(
  token: string | null,
  eventId: number,
  file?: Parameters<typeof form>[1],
  url = '/api/events/upload-chat-image',
  fields: Record<string, string> = {},
) {
  const f = await form({ event_id: String(eventId), ...fields }, file);
  const res = await server.app.inject({ method: 'POST', url, payload: f.payload, headers: { ...f.headers, ...bearer(token) } });
  return { http: res.statusCode, body: res.json() as Answer };
}

async function download(token: string | null, url: string) {
  return server.app.inject({ url, headers: bearer(token) });
}

const HTML = '<html><body><script>alert(document.domain)</script></body></html>';

describe('chat pictures', () => {
  it('re-encodes real PNG, JPEG and WebP pictures and serves them only as images', async () => {
    const ev = await createEvent(server.app.db);
    const a = await attendee(ev.id);
    const b = await attendee(ev.id);
    for (const [make, ext, type] of [
      [pngImage, 'png', 'image/png'],
      [jpegImage, 'jpg', 'image/jpeg'],
      [webpImage, 'webp', 'image/webp'],
    ] as const) {
      const original = await make(40, 30);
      // The name and the claimed type say nothing: the bytes decide.
      const res = await upload(a.token, ev.id, { data: original, name: 'holiday.gif', type: 'text/html' });
      expect(res.body).toMatchObject({ status_code: 200, data: { result: true, width: 40, height: 30 } });
      const name: string = res.body.data.image;
      expect(name).toMatch(new RegExp(`^[a-f0-9]{32}\\.${ext}$`));
      expect(res.body.data.url).toBe(`/files/uploads/chat/${name}`);

      const posted = await command(server.app, a.token, 'comment.add', { event_id: ev.id, comment: `pic ${ext}`, image: name });
      expect(posted.status).toBe('applied');
      const got = await download(b.token, `/files/uploads/chat/${name}`);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(type);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-security-policy']).toContain("default-src 'none'");
      expect(got.headers['content-security-policy']).toContain('sandbox');
      expect(got.headers['cache-control']).toMatch(/private/);
      const meta = await sharp(got.rawPayload).metadata();
      expect(meta.format).toBe(ext === 'jpg' ? 'jpeg' : ext);
      expect([meta.width, meta.height]).toEqual([40, 30]);
    }
    const page = (await server.app.inject({ url: `/api/events/get-chat-messages?event_id=${ev.id}`, headers: bearer(b.token) })).json() as Envelope<{
      comment_data: { items: { image: string }[] };
    }>;
    expect(page.data.comment_data.items.map((i) => i.image)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/files\/uploads\/chat\/[a-f0-9]{32}\.webp$/)]),
    );
  });

  it('refuses a .png that is HTML, a disguised SVG, a GIF, a truncated picture and an oversized file, storing nothing', async () => {
    const ev = await createEvent(server.app.db);
    const a = await attendee(ev.id);
    const before = stored();
    const png = await pngImage(16, 16);
    const forgeries: Buffer[] = [
      Buffer.from(HTML),
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.concat([Buffer.from('GIF89a'), Buffer.from(HTML)]),
      // The PNG signature and the start of a header, then the page: the signature alone is not enough.
      Buffer.concat([png.subarray(0, 20), Buffer.from(HTML)]),
      // A JPEG start with nothing decodable after it.
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]),
    ];
    for (const data of forgeries) {
      const res = await upload(a.token, ev.id, { data, name: 'cat.png', type: 'image/png' });
      expect(res.http).toBe(200);
      expect(res.body).toMatchObject({ status_code: 400, error: 'invalid_image', data: null });
      const inline = await upload(a.token, ev.id, { data, name: 'cat.png', type: 'image/png' }, '/api/events/add-comment', { comment: 'look' });
      expect(inline.body).toMatchObject({ status_code: 400, error: 'invalid_image' });
    }
    const huge = Buffer.concat([png, randomBytes(5 * 1024 * 1024)]);
    expect((await upload(a.token, ev.id, { data: huge })).body).toMatchObject({ status_code: 413, error: 'payload_too_large' });
    expect(stored()).toEqual(before);
    const rows = await server.app.db.selectFrom('chat_comments').select('id').where('event_id', '=', ev.id).execute();
    expect(rows).toEqual([]);
  });

  it('keeps only the pixels of a polyglot: HTML after the end or in a text chunk, EXIF with a position', async () => {
    const ev = await createEvent(server.app.db);
    const a = await attendee(ev.id);
    const png = await pngImage(12, 12);
    const iend = png.length - 12;
    const withText = Buffer.concat([png.subarray(0, iend), pngChunk('tEXt', Buffer.from(`Comment\0${HTML}`, 'latin1')), png.subarray(iend)]);
    const trailing = Buffer.concat([png, Buffer.from(HTML)]);
    const jpegWithExif = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#777777' } })
      .withExif({ IFD0: { ImageDescription: HTML, Copyright: '<script>x</script>' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpegWithExif).metadata()).exif).toBeDefined();

    for (const [data, type] of [
      [withText, 'image/png'],
      [trailing, 'image/png'],
      [jpegWithExif, 'image/jpeg'],
    ] as const) {
      expect(data.includes(Buffer.from('<script'))).toBe(true);
      const res = await upload(a.token, ev.id, { data, name: 'x.html', type: 'text/html' }, '/api/events/add-comment', { comment: 'polyglot' });
      expect(res.body.data.result).toBe(true);
      const url: string = res.body.data.comment.image;
      const got = await download(a.token, url);
      expect(got.headers['content-type']).toBe(type);
      expect(got.rawPayload.includes(Buffer.from('<script'))).toBe(false);
      expect(got.rawPayload.includes(Buffer.from('<html'))).toBe(false);
      expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
      const onDisk = fs.readFileSync(path.join(DATA_DIR, 'uploads', 'chat', url.split('/').pop()!));
      expect(onDisk.includes(Buffer.from('<script'))).toBe(false);
    }
  });

  it('shows a picture to readers of the chat only, its uploader before posting, and nobody once deleted', async () => {
    const ev = await createEvent(server.app.db);
    const a = await attendee(ev.id);
    const b = await attendee(ev.id);
    const mod = await attendee(ev.id);
    await makeStaff(server.app.db, ev.id, mod.id, 'moderator');
    const stranger = await createUser(server.app.db);
    const strangerToken = (await login(server.app, stranger.email)).token;

    const name: string = (await upload(a.token, ev.id, { data: await pngImage() })).body.data.image;
    const url = `/files/uploads/chat/${name}`;
    expect((await download(a.token, url)).statusCode).toBe(200);
    expect((await download(b.token, url)).statusCode).toBe(404);

    // Somebody else cannot post another person's upload, nor one made for another event.
    expect(await command(server.app, b.token, 'comment.add', { event_id: ev.id, comment: 'mine now', image: name })).toMatchObject({
      status: 'rejected',
      code: 'invalid_image',
    });
    const other = await createEvent(server.app.db);
    await createTicket(server.app.db, other.id, a.id);
    expect(await command(server.app, a.token, 'comment.add', { event_id: other.id, comment: 'moved', image: name })).toMatchObject({
      status: 'rejected',
      code: 'invalid_image',
    });

    const posted = await command(server.app, a.token, 'comment.add', { event_id: ev.id, comment: 'see', image: name });
    expect(posted.status).toBe('applied');
    // One upload shows under one comment only.
    expect(await command(server.app, a.token, 'comment.add', { event_id: ev.id, comment: 'again', image: name })).toMatchObject({
      status: 'rejected',
      code: 'invalid_image',
    });
    expect((await download(b.token, url)).statusCode).toBe(200);
    expect((await download(strangerToken, url)).statusCode).toBe(404);
    expect((await download(null, url)).statusCode).toBe(404);
    expect((await download(a.token, '/files/uploads/chat/..%2f..%2fetc%2fpasswd')).statusCode).toBe(404);
    expect((await download(a.token, `/files/uploads/chat/${'0'.repeat(32)}.png`)).statusCode).toBe(404);

    await command(server.app, mod.token, 'comment.remove', { comment_id: Number(posted.ids![0]) });
    expect((await download(b.token, url)).statusCode).toBe(404);
    expect((await download(a.token, url)).statusCode).toBe(404);
  });

  it('checks the right to post before decoding: a blocked user and a stranger upload nothing', async () => {
    const ev = await createEvent(server.app.db);
    const mod = await attendee(ev.id);
    await makeStaff(server.app.db, ev.id, mod.id, 'moderator');
    const a = await attendee(ev.id);
    await command(server.app, mod.token, 'chat.block', { event_id: ev.id, user_id: a.id, reason: 'images of spam' });
    const before = stored();
    expect((await upload(a.token, ev.id, { data: await pngImage() })).body).toMatchObject({ status_code: 403, error: 'chat_blocked' });
    expect((await upload(a.token, ev.id, { data: await pngImage() }, '/api/events/add-comment', { comment: 'x' })).body.error).toBe('chat_blocked');
    const stranger = await createUser(server.app.db);
    const st = (await login(server.app, stranger.email)).token;
    expect((await upload(st, ev.id, { data: await pngImage() })).body.error).toBe('ticket_required');
    expect((await upload(null, ev.id, { data: await pngImage() })).body.status_code).toBe(403);
    expect(stored()).toEqual(before);
  });
});
