import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES, SYNC_COMMANDS_MAX_BATCH } from '../../contract/constants.ts';
import { startTestServer, type TestServer } from '../fixtures/server.ts';
import { form, commandId, pngChunk, pngImage } from './chat-helpers.ts';
import { bearer, liveEvent, person, type Person } from './attacks-helpers.ts';
import type { Envelope } from '../fixtures/envelope.ts';

/**
 * Forged and oversized uploads on every endpoint that takes a picture (chat pictures, the trip
 * plan's picture), and oversized JSON bodies and command batches. A forgery is refused with
 * invalid_image and stores nothing; a polyglot keeps only its pixels; anything over a limit is
 * payload_too_large (or invalid_input for a batch) and applies nothing.
 */

const DATA_DIR = path.resolve(`.tmp/test-data/attacks-uploads-${randomBytes(6).toString('hex')}`);
let app: FastifyInstance;
let server: TestServer | undefined;
let eventId: number;
let u: Person;

beforeAll(async () => {
  server = await startTestServer({ dataDir: DATA_DIR });
  ({ app } = server);
  eventId = await liveEvent(app.db);
  u = await person(app.db, eventId);
});
afterAll(async () => {
  await server?.close();
});

const HTML = '<html><body><script>alert(document.domain)</script></body></html>';
const files = () => {
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]))
      : [];
  return walk(path.join(DATA_DIR, 'uploads')).sort();
};

/** The picture endpoints, each with the fields it needs besides the file. */
const ENDPOINTS = (): { url: string; field: string; fields: Record<string, string> }[] => [
  { url: '/api/events/upload-chat-image', field: 'image', fields: { event_id: String(eventId) } },
  { url: '/api/events/add-comment', field: 'image', fields: { event_id: String(eventId), comment: 'look' } },
  { url: `/api/events/${eventId}/trip-plan?save=1`, field: 'img', fields: { hotel: 'Hotel' } },
];

async function send(url: string, fields: Record<string, string>, file: { data: Buffer; name: string; type: string; field: string }) {
  const f = await form(fields, file);
  const res = await app.inject({ method: 'POST', url, payload: f.payload, headers: { ...f.headers, ...bearer(u) } });
  // Each upload answers its picture's address in its own place: url, image, comment.image or trip.image.
  return res.json() as Envelope<{ url?: string; image?: string; comment?: { image: string }; trip?: { image: string } }>;
}

async function rows() {
  const q = async (t: string) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(t)}`.execute(app.db)).rows[0]!.n;
  return {
    uploads: await q('chat_uploads'),
    comments: await q('chat_comments'),
    trips: JSON.stringify((await sql`SELECT * FROM trips ORDER BY 1`.execute(app.db)).rows),
  };
}

describe('forged pictures', () => {
  it('refuses a script named .png, an SVG with script, and a picture signature followed by a page, on every endpoint, storing nothing', async () => {
    const png = await pngImage(16, 16);
    const forgeries: [string, Buffer, string][] = [
      ['script as .png', Buffer.from(`<script>alert(1)</script>`), 'image/png'],
      ['html as .png', Buffer.from(HTML), 'image/png'],
      ['svg with script', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
      ['svg as .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png'],
      ['png signature then html', Buffer.concat([png.subarray(0, 16), Buffer.from(HTML)]), 'image/png'],
      ['jpeg signature then html', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]), 'image/jpeg'],
    ];
    for (const ep of ENDPOINTS()) {
      const beforeFiles = files();
      const before = await rows();
      for (const [what, data, type] of forgeries) {
        const body = await send(ep.url, ep.fields, { data, name: 'cat.png', type, field: ep.field });
        expect(body, `${ep.url}: ${what}`).toMatchObject({ status_code: 400, error: 'invalid_image' });
      }
      expect(files(), ep.url).toEqual(beforeFiles);
      expect(await rows(), ep.url).toEqual(before);
    }
  });

  it('keeps only the pixels of a polyglot on every endpoint: nothing of the page is stored or served', async () => {
    const png = await pngImage(12, 12);
    const iend = png.length - 12;
    const polyglots = [
      Buffer.concat([png, Buffer.from(HTML)]),
      Buffer.concat([png.subarray(0, iend), pngChunk('tEXt', Buffer.from(`Comment\0${HTML}`, 'latin1')), png.subarray(iend)]),
    ];
    for (const ep of ENDPOINTS()) {
      for (const data of polyglots) {
        expect(data.includes(Buffer.from('<script'))).toBe(true);
        const before = new Set(files());
        const body = await send(ep.url, ep.fields, { data, name: 'x.html', type: 'text/html', field: ep.field });
        expect(body.status_code, `${ep.url}: ${JSON.stringify(body)}`).toBe(200);
        const added = files().filter((f) => !before.has(f));
        expect(added.length, ep.url).toBe(1);
        const onDisk = fs.readFileSync(added[0]!);
        expect(onDisk.subarray(0, 8).equals(png.subarray(0, 8)), ep.url).toBe(true);
        expect(onDisk.includes(Buffer.from('<script')), ep.url).toBe(false);
        expect(onDisk.includes(Buffer.from('<html')), ep.url).toBe(false);
        const url: string | undefined = body.data.url ?? body.data.comment?.image ?? body.data.trip?.image ?? body.data.image;
        if (url?.startsWith('/')) {
          const got = await app.inject({ url, headers: bearer(u) });
          expect(got.statusCode, url).toBe(200);
          expect(got.headers['content-type'], url).toBe('image/png');
          expect(got.headers['x-content-type-options'], url).toBe('nosniff');
          expect(got.headers['content-security-policy'], url).toMatch(/default-src 'none'/);
          expect(got.rawPayload.includes(Buffer.from('<script')), url).toBe(false);
        }
      }
    }
  });

  it('refuses oversized pictures with payload_too_large on every endpoint, storing nothing', async () => {
    const png = await pngImage(8, 8);
    const huge = Buffer.concat([png, randomBytes(5 * 1024 * 1024 + 1)]);
    for (const ep of ENDPOINTS()) {
      const beforeFiles = files();
      const before = await rows();
      const body = await send(ep.url, ep.fields, { data: huge, name: 'big.png', type: 'image/png', field: ep.field });
      expect(body, ep.url).toMatchObject({ status_code: 413, error: 'payload_too_large' });
      expect(files(), ep.url).toEqual(beforeFiles);
      expect(await rows(), ep.url).toEqual(before);
    }
  });
});

describe('oversized bodies', () => {
  it('refuses a JSON body over the limit on the API and on sync with payload_too_large', async () => {
    const big = 'x'.repeat(BODY_LIMIT_BYTES + 10);
    const before = await rows();
    const api = await app.inject({
      method: 'POST',
      url: '/api/profile/save',
      headers: { ...bearer(u), 'content-type': 'application/json' },
      payload: JSON.stringify({ position: big }),
    });
    expect(api.json()).toMatchObject({ status_code: 413, error: 'payload_too_large' });
    const sync = await app.inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: { ...bearer(u), 'content-type': 'application/json' },
      payload: JSON.stringify({
        commands: [{ id: commandId(), kind: 'comment.add', payload: { event_id: eventId, comment: big }, occurredAt: new Date().toISOString() }],
      }),
    });
    expect(sync.statusCode).toBe(413);
    expect(sync.json().error).toBe('payload_too_large');
    expect(await rows()).toEqual(before);
  });

  it('refuses a command batch over the maximum whole, applying none of it, and a payload over its field limit', async () => {
    const before = await rows();
    const batch = Array.from({ length: SYNC_COMMANDS_MAX_BATCH + 1 }, (_, i) => ({
      id: commandId(),
      kind: 'comment.add',
      payload: { event_id: eventId, comment: `flood ${i}` },
      occurredAt: new Date().toISOString(),
    }));
    const res = await app.inject({ method: 'POST', url: '/sync/v1/commands', headers: bearer(u), payload: { commands: batch } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
    expect(await rows()).toEqual(before);
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM commands WHERE user_id = ${u.id}`.execute(app.db);
    expect(stored.rows[0]!.n).toBe(0);

    const long = await app.inject({
      method: 'POST',
      url: '/sync/v1/commands',
      headers: bearer(u),
      payload: {
        commands: [
          { id: commandId(), kind: 'comment.add', payload: { event_id: eventId, comment: 'y'.repeat(100_000) }, occurredAt: new Date().toISOString() },
        ],
      },
    });
    expect(long.json().results[0]).toMatchObject({ status: 'rejected', code: 'invalid_input' });
    expect(await rows()).toEqual(before);
  });

  it('refuses deeply nested JSON without crashing', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    for (const url of ['/api/profile/save', '/sync/v1/commands']) {
      const res = await app.inject({ method: 'POST', url, headers: { ...bearer(u), 'content-type': 'application/json' }, payload: `{"commands":${deep}}` });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('unknown_error');
    }
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
