import { Type, type Static } from '@sinclair/typebox';
import { RevField, defineCollection, type DocOf } from './schema.ts';
import { AccountSettingsPatch } from './accounts.ts';
import { ContactField } from './contacts.ts';

/**
 * Visitors, people, likes, favorites and the profile (networking.md §2–9, events.md §9).
 *
 * Two replicated collections live here, not yet listed in COLLECTIONS (entities.ts):
 *
 * - `visitors`: the people who take part in one event, scoped by event_id. A document is the same
 *   for every viewer of that event (apart from the viewer's own document, which carries the
 *   viewer's own phone and email), so a like or a star by one user never makes other devices
 *   re-download anybody. Its checkpoint is kept per (collection, event): joining a new event
 *   starts that event's feed at 0 instead of bumping the revs of thousands of rows.
 * - `relations`: what the signed-in user thinks of other people (like_status, favorite), one small
 *   document per person, id = that person's user id. The screens join it to `visitors` by user_id.
 */

export const SOCIAL_LINK_MAX = 200;
const Link = () => Type.Optional(Type.String({ maxLength: SOCIAL_LINK_MAX }));

/** Social links the visitor card knows (networking.md §2); other stored keys are not shown. */
export const SocialLinks = Type.Object(
  { vk: Link(), facebook: Link(), twitter: Link(), gplus: Link(), linkedin: Link(), odn: Link(), telegram: Link(), instagram: Link() },
  { additionalProperties: false },
);
export type SocialLinks = Static<typeof SocialLinks>;
export type SocialNetwork = keyof SocialLinks;
/** In the schema's order, written out for the page as TICKET_TYPE_FIELD_NAMES is (sales.ts). */
export const SOCIAL_NETWORKS: readonly SocialNetwork[] = ['vk', 'facebook', 'twitter', 'gplus', 'linkedin', 'odn', 'telegram', 'instagram'];

const Int = (max: number) => Type.Integer({ minimum: 0, maximum: max, multipleOf: 1 });

export const VisitorsCollection = defineCollection({
  name: 'visitors',
  // 1: the index on event_id alone went; [event_id, registered_at] answers every query by event.
  version: 1,
  schema: Type.Object({
    /** `${event_id}:${user_id}`. */
    id: Type.String(),
    event_id: Int(2147483647),
    user_id: Int(2147483647),
    first_name: Type.String(),
    last_name: Type.String(),
    /** Always a URL: the uploaded picture or the drawn /files/avatars/{id}.svg. */
    avatar: Type.String(),
    country_code: Type.String(),
    country_name: Type.String(),
    city_id: Type.Integer(),
    city_name: Type.String(),
    position: Type.String(),
    company: Type.String(),
    /** "I'm looking for". */
    help: Type.String(),
    /** "About me". */
    status: Type.String(),
    show_status: Type.Integer(),
    /** 1 leaving the city, 2 coming, 3 looking for accommodation, 4 renting; 0 when unset or hidden. */
    trip_status: Type.Integer(),
    /** Comma-separated interest ids 1..7 (INTERESTS). */
    hobby: Type.String(),
    /** 1 male, 2 female, 0 unknown (the stored values, not the filter's 1/0). */
    sex: Type.Integer(),
    /**
     * The year, not an age or a bucket: those change on New Year's Day with no change of the row,
     * so a replicated age would go stale without a rev. Screens use ageOf/ageBucket below.
     */
    birth_year: Type.Integer(),
    social: SocialLinks,
    /** Empty when the person hides it (hide_phone); the viewer's own document always has it. */
    phone: Type.String(),
    /** Empty unless the person shows it (show_email); the viewer's own document always has it. */
    email: Type.String(),
    /**
     * The visitor category chosen from the event's menu (0 = none). Its label is not copied here:
     * it lives in the event's options.menu, and a renamed menu item must not leave every visitor
     * document of the event stale (their revs would not move). Screens look the name up there.
     */
    menu_id: Type.Integer(),
    /** visitor, organizer, speaker, sponsor or volunteer; an owner without a role is an organizer. */
    role: Type.String(),
    /** The visitor's own words for this event (user_events.about / interest). */
    about: Type.String(),
    interest: Type.String(),
    /** Holds a valid ticket for the event (or owns it): the spec's accesses_by_tickets. */
    accesses_by_tickets: Type.Boolean(),
    /** Unix seconds: first check-in or first valid ticket, else the account's creation. */
    registered_at: Int(1e11),
    ...RevField,
  }),
  // One index fewer to maintain on every write of a 5,000-visitor first sync (issue 13): queries
  // by event_id alone use the compound index's prefix.
  indexes: [['event_id', 'registered_at']],
});
export type VisitorDoc = DocOf<typeof VisitorsCollection>;

export const RelationsCollection = defineCollection({
  name: 'relations',
  // 1: the contact met by QR (contract/contacts.ts); every collection is taken, and a contact is
  // one more thing the user holds about one other person (docs/DESIGN.md, "Meet by QR").
  version: 1,
  schema: Type.Object({
    /** The other person's user id as a string. */
    id: Type.String(),
    user_id: Int(2147483647),
    /** LIKE_STATUS: 0 never, 1 not liked, 2 liked, 3 liked both ways. */
    like_status: Type.Integer(),
    favorite: Type.Boolean(),
    /** Present while the person is the user's contact. */
    contact: Type.Optional(ContactField),
    ...RevField,
  }),
});
export type RelationDoc = DocOf<typeof RelationsCollection>;

/**
 * like_status as the specs use it. 3 means "I like them and they like me": it is stored on both
 * rows, so each side's relations document changes (and replicates) when the other side likes or
 * unlikes. The client only ever sends 1 or 2.
 */
export const LIKE_STATUS = { none: 0, notLiked: 1, liked: 2, mutual: 3 } as const;
export type LikeRequest = 1 | 2;

/** The specs' click rule (networking.md §4): 1 if the current like is 2 or 3, otherwise 2. */
export function nextLikeRequest(current: number): LikeRequest {
  return current === LIKE_STATUS.liked || current === LIKE_STATUS.mutual ? 1 : 2;
}

export function isLiked(likeStatus: number | null | undefined): boolean {
  return likeStatus === LIKE_STATUS.liked || likeStatus === LIKE_STATUS.mutual;
}

/** What is stored for the liker, given the request and whether the other person likes them. */
export function storedLike(request: LikeRequest, otherLikesMe: boolean): 1 | 2 | 3 {
  if (request === 1) return LIKE_STATUS.notLiked;
  return otherLikesMe ? LIKE_STATUS.mutual : LIKE_STATUS.liked;
}

/**
 * show_status: who sees the person in visitor and people lists (networking.md §2 "who can see me
 * in the visitor list"). The labels are the map /profile/getStatusTypes serves.
 * - 1 everyone, guests included;
 * - 2 signed-in people who take part in at least one event the person takes part in (in an event's
 *   own list, that is its participants);
 * - 3 nobody but the person. hide_from_visitors does the same and more (it also hides the person
 *   from counters, other users' event lists and trip plans).
 * Any other stored value is treated as 3: an unknown setting must not widen visibility.
 */
export const SHOW_STATUS = { everyone: 1, participants: 2, nobody: 3 } as const;
export const STATUS_TYPE_VALUES = [1, 2, 3] as const;
export const STATUS_TYPE_LABELS: Record<'en' | 'uk' | 'ru' | 'pl', Record<1 | 2 | 3, string>> = {
  en: { 1: 'Everyone', 2: 'Participants of my events', 3: 'Nobody' },
  uk: { 1: 'Усі', 2: 'Учасники моїх подій', 3: 'Ніхто' },
  ru: { 1: 'Все', 2: 'Участники моих событий', 3: 'Никто' },
  pl: { 1: 'Wszyscy', 2: 'Uczestnicy moich wydarzeń', 3: 'Nikt' },
};

/** events.md §9: status filter values, which are the stored trip_status. */
export const TRIP_STATUSES = { leavingCity: 1, comingToCity: 2, lookingForAccommodation: 3, rentingApartment: 4 } as const;

/** networking.md §2 "People card" tabs and the trip_status each one lists (allVisitors: any). */
export const PEOPLE_TABS = {
  allVisitors: null,
  leaveCity: 1,
  comingToTheCity: 2,
  lookingForAccommodation: 3,
  rentAnApartment: 4,
} as const;
export type PeopleTab = keyof typeof PEOPLE_TABS;

/** events.md §9: interest ids stored comma-separated in hobby. */
export const INTERESTS = { 1: 'Extreme driving', 2: 'Shooting', 3: 'Rafting', 4: 'Technology', 5: 'Videogames', 6: 'Books', 7: 'Travel' } as const;
export const INTEREST_MAX = 7;

/**
 * Age buckets of the filter (events.md §9, values 1..6), as half-open ranges [min, max) in whole
 * years. The spec lists 45-55 and then 65+, leaving 55-64 in no bucket, so nobody of that age could
 * ever be found by age. Bucket 6 therefore starts at 55: its label should read "55+".
 */
export const AGE_BUCKETS: readonly { value: number; min: number; max: number | null }[] = [
  { value: 1, min: 0, max: 18 },
  { value: 2, min: 18, max: 25 },
  { value: 3, min: 25, max: 35 },
  { value: 4, min: 35, max: 45 },
  { value: 5, min: 45, max: 55 },
  { value: 6, min: 55, max: null },
];

/** Age in years from the birth year alone (no birth date is stored); null when unknown. */
export function ageOf(birthYear: number | null | undefined, currentYear: number): number | null {
  if (!birthYear || birthYear > currentYear) return null;
  return currentYear - birthYear;
}

export function ageBucket(birthYear: number | null | undefined, currentYear: number): number | null {
  const age = ageOf(birthYear, currentYear);
  if (age === null) return null;
  return AGE_BUCKETS.find((b) => age >= b.min && (b.max === null || age < b.max))?.value ?? null;
}

/** The sex filter says 1 male, 0 female; profiles store 1 male, 2 female. 2 is accepted as female too. */
export function sexFilterToStored(value: number): 1 | 2 | null {
  if (value === 1) return 1;
  if (value === 0 || value === 2) return 2;
  return null;
}

/**
 * Country ids. Countries are keyed by their ISO code, but the visitors page's country select and
 * its user_country_id parameter speak integers; this numbering is derived from the code alone (A=1
 * … Z=26, first letter × 100 + second), so it is the same on every server and for every event.
 */
export function countryIdOf(code: string): number {
  const c = code.toUpperCase();
  return (c.charCodeAt(0) - 64) * 100 + (c.charCodeAt(1) - 64);
}
export function countryCodeOf(id: number): string | null {
  const a = Math.floor(id / 100);
  const b = id % 100;
  if (a < 1 || a > 26 || b < 1 || b > 26) return null;
  return String.fromCharCode(64 + a) + String.fromCharCode(64 + b);
}

// Profile ----------------------------------------------------------------------------------------

/** Bounds of the profile's texts, applied after trimming. */
export const PROFILE_LIMITS = {
  name: 100,
  phone: 32,
  position: 200,
  company: 200,
  /** help ("I'm looking for") and status ("About me"). */
  about: 1000,
} as const;

const Text = (max: number) => Type.String({ maxLength: max });

/**
 * The fields of profile/save and of the profile.update command: only what is the user's own to
 * set. Role, moderation, tickets, email and password are not here, so they can never be set
 * through it; unknown keys (including __proto__) make the whole payload invalid. A field left out
 * keeps its value. Texts are trimmed by the server; position, status and help may not be emptied.
 */
export const ProfilePatch = Type.Object(
  {
    first_name: Type.Optional(Text(PROFILE_LIMITS.name)),
    last_name: Type.Optional(Text(PROFILE_LIMITS.name)),
    phone: Type.Optional(Type.String({ maxLength: PROFILE_LIMITS.phone, pattern: '^[0-9+()\\-. ]*$' })),
    position: Type.Optional(Text(PROFILE_LIMITS.position)),
    company: Type.Optional(Text(PROFILE_LIMITS.company)),
    help: Type.Optional(Text(PROFILE_LIMITS.about)),
    status: Type.Optional(Text(PROFILE_LIMITS.about)),
    /** 0 or null picks the first status type, as the form does for an empty value. */
    show_status: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 3 }), Type.Null()])),
    trip_status: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
    /** Interest ids, as an array or the stored comma-separated text. */
    hobby: Type.Optional(
      Type.Union([
        Type.Array(Type.Integer({ minimum: 1, maximum: INTEREST_MAX }), { maxItems: INTEREST_MAX }),
        Type.String({ maxLength: 20, pattern: '^([1-7](,[1-7])*)?$' }),
      ]),
    ),
    sex: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Null()])),
    birth_year: Type.Optional(Type.Union([Type.Integer({ minimum: 1900, maximum: 2100 }), Type.Null()])),
    social: Type.Optional(SocialLinks),
    city_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()])),
    country_code: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Za-z]{2}$' }), Type.Null()])),
    // Privacy switches of the profile aside (networking.md §2).
    show_email: Type.Optional(Type.Boolean()),
    hide_phone: Type.Optional(Type.Boolean()),
    hide_trip_plan: Type.Optional(Type.Boolean()),
    hide_from_visitors: Type.Optional(Type.Boolean()),
    // Gender and age on visitor cards; off until the person turns it on (privacy by default).
    show_personal: Type.Optional(Type.Boolean()),
    // Settings the account keeps beside the profile (contract/accounts.ts).
    ...AccountSettingsPatch,
  },
  { additionalProperties: false },
);
export type ProfilePatch = Static<typeof ProfilePatch>;

// Commands ---------------------------------------------------------------------------------------

const UserId = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const VisitorLikePayload = Type.Object({ user_id: UserId, status: Type.Union([Type.Literal(1), Type.Literal(2)]) }, { additionalProperties: false });
export const VisitorFavoritePayload = Type.Object({ user_id: UserId, favorite: Type.Boolean() }, { additionalProperties: false });
