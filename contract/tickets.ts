import { Type, type Static } from '@sinclair/typebox';
import { RevField, defineCollection, type DocOf, LiteralUnion } from './schema.ts';
import { OrderSummary } from './orders.ts';
import { WaitlistPart } from './waitlist.ts';

/**
 * Tickets (events.md §2 "My tickets", §3 Ticket, ticket design) and the door devices' copy of an
 * event's tickets. Two replicated collections live here, not yet listed in COLLECTIONS
 * (entities.ts):
 *
 * - `tickets`, user-scoped: the signed-in user's own tickets, each with the event summary its card
 *   needs and `qr`, the signed code, so the card and its QR show offline. Rev = greatest(ticket,
 *   event, holder) revs: renaming or moving the event re-sends the card.
 * - `door_tickets`, scoped per event (`?event_id=`) and given only to the event's owners and the
 *   door staff they name: what offline validation needs, plus every scan the server has recorded
 *   for the ticket. Rev = greatest(ticket, holder, latest scan) revs, so another device's admission
 *   reaches every door device on its next pull. A removed ticket is never sent as a tombstone: it
 *   stays as `cancelled`, because a door device that forgot a ticket would take its (genuinely
 *   signed) QR code for one sold after its last download and admit it.
 */

const Int = (max: number) => Type.Integer({ minimum: 0, maximum: max, multipleOf: 1 });
const Id = Int(2147483647);
/** Ticket codes are short ('FY-…'); bounded so RxDB can index them. */
export const TICKET_CODE_MAX = 128;

export const TICKET_STATUSES = ['valid', 'cancelled'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_DOC_KINDS = ['ticket', 'order', 'waitlist'] as const;
export type TicketDocKind = (typeof TICKET_DOC_KINDS)[number];

/** The id of an order's own document in the tickets collection. */
export const orderDocId = (orderId: number) => `order-${orderId}`;

export const PAID_CANCEL_STATES = ['', 'request', 'requested'] as const;
export type PaidCancelState = (typeof PAID_CANCEL_STATES)[number];

export const TicketsCollection = defineCollection({
  name: 'tickets',
  // 1: orders joined the collection (`kind`, `order`).
  // 2: an order says its promo code and the discount (`order.promo_code`, `order.discount`).
  // 3: places in waitlists joined the collection (kind `waitlist`, `waitlist`).
  // 4: a paid ticket says whether its holder may ask to cancel it, or has asked (`paid_cancel`).
  version: 4,
  schema: Type.Object({
    /** The ticket id as a string, or `order-<id>` for an order's own document. */
    id: Type.String(),
    kind: LiteralUnion(TICKET_DOC_KINDS),
    ticket_id: Id,
    event_id: Id,
    code: Type.String({ maxLength: TICKET_CODE_MAX }),
    /** The QR payload: the code signed by the server (contract/checkin.ts formatTicketPayload). */
    qr: Type.String(),
    type: Type.String(),
    /** The holder's name as printed on the ticket. */
    name: Type.String(),
    company: Type.String(),
    position: Type.String(),
    price: Type.Number(),
    currency: Type.String(),
    description: Type.String(),
    place: Type.String(),
    status: Type.String(),
    invalid: Type.Boolean(),
    visitor_category: Type.String(),
    /** Unix seconds of the purchase. */
    created_at: Int(1e11),
    /** The event's start and end (unix seconds), top level so the future/past tabs can index them. */
    when: Int(1e11),
    when_end: Int(1e11),
    /** Server paths; both need the network. */
    download_link: Type.String(),
    send_email_link: Type.String(),
    event: Type.Object({
      name: Type.String(),
      poster_small: Type.String(),
      when: Int(1e11),
      when_end: Int(1e11),
      timezone: Type.String(),
      place: Type.Object({ public: Type.Boolean(), name: Type.String(), address: Type.String() }),
    }),
    user: Type.Object({
      first_name: Type.String(),
      last_name: Type.String(),
      full_name: Type.String(),
      profile_link: Type.String(),
      company: Type.Object({ name: Type.String(), position: Type.String(), visitor_category: Type.String() }),
    }),
    /** The order that sold the ticket, or the order this document is. */
    order: OrderSummary,
    /** A place in a waitlist (kind `waitlist`; contract/waitlist.ts), or NO_WAITLIST. */
    waitlist: WaitlistPart,
    /**
     * A paid ticket's cancellation by its holder (contract/self-service.ts): '' when the organiser
     * does not take requests (or the ticket is free, or not a ticket), `request` when the holder may
     * ask, `requested` while the holder's request waits for the organiser.
     */
    paid_cancel: LiteralUnion(PAID_CANCEL_STATES),
    ...RevField,
  }),
  indexes: ['when_end'],
});
export type TicketDoc = DocOf<typeof TicketsCollection>;

/**
 * What a door scan came to (contract/checkin.ts explains each). `not_on_list` and `wrong_day` are a
 * check-in list's refusals (another type, another day); `checked_out` is an exit recorded on a
 * list that allows re-entry, `not_inside` an exit of a ticket that is not in (contract/checkin-lists.ts).
 */
export const SCAN_RESULTS = [
  'admitted',
  'unknown',
  'forged',
  'wrong_event',
  'cancelled',
  'invalid',
  'already_used',
  'transferred',
  'not_on_list',
  'wrong_day',
  'checked_out',
  'not_inside',
] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

export const DoorScan = Type.Object({
  /** The scan's own id, made by the device (the ticket.scan command id). */
  id: Type.String(),
  device_id: Type.String(),
  /** When the device scanned, by its clock (unix milliseconds). */
  scanned_at_ms: Int(1e14),
  /** When the server received the upload (unix milliseconds). */
  received_at_ms: Int(1e14),
  result: LiteralUnion(SCAN_RESULTS),
  /** The earlier admission this one repeats, or '' (only admitted scans are ever duplicates). */
  duplicate_of: Type.String(),
  /** The check-in list it was made on; 0 or absent the implicit one (contract/checkin-lists.ts). */
  list_id: Type.Optional(Id),
});
export type DoorScan = Static<typeof DoorScan>;

/** Why a door ticket is void beyond its status: '' or 'transferred' (its holder gave it away; contract/self-service.ts). */
export const DOOR_REVOKED_REASONS = ['', 'transferred'] as const;

export const DoorTicketsCollection = defineCollection({
  name: 'door_tickets',
  // 1: a ticket given to somebody else says so (`revoked`), so the door can tell the person why.
  // 2: check-in lists: a ticket says its type's id (`type_id`), a scan its list (`scans[].list_id`).
  version: 2,
  schema: Type.Object({
    /** The ticket id as a string. */
    id: Type.String(),
    ticket_id: Id,
    event_id: Id,
    code: Type.String({ maxLength: TICKET_CODE_MAX }),
    holder_name: Type.String(),
    type: Type.String(),
    /** The ticket type's id, which check-in lists name; 0 for a ticket of no type (a registration). */
    type_id: Id,
    /** 'cancelled' also for a ticket the organiser removed. */
    status: LiteralUnion(TICKET_STATUSES),
    invalid: Type.Boolean(),
    revoked: LiteralUnion(DOOR_REVOKED_REASONS),
    /** Every scan of this ticket the server has recorded, in scan order. */
    scans: Type.Array(DoorScan),
    ...RevField,
  }),
  indexes: ['event_id', ['event_id', 'code']],
});
export type DoorTicketDoc = DocOf<typeof DoorTicketsCollection>;

/** The tabs of My tickets (events.md §2); the legacy call's `period`. */
export const TICKET_PERIODS = ['all_time', 'future', 'past'] as const;
export type TicketPeriod = (typeof TICKET_PERIODS)[number];

/** A ticket belongs to the future tab until its event has ended, like the events lists. */
export function ticketPeriodOf(whenEndSeconds: number, nowMs: number): 'future' | 'past' {
  return whenEndSeconds * 1000 >= nowMs ? 'future' : 'past';
}

// ---------------------------------------------------------------------------------------------
// Ticket design (events.md §3): instructions, sponsors, roles, badge.

const Text = (max: number) => Type.String({ maxLength: max });

export const DesignRole = Type.Object(
  {
    /** Missing for a role the organiser is adding; the server numbers it. */
    id: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    name: Type.String({ minLength: 1, maxLength: 60 }),
    color: Type.String({ maxLength: 20 }),
    canDelete: Type.Boolean(),
    is_default: Type.Boolean(),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type DesignRole = Static<typeof DesignRole>;

export const DesignSponsor = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    name: Text(200),
    description: Text(2000),
    event_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    image: Text(500),
    image_thumb: Text(500),
    link: Text(500),
    role_id: Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()]),
  },
  { additionalProperties: false },
);

const Checkable = {
  /** 'standart' is the spelling the old clients use. */
  type: Text(40),
  checked: Type.Array(Text(100), { maxItems: 100 }),
  image: Text(500),
};

export const TicketDesignSettings = Type.Object(
  {
    instructions: Type.Object(
      {
        type: Text(40),
        image: Text(500),
        cropImage: Text(500),
        items: Type.Array(
          Type.Object(
            { id: Type.Integer({ minimum: 0, maximum: 1_000_000 }), text: Text(2000), sort: Type.Integer({ minimum: 0, maximum: 10_000 }) },
            { additionalProperties: false },
          ),
          { maxItems: 50 },
        ),
      },
      { additionalProperties: false },
    ),
    sponsors: Type.Object({ ...Checkable, items: Type.Array(DesignSponsor, { maxItems: 100 }) }, { additionalProperties: false }),
    roles: Type.Array(DesignRole, { minItems: 1, maxItems: 50 }),
    badge: Type.Object({ ...Checkable, items: Type.Array(Text(100), { maxItems: 100 }) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type TicketDesignSettings = Static<typeof TicketDesignSettings>;

/**
 * What a badge can print, in print order: the settings screen lists them in this order and the PDF
 * prints the chosen ones in it. `badge.checked` may hold other entries (an older client's); they
 * are kept on save and not printed.
 */
export const BADGE_FIELDS = ['first_name', 'last_name', 'company', 'position', 'qr'] as const;
export type BadgeField = (typeof BADGE_FIELDS)[number];

/** What an event's design is before its organiser saves one: the participant roles, visitor as default. */
export function defaultTicketDesign(): TicketDesignSettings {
  return {
    instructions: { type: 'standart', image: '', cropImage: '', items: [] },
    sponsors: { type: 'standart', checked: [], items: [], image: '' },
    roles: [
      { id: 1, name: 'visitor', color: '#3f7cac', canDelete: false, is_default: true, enabled: true },
      { id: 2, name: 'speaker', color: '#e07a5f', canDelete: false, is_default: false, enabled: true },
      { id: 3, name: 'organizer', color: '#2a9d8f', canDelete: false, is_default: false, enabled: true },
      { id: 4, name: 'sponsor', color: '#f2cc8f', canDelete: true, is_default: false, enabled: true },
      { id: 5, name: 'volunteer', color: '#81b29a', canDelete: true, is_default: false, enabled: true },
    ],
    badge: { type: 'standart', checked: [...BADGE_FIELDS], items: [], image: '' },
  };
}

export type DesignRoleProblem = 'design_role_default' | 'design_role_blocked' | 'invalid_input';

/**
 * The role rules of events.md §3, the same on the settings screen and on the server: a default role
 * can be disabled but never removed, nor stop being the default; a blocked role (canDelete false)
 * cannot be removed nor unblocked; ids are unique; at least one default role stays; a sponsor only
 * points at an existing role. New roles (no id, or an id not saved before) are added as deletable
 * non-default roles. Returns the first problem, or null when `next` may replace `saved`.
 */
export function checkDesignRoles(saved: readonly DesignRole[], next: TicketDesignSettings): DesignRoleProblem | null {
  const ids = next.roles.map((r) => r.id).filter((id): id is number => id !== undefined);
  if (new Set(ids).size !== ids.length) return 'invalid_input';
  const byId = new Map(next.roles.flatMap((r) => (r.id === undefined ? [] : [[r.id, r] as const])));
  for (const old of saved) {
    if (old.id === undefined) continue;
    const now = byId.get(old.id);
    if (old.is_default && !now?.is_default) return 'design_role_default';
    if (!old.canDelete && (!now || now.canDelete)) return 'design_role_blocked';
  }
  const savedIds = new Set(saved.map((r) => r.id));
  for (const r of next.roles) {
    if (r.id === undefined || !savedIds.has(r.id)) {
      if (r.is_default || !r.canDelete) return 'invalid_input';
    }
  }
  if (!next.roles.some((r) => r.is_default)) return 'design_role_default';
  const roleIds = new Set(ids);
  for (const s of next.sponsors.items) if (s.role_id !== null && s.role_id !== 0 && !roleIds.has(s.role_id)) return 'invalid_input';
  return null;
}

/**
 * Gives roles added without an id fresh ids, so saved roles always have one. An id is never reused,
 * not even a removed role's: a sponsor or a badge still pointing at it must not land on a new role.
 */
export function numberDesignRoles(roles: readonly DesignRole[], saved: readonly DesignRole[] = []): DesignRole[] {
  let next = [...roles, ...saved].reduce((m, r) => Math.max(m, r.id ?? 0), 0);
  return roles.map((r) => (r.id === undefined ? { ...r, id: ++next } : r));
}

// ---------------------------------------------------------------------------------------------
// Ticket-design pictures: the instructions' picture, each sponsor's logo and the badge's picture.

/**
 * Where the server serves design pictures; a design's image fields hold either '' or such a URL of
 * a picture uploaded for the same event (POST /api/events/ticket-design/upload-image). The rules are
 * the chat's (server/domain/images.ts): checked by their bytes, re-encoded, served as images.
 */
export const DESIGN_IMAGE_URL_PREFIX = '/api/events/ticket-design/images/';
/** Longest side of the thumbnail made beside every design picture (sponsors' image_thumb). */
export const DESIGN_IMAGE_THUMB_PX = 320;
const DESIGN_IMAGE_FILE = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

export function designImageUrl(name: string): string {
  return name ? `${DESIGN_IMAGE_URL_PREFIX}${name}` : '';
}

/** The stored file a design image URL names; null for '' and for anything that is not one of ours. */
export function designImageName(url: string): string | null {
  if (!url.startsWith(DESIGN_IMAGE_URL_PREFIX)) return null;
  const name = url.slice(DESIGN_IMAGE_URL_PREFIX.length);
  return DESIGN_IMAGE_FILE.test(name) ? name : null;
}

/** Every image field of a design with its path (for the error detail), empty ones included. */
export function designImageFields(s: TicketDesignSettings): { path: string; url: string }[] {
  return [
    { path: 'instructions.image', url: s.instructions.image },
    { path: 'instructions.cropImage', url: s.instructions.cropImage },
    { path: 'sponsors.image', url: s.sponsors.image },
    ...s.sponsors.items.flatMap((sp, i) => [
      { path: `sponsors.items.${i}.image`, url: sp.image },
      { path: `sponsors.items.${i}.image_thumb`, url: sp.image_thumb },
    ]),
    { path: 'badge.image', url: s.badge.image },
  ];
}

/**
 * The type of the ticket that registering for a free event gives (server/domain/ticket-holders/registration.ts).
 * Screens word it in the reader's language instead of showing it as typed.
 */
export const REGISTRATION_TICKET_TYPE = 'registration';
