import sharp from 'sharp';
import { DomainError } from '../../../contract/errors.ts';
import { DESIGN_IMAGE_THUMB_PX, designImageFields, designImageName, designImageUrl, type TicketDesignSettings } from '../../../contract/tickets.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import { readImageFile, reencodeImage, removeImageFile, UPLOAD_NAME, uploadDir, writeImageFile } from '../images.ts';
import {
  countUnattachedDesignImages,
  deleteStaleDesignImages,
  designImageVisibleTo,
  insertDesignImage,
  isEventDesignImage,
  knownDesignImages,
  setAttachedDesignImages,
} from './design-image-repository.ts';

/**
 * Pictures of ticket designs (the instructions' picture, sponsors' logos, the badge picture).
 *
 * They follow the rules of every uploaded picture (domain/images.ts): the format is read from the
 * bytes, the picture is decoded and encoded again by sharp (nothing but pixels survives), stored
 * under a random name and only ever served as an image. Each upload also gets a thumbnail (sponsors
 * carry `image_thumb`). Only an owner of the event uploads, and a design may only point at pictures
 * uploaded for that same event, so a design can neither show another event's pictures nor any
 * address outside this server.
 */

/** Pictures an event may hold that no saved design points at: a few edits' worth, not a file store. */
const UNATTACHED_MAX = 30;
/** Unattached pictures older than this are removed (with their files) as new uploads arrive. */
const UNATTACHED_TTL_MS = 24 * 3600 * 1000;

export const designImageDir = (dataDir: string) => uploadDir(dataDir, 'ticket-design');

export interface StoredDesignImage {
  name: string;
  thumb: string;
  width: number;
  height: number;
}

/** A picture and its thumbnail, re-encoded and written; recorded by recordDesignImage. */
export async function writeDesignImage(dataDir: string, input: Buffer): Promise<StoredDesignImage & { bytes: number }> {
  const image = await reencodeImage(input);
  const thumbImage = await reencodeImage(image.data, DESIGN_IMAGE_THUMB_PX);
  const dir = designImageDir(dataDir);
  const name = await writeImageFile(dir, image);
  try {
    const thumb = await writeImageFile(dir, thumbImage);
    return { name, thumb, width: image.width, height: image.height, bytes: image.data.length };
  } catch (err) {
    await removeImageFile(dir, name);
    throw err;
  }
}

/**
 * Records a written picture for the event, within the cap of unsaved ones. The write runner's
 * change-feed lock serialises these, so the cap holds under concurrent uploads.
 */
export async function recordDesignImage(trx: Tx, eventId: number, userId: number, image: StoredDesignImage & { bytes: number }): Promise<Effect> {
  if ((await countUnattachedDesignImages(trx, eventId)) >= UNATTACHED_MAX) throw new DomainError('rate_limited', 'too many unsaved design pictures');
  await insertDesignImage(trx, {
    name: image.name,
    thumb: image.thumb,
    event_id: eventId,
    user_id: userId,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
  });
  // Pictures are not replicated; a design that uses one is announced when it is saved.
  return quiet();
}

export async function removeDesignImageFiles(dataDir: string, image: { name: string; thumb: string }): Promise<void> {
  const dir = designImageDir(dataDir);
  await removeImageFile(dir, image.name);
  if (image.thumb) await removeImageFile(dir, image.thumb);
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
  const known = await knownDesignImages(trx, eventId, list);
  for (const f of designImageFields(settings)) {
    const name = f.url ? designImageName(f.url) : null;
    if (name && !known.has(name)) throw new DomainError('invalid_image', f.path);
  }
  return list;
}

/** Marks which of the event's pictures the saved design points at; the rest may be swept later. */
export async function attachDesignImages(trx: Tx, eventId: number, names: readonly string[]): Promise<void> {
  await setAttachedDesignImages(trx, eventId, names);
}

/** May this viewer download the picture (design-image-repository.ts designImageVisibleTo says who)? */
export async function visibleDesignImage(q: Q, file: string, viewerId: number | null): Promise<boolean> {
  if (viewerId === null || !UPLOAD_NAME.test(file)) return false;
  return designImageVisibleTo(q, file, viewerId);
}

export async function readDesignImage(dataDir: string, file: string): Promise<Buffer | null> {
  return readImageFile(designImageDir(dataDir), file);
}

/**
 * A design picture as PDFKit can draw it (PNG or JPEG; WebP is converted), or null when the URL is
 * empty, not one of this event's pictures or its file is gone: a ticket still prints without it.
 */
export async function designImageForPdf(q: Q, dataDir: string, eventId: number, url: string): Promise<Buffer | null> {
  const name = url ? designImageName(url) : null;
  if (!name || !(await isEventDesignImage(q, eventId, name))) return null;
  const data = await readDesignImage(dataDir, name);
  if (!data) return null;
  return name.endsWith('.webp') ? sharp(data).png().toBuffer() : data;
}

/** Deletes a few stale unattached pictures and their files; called as new uploads arrive. */
export async function sweepDesignImages(q: Q, dataDir: string): Promise<void> {
  for (const row of await deleteStaleDesignImages(q, new Date(Date.now() - UNATTACHED_TTL_MS))) await removeDesignImageFiles(dataDir, row);
}
