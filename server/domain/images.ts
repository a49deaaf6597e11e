import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_MAX_PIXELS, CHAT_IMAGE_MAX_SIDE_PX } from '../../contract/chat.ts';
import { DomainError } from '../../contract/errors.ts';

/**
 * Pictures people upload: chat comments' (chat/uploads.ts), trip plans' (trips/) and ticket
 * designs' (tickets/design-images.ts).
 *
 * Nothing a user uploads is ever stored or served as they sent it. The format is taken from the
 * first bytes (never the file name or the claimed content type) and must be PNG, JPEG or WebP; the
 * picture is then decoded and encoded again by sharp into the same format, which drops everything
 * that is not pixels: EXIF (with its GPS position), comments, trailing bytes after the image, text
 * chunks — so an HTML or script "polyglot" hidden in a valid picture does not survive. Frames of an
 * animation beyond the first are dropped too. The result is stored under a random name in a folder
 * per kind and served with its real type, nosniff and a CSP that forbids everything
 * (server/routes/files/uploads.ts sendUploadedImage).
 */

export const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type ImageExt = keyof typeof IMAGE_TYPES;
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

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
    let pipeline = source.rotate().resize({ width: maxSidePx, height: maxSidePx, fit: 'inside', withoutEnlargement: true }).timeout({ seconds: 15 });
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

/** Each kind of upload keeps its own folder under <dataDir>/uploads. */
export type UploadKind = 'chat' | 'trips' | 'ticket-design' | 'avatars' | 'event-pictures';

export function uploadDir(dataDir: string, kind: UploadKind): string {
  return path.join(dataDir, 'uploads', kind);
}

/** Writes the encoded picture under a fresh random name in `dir`; returns the name. */
export async function writeImageFile(dir: string, image: EncodedImage): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${image.ext}`;
  await fs.writeFile(path.join(dir, name), image.data, { flag: 'wx' });
  return name;
}

/** Removes a stored picture from `dir`; names that are not upload names are left alone. */
export async function removeImageFile(dir: string, name: string): Promise<void> {
  if (UPLOAD_NAME.test(name)) await fs.rm(path.join(dir, name), { force: true });
}

/** A stored picture's bytes; null for a name that is not an upload name or a file that is gone. */
export async function readImageFile(dir: string, name: string): Promise<Buffer | null> {
  if (!UPLOAD_NAME.test(name)) return null;
  try {
    return await fs.readFile(path.join(dir, name));
  } catch {
    return null;
  }
}
