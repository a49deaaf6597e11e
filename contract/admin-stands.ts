import { Type, type Static } from '@sinclair/typebox';
import { ClientRef, PictureField } from './admin-refs.ts';
import { isHttpUrlOrEmpty } from './admin.ts';

/**
 * Stands (companies) organisers and stand managers edit (issue 14, slice 5; events.md §2–3, §6):
 * name, logo, picture, link, location, description and contacts, and the stand's members with
 * their position and whether they manage it. An event's organisers create and remove stands and
 * edit any; a stand's managers edit that stand and its members (the specs' "Open Stand"), nothing
 * else. Members are changed one at a time, so a member the editor's copy does not show (one who
 * hides from visitor lists, to a device without the right to see them) is never dropped.
 */

export const STAND_LIMITS = {
  name: 200,
  location: 100,
  link: 2_000,
  description: 5_000,
  phone: 50,
  email: 254,
  position: 200,
} as const;

const EventId = Type.Integer({ minimum: 1 });
const Text = (max: number) => Type.String({ maxLength: max });

export const StandFields = Type.Object(
  {
    name: Text(STAND_LIMITS.name),
    location: Text(STAND_LIMITS.location),
    /** '' or an http(s) address: the stand's website. */
    link: Text(STAND_LIMITS.link),
    description: Text(STAND_LIMITS.description),
    phone: Text(STAND_LIMITS.phone),
    email: Text(STAND_LIMITS.email),
    /** '' or an uploaded logo of the event (the small square shown in lists). */
    logo: PictureField,
    /** '' or an uploaded picture of the event (the stand page's large picture). */
    picture: PictureField,
  },
  { additionalProperties: false },
);
export type StandFields = Static<typeof StandFields>;
export type StandFieldName = keyof StandFields;

/** Without `stand` it makes a stand (organisers only), which later commands may name by this command's id. */
export const StandSetPayload = Type.Object({ event_id: EventId, stand: Type.Optional(ClientRef), fields: StandFields }, { additionalProperties: false });
export type StandSetPayload = Static<typeof StandSetPayload>;
export const StandRemovePayload = Type.Object({ event_id: EventId, stand: ClientRef }, { additionalProperties: false });

/** Adds the person to the stand, or changes their position and whether they manage it. */
export const StandMemberSetPayload = Type.Object(
  {
    event_id: EventId,
    stand: ClientRef,
    who: Type.Union([
      Type.Object({ user_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      Type.Object({ email: Type.String({ minLength: 3, maxLength: STAND_LIMITS.email }) }, { additionalProperties: false }),
    ]),
    position: Text(STAND_LIMITS.position),
    is_manager: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type StandMemberSetPayload = Static<typeof StandMemberSetPayload>;
export const StandMemberRemovePayload = Type.Object(
  { event_id: EventId, stand: ClientRef, user_id: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type StandMemberRemovePayload = Static<typeof StandMemberRemovePayload>;

export type StandProblem = 'required' | 'too_long' | 'url' | 'email';
export type StandProblems = Partial<Record<StandFieldName, StandProblem>>;
export const STAND_FIELD_ORDER: StandFieldName[] = ['name', 'location', 'link', 'description', 'phone', 'email', 'logo', 'picture'];

export function normaliseStand(f: StandFields): StandFields {
  return {
    name: f.name.trim(),
    location: f.location.trim(),
    link: f.link.trim(),
    description: f.description.trim(),
    phone: f.phone.trim(),
    email: f.email.trim(),
    logo: f.logo.trim(),
    picture: f.picture.trim(),
  };
}

/** The rules of a stand's fields that need no database (the pictures are checked by the server). */
export function checkStandFields(raw: StandFields): StandProblems {
  const f = normaliseStand(raw);
  const out: StandProblems = {};
  if (!/[\p{L}\p{N}]/u.test(f.name)) out.name = 'required';
  for (const k of ['name', 'location', 'link', 'description', 'phone', 'email'] as const) {
    const max = {
      name: STAND_LIMITS.name,
      location: STAND_LIMITS.location,
      link: STAND_LIMITS.link,
      description: STAND_LIMITS.description,
      phone: STAND_LIMITS.phone,
      email: STAND_LIMITS.email,
    }[k];
    if (f[k].length > max) out[k] = 'too_long';
  }
  if (!out.link && !isHttpUrlOrEmpty(f.link)) out.link = 'url';
  if (!out.email && f.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email)) out.email = 'email';
  return out;
}

export function standProblemCode(problem: StandProblem): 'invalid_url' | 'invalid_input' {
  return problem === 'url' ? 'invalid_url' : 'invalid_input';
}

/** The logo and picture a stand document carries, as the form's picture fields (a logo is its picture's small size). */
export function standPictures(doc: { image: string; image_thumb: string }): { logo: string; picture: string } {
  return { logo: doc.image_thumb.replace(/\?size=small$/, ''), picture: doc.image };
}
