import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { sql, type Kysely } from 'kysely';
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_MAX_PIXELS, CHAT_IMAGE_MAX_SIDE_PX } from '../../../contract/chat.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { DB } from '../../db/types.ts';
import type { Tx } from '../../db/tx.ts';
import { mayReadSql } from './access.ts';

type Q = Kysely<DB> | Tx;

/**
 * Pictures attached to chat comments.
 *
 * Nothing a user uploads is ever stored or served as they sent it. The format is taken from the
 * first bytes (never the file name or the claimed content type) and must be PNG, JPEG or WebP; the
 * picture is then decoded and encoded again by sharp into the same format, which drops everything
 * that is not pixels: EXIF (with its GPS position), comments, trailing bytes after the image, text
 * chunks — so an HTML or script "polyglot" hidden in a valid picture does not survive. Frames of an
 * animation beyond the first are dropped too. The result is stored under a random name and served
 * with its real type, nosniff and a CSP that forbids everything (server/routes/files/uploads.ts).
 */

export const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type ImageExt = keyof typeof IMAGE_TYPES;
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/** Unattached uploads older than this are removed (with their files) as new uploads arrive. */
const UNATTACHED_TTL_MS = 24 * 3600 * 1000;
/** Uploads a user may hold unattached at once: enough for a few retries, not a file store. */
const UNATTACHED_MAX = 20;

/** The format a picture really has, from its signature; undefined for anything else. */
export function sniffImage(buf: Uint8Array): ImageExt | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
  if (buf.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (buf.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (buf.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

const SHARP_FORMAT: Record<ImageExt, string> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

export interface EncodedImage {
  data: Buffer;
  ext: ImageExt;
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes a picture; invalid_image for anything that is not a sound PNG, JPEG or WebP.
 * `maxSidePx` lets other uploads (ticket-design thumbnails) ask for a smaller picture under the same rules.
 */
export async function reencodeImage(input: Buffer, maxSidePx: number = CHAT_IMAGE_MAX_SIDE_PX): Promise<EncodedImage> {
  if (input.length === 0 || input.length > CHAT_IMAGE_MAX_BYTES) throw new DomainError(input.length ? 'payload_too_large' : 'invalid_image');
  const ext = sniffImage(input);
  if (!ext) throw new DomainError('invalid_image');
  try {
    const source = sharp(input, { limitInputPixels: CHAT_IMAGE_MAX_PIXELS, failOn: 'error', animated: false });
    const meta = await source.metadata();
    // The signature said one format; the decoder must agree, or the file is a disguise.
    if (meta.format !== SHARP_FORMAT[ext]) throw new DomainError('invalid_image');
    let pipeline = source
      .rotate()
      .resize({ width: maxSidePx, height: maxSidePx, fit: 'inside', withoutEnlargement: true })
      .timeout({ seconds: 15 });
    if (ext === 'png') pipeline = pipeline.png({ compressionLevel: 9 });
    else if (ext === 'jpg') pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
    else pipeline = pipeline.webp({ quality: 85 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, ext, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError('invalid_image');
  }
}

export function uploadDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'chat');
}

/** Writes the encoded picture under a fresh random name; returns the name. */
export async function writeImageFile(dataDir: string, image: EncodedImage): Promise<string> {
  return writeImageFileIn(uploadDir(dataDir), image);
}

/** writeImageFile into another upload folder (each kind of upload keeps its own). */
export async function writeImageFileIn(dir: string, image: EncodedImage): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${image.ext}`;
  await fs.writeFile(path.join(dir, name), image.data, { flag: 'wx' });
  return name;
}

export async function removeImageFile(dataDir: string, name: string): Promise<void> {
  await removeImageFileIn(uploadDir(dataDir), name);
}

/** removeImageFile from another upload folder; names that are not upload names are left alone. */
export async function removeImageFileIn(dir: string, name: string): Promise<void> {
  if (UPLOAD_NAME.test(name)) await fs.rm(path.join(dir, name), { force: true });
}

/** Records an upload of `userId` for `eventId`; rate_limited when they hold too many unattached. */
export async function insertUpload(q: Q, userId: number, eventId: number, name: string, image: EncodedImage): Promise<void> {
  const held = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM chat_uploads
    WHERE user_id = ${userId} AND comment_id IS NULL AND created_at > ${new Date(Date.now() - UNATTACHED_TTL_MS)}`.execute(q);
  if ((held.rows[0]?.n ?? 0) >= UNATTACHED_MAX) throw new DomainError('rate_limited');
  await sql`
    INSERT INTO chat_uploads (name, user_id, event_id, bytes, width, height)
    VALUES (${name}, ${userId}, ${eventId}, ${image.data.length}, ${image.width}, ${image.height})`.execute(q);
}

/**
 * Claims an upload for a new comment: it must be the actor's, made for this event and not shown
 * by another comment. Locks the row so two comments cannot claim it at once.
 */
export async function claimUpload(trx: Tx, userId: number, eventId: number, name: string, commentId: number): Promise<void> {
  const r = await sql<{ name: string }>`
    UPDATE chat_uploads SET comment_id = ${commentId}
    WHERE name = ${name} AND user_id = ${userId} AND event_id = ${eventId} AND comment_id IS NULL
    RETURNING name`.execute(trx);
  if (r.rows.length === 0) throw new DomainError('invalid_image', 'image is not an unused upload of yours for this event');
}

/** Deletes a few stale unattached uploads and their files; called as new uploads arrive. */
export async function sweepUploads(db: Kysely<DB>, dataDir: string): Promise<void> {
  const r = await sql<{ name: string }>`
    DELETE FROM chat_uploads WHERE name IN (
      SELECT name FROM chat_uploads WHERE comment_id IS NULL AND created_at < ${new Date(Date.now() - UNATTACHED_TTL_MS)}
      LIMIT 20)
    RETURNING name`.execute(db);
  for (const row of r.rows) await removeImageFile(dataDir, row.name);
}

/**
 * May this viewer download the picture? A posted one: anybody who may read that event's chat,
 * while the comment is not deleted. An unposted one: only its uploader.
 */
export async function visibleUpload(q: Q, name: string, viewerId: number | null): Promise<boolean> {
  if (viewerId === null) return false;
  const r = await sql<{ ok: boolean }>`
    SELECT CASE
      WHEN up.comment_id IS NULL THEN up.user_id = ${viewerId}
      ELSE EXISTS (SELECT 1 FROM chat_comments c JOIN events e ON e.id = c.event_id
        WHERE c.id = up.comment_id AND NOT c.deleted AND NOT e.deleted
          AND ${mayReadSql(sql`${viewerId}::int`, sql`c.event_id`)})
    END AS ok
    FROM chat_uploads up WHERE up.name = ${name}`.execute(q);
  return r.rows[0]?.ok === true;
}
