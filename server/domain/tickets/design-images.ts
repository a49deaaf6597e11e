import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { sql, type Kysely } from 'kysely';
import { DomainError } from '../../../contract/errors.ts';
import {
  DESIGN_IMAGE_THUMB_PX,
  designImageFields,
  designImageName,
  designImageUrl,
  type TicketDesignSettings,
} from '../../../contract/tickets.ts';
import type { DB } from '../../db/types.ts';
import type { Tx } from '../../db/tx.ts';
import { reencodeImage, removeImageFileIn, UPLOAD_NAME, writeImageFileIn } from '../chat/images.ts';
import type { Q } from './tables.ts';

/**
 * Pictures of ticket designs (the instructions' picture, sponsors' logos, the badge picture).
 *
 * They follow the chat's picture rules by using its code (server/domain/chat/images.ts): the format
 * is read from the bytes, the picture is decoded and encoded again by sharp (nothing but pixels
 * survives), stored under a random name and only ever served as an image. Each upload also gets a
 * thumbnail (sponsors carry `image_thumb`). Only an owner of the event uploads, and a design may
 * only point at pictures uploaded for that same event, so a design can neither show another
 * event's pictures nor any address outside this server.
 */

/** Pictures an event may hold that no saved design points at: a few edits' worth, not a file store. */
const UNATTACHED_MAX = 30;
/** Unattached pictures older than this are removed (with their files) as new uploads arrive. */
const UNATTACHED_TTL_MS = 24 * 3600 * 1000;

export function designImageDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'ticket-design');
}

export interface StoredDesignImage {
  name: string;
  thumb: string;
  width: number;
  height: number;
}

/**
 * Re-encodes and stores one picture for the event. The caller has checked the uploader is an owner
 * (before the bytes are decoded, so nobody else costs the server any work).
 */
export async function storeDesignImage(db: Kysely<DB>, dataDir: string, eventId: number, userId: number, input: Buffer): Promise<StoredDesignImage> {
  const image = await reencodeImage(input);
  const thumbImage = await reencodeImage(image.data, DESIGN_IMAGE_THUMB_PX);
  const dir = designImageDir(dataDir);
  const name = await writeImageFileIn(dir, image);
  let thumb = '';
  try {
    thumb = await writeImageFileIn(dir, thumbImage);
    await db.transaction().execute(async (trx) => {
      // Serialises uploads of one event so the cap below holds under concurrent requests.
      await sql`SELECT pg_advisory_xact_lock(7072, ${eventId})`.execute(trx);
      const held = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ticket_design_images WHERE event_id = ${eventId} AND NOT attached`.execute(trx);
      if ((held.rows[0]?.n ?? 0) >= UNATTACHED_MAX) throw new DomainError('rate_limited', 'too many unsaved design pictures');
      await sql`
        INSERT INTO ticket_design_images (name, thumb, event_id, user_id, bytes, width, height)
        VALUES (${name}, ${thumb}, ${eventId}, ${userId}, ${image.data.length}, ${image.width}, ${image.height})`.execute(trx);
    });
  } catch (err) {
    await removeImageFileIn(dir, name);
    if (thumb) await removeImageFileIn(dir, thumb);
    throw err;
  }
  return { name, thumb, width: image.width, height: image.height };
}

export function toDesignImageAnswer(s: StoredDesignImage) {
  return { result: true, image: designImageUrl(s.name), image_thumb: designImageUrl(s.thumb), name: s.name, width: s.width, height: s.height };
}

/**
 * Checks every image field of a design to be saved: empty, or a picture (or its thumbnail) uploaded
 * for this event. Refuses with invalid_image naming the first field that is not.
 */
export async function checkDesignImages(trx: Tx, eventId: number, settings: TicketDesignSettings): Promise<string[]> {
  const names = new Set<string>();
  for (const f of designImageFields(settings)) {
    if (f.url === '') continue;
    const name = designImageName(f.url);
    if (!name) throw new DomainError('invalid_image', f.path);
    names.add(name);
  }
  if (names.size === 0) return [];
  const list = [...names];
  const found = await sql<{ name: string; thumb: string }>`
    SELECT name, thumb FROM ticket_design_images
    WHERE event_id = ${eventId} AND (name IN (${sql.join(list)}) OR thumb IN (${sql.join(list)}))
    FOR SHARE`.execute(trx);
  const known = new Set(found.rows.flatMap((r) => [r.name, r.thumb]));
  for (const f of designImageFields(settings)) {
    const name = f.url ? designImageName(f.url) : null;
    if (name && !known.has(name)) throw new DomainError('invalid_image', f.path);
  }
  return list;
}

/** Marks which of the event's pictures the saved design points at; the rest may be swept later. */
export async function attachDesignImages(trx: Tx, eventId: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) {
    await sql`UPDATE ticket_design_images SET attached = false WHERE event_id = ${eventId} AND attached`.execute(trx);
    return;
  }
  const list = sql.join([...names]);
  await sql`
    UPDATE ticket_design_images SET attached = (name IN (${list}) OR thumb IN (${list}))
    WHERE event_id = ${eventId} AND attached IS DISTINCT FROM (name IN (${list}) OR thumb IN (${list}))`.execute(trx);
}

/**
 * May this viewer download the picture? The event's owners always (they edit the design); its
 * uploader while unsaved; once the design shows it, holders of a valid ticket of the event, whose
 * tickets print it.
 */
export async function visibleDesignImage(q: Q, file: string, viewerId: number | null): Promise<boolean> {
  if (viewerId === null || !UPLOAD_NAME.test(file)) return false;
  const r = await sql<{ ok: boolean }>`
    SELECT (
      EXISTS (SELECT 1 FROM user_events ue WHERE ue.event_id = i.event_id AND ue.user_id = ${viewerId} AND ue.is_owner AND NOT ue.deleted)
      OR (NOT i.attached AND i.user_id = ${viewerId})
      OR (i.attached AND EXISTS (SELECT 1 FROM tickets t WHERE t.event_id = i.event_id AND t.user_id = ${viewerId}
            AND NOT t.deleted AND t.status = 'valid' AND NOT t.invalid))
    ) AND NOT e.deleted AS ok
    FROM ticket_design_images i JOIN events e ON e.id = i.event_id
    WHERE i.name = ${file} OR i.thumb = ${file}`.execute(q);
  return r.rows[0]?.ok === true;
}

export async function readDesignImage(dataDir: string, file: string): Promise<Buffer | null> {
  if (!UPLOAD_NAME.test(file)) return null;
  try {
    return await fs.readFile(path.join(designImageDir(dataDir), file));
  } catch {
    return null;
  }
}

/**
 * A design picture as PDFKit can draw it (PNG or JPEG; WebP is converted), or null when the URL is
 * empty, not one of this event's pictures or its file is gone: a ticket still prints without it.
 */
export async function designImageForPdf(q: Q, dataDir: string, eventId: number, url: string): Promise<Buffer | null> {
  const name = url ? designImageName(url) : null;
  if (!name) return null;
  const r = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ticket_design_images WHERE event_id = ${eventId} AND (name = ${name} OR thumb = ${name})`.execute(q);
  if (!r.rows[0]?.n) return null;
  const data = await readDesignImage(dataDir, name);
  if (!data) return null;
  return name.endsWith('.webp') ? sharp(data).png().toBuffer() : data;
}

/** Deletes a few stale unattached pictures and their files; called as new uploads arrive. */
export async function sweepDesignImages(db: Kysely<DB>, dataDir: string): Promise<void> {
  const r = await sql<{ name: string; thumb: string }>`
    DELETE FROM ticket_design_images WHERE name IN (
      SELECT name FROM ticket_design_images WHERE NOT attached AND created_at < ${new Date(Date.now() - UNATTACHED_TTL_MS)}
      LIMIT 20)
      -- Checked again on the row itself: a design saved meanwhile may have just attached it.
      AND NOT attached
    RETURNING name, thumb`.execute(db);
  const dir = designImageDir(dataDir);
  for (const row of r.rows) {
    await removeImageFileIn(dir, row.name);
    await removeImageFileIn(dir, row.thumb);
  }
}
