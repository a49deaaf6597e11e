import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion } from './schema.ts';
import { UnixSeconds } from './storable.ts';

/**
 * The organiser's admin area (issue 14): the event fields organisers edit, the team roles they
 * hand out, the limits of each field and the one check of them that the form and the server share.
 * The commands' payloads are here; contract/commands.ts registers them.
 */

export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Roles an event's organisers hand out. `organizer` is a co-organiser, with the owner's rights. */
export const TEAM_ROLES = ['organizer', 'moderator', 'door'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Lengths in characters, after trimming. */
export const EVENT_LIMITS = {
  name: 200,
  description: 10_000,
  placeName: 200,
  address: 300,
  city: 100,
  timezone: 64,
  url: 2_000,
  email: 254,
  /** The longest event: a season of webinars, not a decade. */
  maxDays: 366,
} as const;

/**
 * The stream's player (events.md §4): 0 no video, 1 an embeddable frame (the URL is shown in an
 * iframe), 2 a link the viewers open.
 */
export const VIDEO_TYPES = [0, 1, 2] as const;

/** The categories every database holds (migration 014 inserts them; the seed uses the same ids). */
export const EVENT_CATEGORIES = [
  { id: 1, name: 'IT' },
  { id: 2, name: 'Business' },
  { id: 3, name: 'Marketing' },
  { id: 4, name: 'Design' },
  { id: 5, name: 'Medicine' },
  { id: 6, name: 'Education' },
] as const;

const Text = (max: number) => Type.String({ maxLength: max });

export const MapPoint = Type.Object(
  { lat: Type.Number({ minimum: -90, maximum: 90 }), lng: Type.Number({ minimum: -180, maximum: 180 }) },
  { additionalProperties: false },
);

/** Every field of an event an organiser edits, with its contract limits. */
export const EventFields = Type.Object(
  {
    name: Text(EVENT_LIMITS.name),
    category_id: Type.Integer({ minimum: 1 }),
    /** Plain text; links in it are shown as links, nothing else is markup. */
    description: Text(EVENT_LIMITS.description),
    is_webinar: Type.Boolean(),
    place_name: Text(EVENT_LIMITS.placeName),
    address: Text(EVENT_LIMITS.address),
    city: Text(EVENT_LIMITS.city),
    map_point: Type.Union([Type.Null(), MapPoint]),
    /** An IANA name such as Europe/Kyiv. */
    timezone: Type.String({ minLength: 1, maxLength: EVENT_LIMITS.timezone }),
    starts_at: UnixSeconds(),
    ends_at: UnixSeconds(),
    /** '' or an http(s) URL. */
    stream_url: Text(EVENT_LIMITS.url),
    video_type: LiteralUnion(VIDEO_TYPES),
    /** '' or an http(s) URL of a picture behind the live player. */
    broadcast_background: Text(EVENT_LIMITS.url),
    is_free: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type EventFields = Static<typeof EventFields>;
export type EventFieldName = keyof EventFields;
/** The fields in the schema's order, written out for the page as TICKET_TYPE_FIELD_NAMES is (sales.ts). */
export const EVENT_FIELD_NAMES: readonly EventFieldName[] = [
  'name',
  'category_id',
  'description',
  'is_webinar',
  'place_name',
  'address',
  'city',
  'map_point',
  'timezone',
  'starts_at',
  'ends_at',
  'stream_url',
  'video_type',
  'broadcast_background',
  'is_free',
];

export const EventCreatePayload = Type.Object({ fields: EventFields }, { additionalProperties: false });
/**
 * Only the fields the organiser changed: two organisers editing different fields of one event at
 * once both keep their change, and for the same field the later one wins.
 */
export const EventUpdatePayload = Type.Object(
  { event_id: Type.Integer({ minimum: 1 }), fields: Type.Partial(EventFields, { minProperties: 1 }) },
  { additionalProperties: false },
);
export const EventStatusPayload = Type.Object(
  { event_id: Type.Integer({ minimum: 1 }), status: LiteralUnion(EVENT_STATUSES) },
  { additionalProperties: false },
);
export const EventDeletePayload = Type.Object({ event_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
/**
 * The event's poster: '' for the drawn one, or a poster uploaded for this event (contract/admin-refs.ts),
 * which the lists show in the specs' three sizes.
 */
export const EventPosterPayload = Type.Object(
  { event_id: Type.Integer({ minimum: 1 }), poster: Type.String({ maxLength: 120 }) },
  { additionalProperties: false },
);
/** Carries the wanted state (`granted`), so a replay or two organisers' same change land alike. */
export const EventRolePayload = Type.Object(
  {
    event_id: Type.Integer({ minimum: 1 }),
    who: Type.Union([
      Type.Object({ user_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      Type.Object({ email: Type.String({ minLength: 3, maxLength: EVENT_LIMITS.email }) }, { additionalProperties: false }),
    ]),
    role: LiteralUnion(TEAM_ROLES),
    granted: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type EventRolePayload = Static<typeof EventRolePayload>;

/** What is wrong with a field, as the key the form translates (`admin.fieldErrors.<code>`). */
export type FieldProblem = 'required' | 'too_long' | 'url' | 'timezone' | 'time_order' | 'too_long_span' | 'category' | 'video_url' | 'range';
export type FieldProblems = Partial<Record<EventFieldName, FieldProblem>>;

/** True for '' or an absolute http: or https: URL (WHATWG parsing, as a browser would follow it). */
export function isHttpUrlOrEmpty(value: string): boolean {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An IANA time zone name the runtime knows (the server's and the browser's ICU agree on these). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Old names of zones that were renamed, as some browsers still report them: the canonical IANA name
 * is stored and shown (migration 059 renamed the stored ones).
 */
const RENAMED_ZONES: Record<string, string> = { 'Europe/Kiev': 'Europe/Kyiv' };

/** The zone's current IANA name (Europe/Kiev is Europe/Kyiv); any other name as given. */
export function canonicalTimeZone(name: string): string {
  return RENAMED_ZONES[name] ?? name;
}

/** Trims the text fields as they are stored, and gives a renamed time zone its current name. */
export function normaliseEventFields<F extends Partial<EventFields>>(f: F): F {
  const out: Record<string, unknown> = { ...f };
  for (const k of ['name', 'description', 'place_name', 'address', 'city', 'timezone', 'stream_url', 'broadcast_background'] as const) {
    if (typeof out[k] === 'string') out[k] = (out[k] as string).trim();
  }
  if (typeof out.timezone === 'string') out.timezone = canonicalTimeZone(out.timezone);
  return out as F;
}

const TEXT_LIMITS: Partial<Record<EventFieldName, number>> = {
  name: EVENT_LIMITS.name,
  description: EVENT_LIMITS.description,
  place_name: EVENT_LIMITS.placeName,
  address: EVENT_LIMITS.address,
  city: EVENT_LIMITS.city,
  stream_url: EVENT_LIMITS.url,
  broadcast_background: EVENT_LIMITS.url,
};

/**
 * The rules of a whole event (after a patch is merged onto the stored one): the form shows each
 * problem next to its field, the server refuses the command for the first one. Nothing here needs
 * the database, so the two cannot disagree.
 */
export function checkEventFields(raw: EventFields): FieldProblems {
  const f = normaliseEventFields(raw);
  const out: FieldProblems = {};
  for (const [k, max] of Object.entries(TEXT_LIMITS) as [EventFieldName, number][]) {
    if ((f[k] as string).length > max) out[k] = 'too_long';
  }
  if (!/[\p{L}\p{N}]/u.test(f.name)) out.name = 'required';
  if (!EVENT_CATEGORIES.some((c) => c.id === f.category_id)) out.category_id = 'category';
  if (!isTimeZone(f.timezone)) out.timezone = 'timezone';
  if (!out.stream_url && !isHttpUrlOrEmpty(f.stream_url)) out.stream_url = 'url';
  if (!out.stream_url && f.video_type !== 0 && f.stream_url === '') out.stream_url = 'video_url';
  if (!out.broadcast_background && !isHttpUrlOrEmpty(f.broadcast_background)) out.broadcast_background = 'url';
  const p = f.map_point;
  if (p && !(Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180)) out.map_point = 'range';
  if (f.ends_at <= f.starts_at) out.ends_at = 'time_order';
  else if (f.ends_at - f.starts_at > EVENT_LIMITS.maxDays * 86_400) out.ends_at = 'too_long_span';
  return out;
}

/** The error code the server answers for a field's problem (contract/errors.ts). */
export function problemCode(problem: FieldProblem): 'invalid_timezone' | 'event_time_order' | 'invalid_url' | 'invalid_input' {
  switch (problem) {
    case 'timezone':
      return 'invalid_timezone';
    case 'time_order':
      return 'event_time_order';
    case 'url':
    case 'video_url':
      return 'invalid_url';
    default:
      return 'invalid_input';
  }
}

/** The organiser's part of an event document: filled only in the copies its organisers pull. */
export interface TeamMember {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  roles: TeamRole[];
  /** The event's creator: an organiser nobody can remove. */
  creator: boolean;
}
