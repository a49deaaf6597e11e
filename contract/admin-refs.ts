import { Type, type Static } from '@sinclair/typebox';

/**
 * What the organisers' commands share (issue 14): how one command points at a record another
 * command of the same queue made while the device was offline, and how a command names a picture
 * uploaded for the event.
 */

/**
 * A record by its id, or, while the device has not learnt that id yet, by the id of the command
 * that created it: a track made offline can take a speech queued right after it, and a stand made
 * offline its members. The server keeps the creating command's id beside the record (client_id).
 */
export const ClientRef = Type.Union([
  Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  Type.Object({ client_id: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }, { additionalProperties: false }),
]);
export type ClientRef = Static<typeof ClientRef>;

export const refKey = (ref: ClientRef): string => ('id' in ref ? `id:${ref.id}` : `client:${ref.client_id}`);

/** Whether two refs name the same record, knowing that `client_id` became `id` (a record the server sent back). */
export function sameRef(a: ClientRef, b: { id: number; client_id?: string | null }): boolean {
  return 'id' in a ? a.id === b.id : b.client_id !== undefined && b.client_id !== null && a.client_id === b.client_id;
}

/** Where an uploaded picture of an event is served; the kinds are the upload's purposes. */
export const EVENT_PICTURE_PATH = '/files/uploads/event-pictures/';
export const EVENT_PICTURE_KINDS = ['poster', 'logo', 'picture', 'speaker'] as const;
export type EventPictureKind = (typeof EVENT_PICTURE_KINDS)[number];
/** The poster's sizes, the specs' poster_small, poster_middle and poster_big: the longer side in pixels. */
export const POSTER_SIZES_PX = { small: 400, middle: 960, big: 1920 } as const;
/** Logos, stand pictures and speakers' pictures: the shown picture and its thumbnail. */
export const PICTURE_SIZES_PX = { big: 1600, small: 256 } as const;

const NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

export function eventPictureUrl(name: string): string {
  return `${EVENT_PICTURE_PATH}${name}`;
}

/** The stored name of an event picture URL ('' for none); null for anything else. */
export function eventPictureName(url: string): string | null {
  if (!url.startsWith(EVENT_PICTURE_PATH)) return null;
  const [name = ''] = url.slice(EVENT_PICTURE_PATH.length).split('?');
  return NAME.test(name) ? name : null;
}

/** A picture field of a command: '' (none) or the URL of a picture uploaded for the event. */
export const PictureField = Type.String({ maxLength: 120 });

/**
 * True for '', an absolute http(s) URL, or a path on this server ("/files/…", never "//host"):
 * links organisers give to presentations, which Foyer may serve itself.
 */
export function isLinkOrEmpty(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\') && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
