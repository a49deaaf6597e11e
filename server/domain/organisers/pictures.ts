import { eventPictureName, POSTER_SIZES_PX, PICTURE_SIZES_PX, type EventPictureKind } from '../../../contract/admin-refs.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { quiet, type Effect } from '../effects.ts';
import { readImageFile, reencodeImage, removeImageFile, uploadDir, writeImageFile } from '../images.ts';
import { editableEvent, isOrganiser } from './repository.ts';
import {
  attachPicture,
  countUnattachedPictures,
  deleteStalePictures,
  insertPicture,
  managesStandOf,
  pictureByName,
  type EventPictureRow,
} from './pictures-repository.ts';

/**
 * Pictures organisers upload for an event: its poster in the specs' three sizes, stand logos and
 * pictures (stand managers upload their stand's too), guest speakers' pictures. They follow the
 * rules of every uploaded picture (domain/images.ts): the format is read from the bytes, sharp
 * decodes and encodes each size again, so nothing but pixels survives, and the files get random
 * names. An upload needs the network (a plain HTTP call); what puts the picture on the event, a
 * stand or a speaker is a command like every other admin write, and it may only name a picture
 * uploaded for that same event, so no record can point at another event's files or anywhere else.
 *
 * They are public (posters, logos and speakers show to guests) and served from
 * /files/uploads/event-pictures/<name>, `?size=small|middle|big` picking a size.
 */

/** Pictures an event may hold that nothing points at yet: a few edits' worth, not a file store. */
const UNATTACHED_MAX = 40;
/** Unattached pictures older than this are removed (with their files) as new uploads arrive. */
const UNATTACHED_TTL_MS = 24 * 3600 * 1000;

export const eventPictureDir = (dataDir: string) => uploadDir(dataDir, 'event-pictures');

export interface StoredPicture {
  name: string;
  middle: string | null;
  small: string;
  width: number;
  height: number;
  bytes: number;
}

/** Every size of the picture, re-encoded and written; recorded by recordEventPicture. */
export async function writeEventPicture(dataDir: string, kind: EventPictureKind, input: Buffer): Promise<StoredPicture> {
  const sizes = kind === 'poster' ? POSTER_SIZES_PX : PICTURE_SIZES_PX;
  const big = await reencodeImage(input, sizes.big);
  const middle = 'middle' in sizes ? await reencodeImage(big.data, sizes.middle) : null;
  const small = await reencodeImage(big.data, sizes.small);
  const dir = eventPictureDir(dataDir);
  const written: string[] = [];
  const write = async (image: typeof big) => {
    const name = await writeImageFile(dir, image);
    written.push(name);
    return name;
  };
  let names: { name: string; middle: string | null; small: string };
  try {
    names = { name: await write(big), middle: middle ? await write(middle) : null, small: await write(small) };
  } catch (err) {
    for (const name of written) await removeImageFile(dir, name);
    throw err;
  }
  return {
    ...names,
    width: big.width,
    height: big.height,
    bytes: big.data.length,
  };
}

/**
 * Records a written picture for the event. Its organisers upload every kind; a manager of one of
 * its stands uploads logos and pictures (the stand command then checks which stand). The write
 * runner's change-feed lock serialises these, so the cap of unsaved pictures holds.
 */
export async function recordEventPicture(trx: Tx, eventId: number, userId: number, kind: EventPictureKind, p: StoredPicture): Promise<Effect> {
  const standPicture = kind === 'logo' || kind === 'picture';
  const event = await editableEvent(trx, eventId);
  if (!event) throw new DomainError('event_not_found');
  if (event.deleted) throw new DomainError('event_removed');
  if (!(await isOrganiser(trx, eventId, userId)) && !(standPicture && (await managesStandOf(trx, eventId, userId))))
    throw new DomainError('organiser_required');
  if ((await countUnattachedPictures(trx, eventId)) >= UNATTACHED_MAX) throw new DomainError('rate_limited', 'too many unsaved pictures');
  await insertPicture(trx, {
    name: p.name,
    middle: p.middle,
    small: p.small,
    event_id: eventId,
    kind,
    user_id: userId,
    bytes: p.bytes,
    width: p.width,
    height: p.height,
  });
  // Pictures are not replicated; the record that shows one is announced when it is saved.
  return quiet();
}

export async function removePictureFiles(dataDir: string, p: Pick<EventPictureRow, 'name' | 'middle' | 'small'>): Promise<void> {
  const dir = eventPictureDir(dataDir);
  for (const name of [p.name, p.middle, p.small]) if (name) await removeImageFile(dir, name);
}

/**
 * The stored name of a picture field of a command: null for '', the picture's own (largest) name
 * when it was uploaded for this event as one of `kinds`; invalid_image naming `field` otherwise.
 * The picture counts as used from then on, so the sweep leaves it.
 */
export async function pictureOfEvent(trx: Tx, eventId: number, url: string, kinds: readonly EventPictureKind[], field: string): Promise<string | null> {
  if (url === '') return null;
  const name = eventPictureName(url);
  const row = name ? await pictureByName(trx, name, true) : undefined;
  if (!row || row.event_id !== eventId || !kinds.includes(row.kind as EventPictureKind)) throw new DomainError('invalid_image', field);
  await attachPicture(trx, row.name);
  return row.name;
}

/** The file to serve for a picture at a size ('' is the size it was asked by); null when there is none. */
export async function readEventPicture(q: Q, dataDir: string, name: string, size: string): Promise<{ name: string; data: Buffer } | null> {
  const row = await pictureByName(q, name);
  if (!row) return null;
  const file = size === 'small' ? row.small : size === 'middle' ? (row.middle ?? row.name) : size === 'big' ? row.name : name;
  const data = await readImageFile(eventPictureDir(dataDir), file);
  return data ? { name: file, data } : null;
}

/** Deletes a few stale unattached pictures and their files; called as new uploads arrive. */
export async function sweepEventPictures(q: Q, dataDir: string): Promise<void> {
  for (const row of await deleteStalePictures(q, new Date(Date.now() - UNATTACHED_TTL_MS))) await removePictureFiles(dataDir, row);
}
