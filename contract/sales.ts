import { Type, type Static } from '@sinclair/typebox';
import { EDIT_HOURS_MAX, PAID_CANCEL_RULES } from './self-service.ts';
import { LiteralUnion } from './schema.ts';
import { UnixSeconds } from './storable.ts';
import { currencyExponent, fitsCurrency } from './money.ts';
import { AdminPromoCode } from './promo.ts';
import { AdminSharedQuota } from './quotas.ts';

export { currencyExponent, fitsCurrency } from './money.ts';

/**
 * Ticket sales (issue 15): the ticket types organisers define per event, how an event is paid for,
 * orders and their states, and the one check of a ticket type's fields that the organiser's form
 * and the server share. The organiser's commands' payloads are here (contract/commands.ts registers
 * them); buying itself is an HTTP call, never a command (server/routes/api/checkout.ts).
 *
 * Order states follow pretix's: pending (waits for payment and holds its tickets), paid, expired
 * (never paid in time: its tickets went back on sale), cancelled, refunded (paid, then the money
 * went back). Tickets exist only for paid orders; a free order is paid the moment it is placed.
 */

export const ORDER_STATES = ['pending', 'paid', 'expired', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** free: nothing to pay. transfer: bank transfer or paying at the venue, marked paid by the organiser. card: the card provider. */
export const PAYMENT_METHODS = ['free', 'transfer', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods an organiser switches on; `free` needs no switch. */
export type PaidMethod = Exclude<PaymentMethod, 'free'>;

/** How an attendee field is asked for each ticket of a type. */
export const ASK_MODES = ['off', 'optional', 'required'] as const;
export type AskMode = (typeof ASK_MODES)[number];
export const ATTENDEE_FIELDS = ['name', 'company', 'position'] as const;
export type AttendeeField = (typeof ATTENDEE_FIELDS)[number];

/**
 * The currencies an event can sell in. One currency per event, as in pretix: an order has one
 * total, and a card provider charges one currency per payment.
 */
export const SALES_CURRENCIES = ['UAH', 'USD', 'EUR', 'PLN', 'GBP', 'CHF', 'CZK', 'SEK', 'NOK', 'DKK', 'RON', 'GEL', 'MDL', 'RUB'] as const;

export const TICKET_TYPE_LIMITS = {
  name: 100,
  description: 1000,
  maxPrice: 1_000_000,
  maxQuota: 1_000_000,
  maxPerOrder: 50,
  /** The most an organiser may let one person hold of a type (across their orders). */
  maxPerPerson: 1000,
  instructions: 2000,
  /** Longest a bank transfer may hold its tickets: 90 days. */
  maxTransferHours: 2160,
  attendeeText: 200,
} as const;

/** Tickets in one order, whatever their types. */
export const CHECKOUT_MAX_TICKETS = 20;
/** Pending orders one person may hold for one event: each holds tickets nobody else can buy. */
export const PENDING_ORDERS_PER_EVENT = 3;
/**
 * Tickets one person may hold for one event in pending (unpaid) orders, across those orders: one
 * full order's worth, so a group booked by invoice still fits, but three pending orders cannot keep
 * 60 tickets from everybody else for the organiser's whole payment term (issue 26).
 */
export const PENDING_TICKETS_PER_EVENT = CHECKOUT_MAX_TICKETS;
/**
 * Tickets (pending and paid, all types) an account that has not verified its address may hold for
 * one event: enough to buy for oneself and a companion, too few for a script that signs up
 * throw-away accounts to empty a quota (issue 26).
 */
export const UNVERIFIED_TICKETS_PER_EVENT = 2;
/** A new type's per-person limit: the default per-order limit, so one order is all one person takes. */
export const DEFAULT_MAX_PER_PERSON = 10;
/**
 * How long a card order holds its tickets. The provider's session lasts a little over its 30-minute
 * floor (payments/stripe.ts) and ends first, so no payment can land on an order that already let go.
 */
export const CARD_PAYMENT_MINUTES = 40;
/** How often each server instance looks for pending orders past their time. */
export const ORDER_EXPIRY_SWEEP_MS = 60_000;

const Ask = LiteralUnion(ASK_MODES);

/** Every field of a ticket type an organiser edits. Times are unix seconds, null for "no limit". */
export const TicketTypeFields = Type.Object(
  {
    name: Type.String({ maxLength: TICKET_TYPE_LIMITS.name }),
    description: Type.String({ maxLength: TICKET_TYPE_LIMITS.description }),
    /** In the event's currency, major units (4500 is 4 500 ₴). */
    price: Type.Number({ minimum: 0, maximum: TICKET_TYPE_LIMITS.maxPrice }),
    /** How many exist; null for no limit. */
    quota: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: TICKET_TYPE_LIMITS.maxQuota })]),
    sale_starts_at: Type.Union([Type.Null(), UnixSeconds()]),
    sale_ends_at: Type.Union([Type.Null(), UnixSeconds()]),
    hidden: Type.Boolean(),
    max_per_order: Type.Integer({ minimum: 1, maximum: TICKET_TYPE_LIMITS.maxPerOrder }),
    /** How many of this type one person may hold at once, over all their pending and paid orders. */
    max_per_person: Type.Integer({ minimum: 1, maximum: TICKET_TYPE_LIMITS.maxPerPerson }),
    ask_name: Ask,
    ask_company: Ask,
    ask_position: Ask,
    sort: Type.Integer({ minimum: 0, maximum: 10_000 }),
  },
  { additionalProperties: false },
);
export type TicketTypeFields = Static<typeof TicketTypeFields>;
export type TicketTypeFieldName = keyof TicketTypeFields;
/**
 * The fields in the schema's order, written out rather than read from the schema: the page needs the
 * names but not the schema (tests/unit/contract-field-lists.test.ts keeps the two the same).
 */
export const TICKET_TYPE_FIELD_NAMES: readonly TicketTypeFieldName[] = [
  'name',
  'description',
  'price',
  'quota',
  'sale_starts_at',
  'sale_ends_at',
  'hidden',
  'max_per_order',
  'max_per_person',
  'ask_name',
  'ask_company',
  'ask_position',
  'sort',
];

/** Creates a type (no type_id) or replaces every field of one. */
export const TicketTypeSavePayload = Type.Object(
  { event_id: Type.Integer({ minimum: 1 }), type_id: Type.Optional(Type.Integer({ minimum: 1 })), fields: TicketTypeFields },
  { additionalProperties: false },
);
export const TicketTypeDeletePayload = Type.Object(
  { event_id: Type.Integer({ minimum: 1 }), type_id: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

/** Makes a new private link for a type (hidden types are bought through it); the old one stops working. */
export const TicketTypeLinkPayload = TicketTypeDeletePayload;

/**
 * The key of a type's private link (063_hidden_types_shared_quotas.sql): 64 hex digits, random, never the
 * type's id. `?access=<key>` on the checkout page offers the hidden type it belongs to.
 */
export const ACCESS_KEY_PATTERN = '^[0-9a-f]{64}$';
/** As requests carry it: anything short is let through, so a malformed key is refused like a guessed one. */
export const AccessKey = Type.String({ maxLength: 128 });

/** The key of a private link as the address carries it, or null for none or anything malformed. */
export function accessKeyOf(value: string | null | undefined): string | null {
  return value && new RegExp(ACCESS_KEY_PATTERN).test(value) ? value : null;
}

export const SalesSettingsFields = Type.Object(
  {
    currency: LiteralUnion(SALES_CURRENCIES),
    transfer_enabled: Type.Boolean(),
    transfer_instructions: Type.String({ maxLength: TICKET_TYPE_LIMITS.instructions }),
    transfer_hours: Type.Integer({ minimum: 1, maximum: TICKET_TYPE_LIMITS.maxTransferHours }),
    card_enabled: Type.Boolean(),
    /**
     * Holders may edit their tickets' attendee details until this many hours before the start
     * (contract/self-service.ts); 0 is until it starts. Optional: a client that does not know it
     * leaves the stored value alone.
     */
    edit_hours: Type.Optional(Type.Integer({ minimum: 0, maximum: EDIT_HOURS_MAX })),
    /**
     * Whether holders may give back a paid ticket (contract/self-service.ts): `never` (the holder
     * asks the organisers outside the app) or `request` (the holder asks in the app, the
     * organisers approve with a refund or decline). Optional like `edit_hours`.
     */
    paid_cancel: Type.Optional(LiteralUnion(PAID_CANCEL_RULES)),
  },
  { additionalProperties: false },
);
export type SalesSettingsFields = Static<typeof SalesSettingsFields>;
export const SalesSettingsPayload = Type.Object({ event_id: Type.Integer({ minimum: 1 }), fields: SalesSettingsFields }, { additionalProperties: false });

/** What is wrong with a field, as the key the form translates (`sales.fieldErrors.<problem>`). */
export type SalesProblem = 'required' | 'too_long' | 'price_cents' | 'sale_order' | 'quota_below_taken' | 'per_person_below_order';

/** The amount in the currency's smallest unit, as card providers take it. */
export function minorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyExponent(currency));
}

/** Sums prices without floating-point drift (in hundredths, the most any stored price has). */
export function sumPrices(prices: readonly number[]): number {
  return prices.reduce((cents, p) => cents + Math.round(p * 100), 0) / 100;
}

/** Trims the text fields as they are stored. */
export function normaliseTicketType(f: TicketTypeFields): TicketTypeFields {
  return { ...f, name: f.name.trim(), description: f.description.trim() };
}

/**
 * The rules of a ticket type, the same on the form and on the server: a name, prices the
 * currency can hold, the sale ending after it starts. `taken` (what pending and paid orders hold)
 * is known to the server only; the form passes none.
 */
export function checkTicketType(raw: TicketTypeFields, currency: string, taken = 0): Partial<Record<TicketTypeFieldName, SalesProblem>> {
  const f = normaliseTicketType(raw);
  const out: Partial<Record<TicketTypeFieldName, SalesProblem>> = {};
  if (!/[\p{L}\p{N}]/u.test(f.name)) out.name = 'required';
  else if (f.name.length > TICKET_TYPE_LIMITS.name) out.name = 'too_long';
  if (f.description.length > TICKET_TYPE_LIMITS.description) out.description = 'too_long';
  if (!fitsCurrency(f.price, currency)) out.price = 'price_cents';
  if (f.sale_starts_at !== null && f.sale_ends_at !== null && f.sale_ends_at <= f.sale_starts_at) out.sale_ends_at = 'sale_order';
  if (f.quota !== null && f.quota < taken) out.quota = 'quota_below_taken';
  if (f.max_per_person < f.max_per_order) out.max_per_person = 'per_person_below_order';
  return out;
}

export function checkSalesSettings(raw: SalesSettingsFields): Partial<Record<keyof SalesSettingsFields, SalesProblem>> {
  const out: Partial<Record<keyof SalesSettingsFields, SalesProblem>> = {};
  if (raw.transfer_enabled && !/[\p{L}\p{N}]/u.test(raw.transfer_instructions)) out.transfer_instructions = 'required';
  return out;
}

/** A new type's fields as the form starts them: a free ticket asking for the name. */
export function blankTicketType(): TicketTypeFields {
  return {
    name: '',
    description: '',
    price: 0,
    quota: null,
    sale_starts_at: null,
    sale_ends_at: null,
    hidden: false,
    max_per_order: 10,
    max_per_person: DEFAULT_MAX_PER_PERSON,
    ask_name: 'required',
    ask_company: 'off',
    ask_position: 'off',
    sort: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// What the event documents carry (contract/entities.ts): the types buyers may see, and in the
// organisers' copies every type with its quota and the payment settings.

const Seconds = Type.Integer({ minimum: 0, maximum: 1e11, multipleOf: 1 });

export const PublicTicketType = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  price: Type.Number(),
  /** Unix seconds; 0 when the sale has no start or end of its own (it ends with the event). */
  sale_starts: Seconds,
  sale_ends: Seconds,
  max_per_order: Type.Integer(),
  /** How many of this type one person may hold over all their orders. */
  max_per_person: Type.Integer(),
  ask_name: Type.String(),
  ask_company: Type.String(),
  ask_position: Type.String(),
  /** Every ticket of a limited type, or every place of the shared quota it is in, is held by a pending or paid order. */
  sold_out: Type.Boolean(),
  sort: Type.Integer(),
});
export type PublicTicketType = Static<typeof PublicTicketType>;

export const EventSales = Type.Object({
  currency: Type.String(),
  /** The paid methods the organisers switched on; the server may still lack the card provider. */
  methods: Type.Array(Type.String()),
  types: Type.Array(PublicTicketType),
});
export type EventSales = Static<typeof EventSales>;

export const AdminTicketType = Type.Object({
  ...PublicTicketType.properties,
  hidden: Type.Boolean(),
  /** The key of the type's private link; only organisers' copies carry it. */
  access_key: Type.String(),
  limited: Type.Boolean(),
  /** How many exist when `limited`. */
  quota: Type.Integer(),
});
export type AdminTicketType = Static<typeof AdminTicketType>;

export const EventSalesAdmin = Type.Object({
  types: Type.Array(AdminTicketType),
  /** The event's promo codes (contract/promo.ts); how often each was used is asked of the server. */
  promo_codes: Type.Array(AdminPromoCode),
  /** Quotas shared across types (contract/quotas.ts); how many places are taken is asked of the server. */
  quotas: Type.Array(AdminSharedQuota),
  transfer_enabled: Type.Boolean(),
  transfer_instructions: Type.String(),
  transfer_hours: Type.Integer(),
  card_enabled: Type.Boolean(),
  edit_hours: Type.Integer(),
  paid_cancel: LiteralUnion(PAID_CANCEL_RULES),
});
export type EventSalesAdmin = Static<typeof EventSalesAdmin>;

export const NO_SALES: EventSales = { currency: 'UAH', methods: [], types: [] };
export const NO_SALES_ADMIN: EventSalesAdmin = {
  types: [],
  promo_codes: [],
  quotas: [],
  transfer_enabled: false,
  transfer_instructions: '',
  transfer_hours: 72,
  card_enabled: false,
  edit_hours: 0,
  paid_cancel: 'never',
};

/** The fields of a type as the organiser's copy carries them, for the edit form. */
export function fieldsOfType(t: AdminTicketType): TicketTypeFields {
  return {
    name: t.name,
    description: t.description,
    price: t.price,
    quota: t.limited ? t.quota : null,
    sale_starts_at: t.sale_starts || null,
    sale_ends_at: t.sale_ends || null,
    hidden: t.hidden,
    max_per_order: t.max_per_order,
    max_per_person: t.max_per_person,
    ask_name: t.ask_name as AskMode,
    ask_company: t.ask_company as AskMode,
    ask_position: t.ask_position as AskMode,
    sort: t.sort,
  };
}

export type SaleState = 'on_sale' | 'not_yet' | 'ended' | 'sold_out';

/** A type as the checkout and the widget get it from the server: its sale state now and, when few are left, how many. */
export interface TicketTypeOffer {
  id: number;
  name: string;
  description: string;
  price: number;
  state: SaleState;
  left: number | null;
  max_per_order: number;
  max_per_person: number;
  sale_starts: number;
  sale_ends: number;
  ask_name: string;
  ask_company: string;
  ask_position: string;
  /** Offered only through its private link. */
  hidden: boolean;
}

/** What the checkout's offer says of the private link it was asked with. */
export type AccessState = 'none' | 'valid' | 'invalid';

/** Where a type's sale stands at `nowSec`: it ends at its own end, or when the event does. */
export function saleState(t: Pick<PublicTicketType, 'sale_starts' | 'sale_ends' | 'sold_out'>, nowSec: number, eventEndSec: number): SaleState {
  if ((t.sale_ends && nowSec >= t.sale_ends) || nowSec >= eventEndSec) return 'ended';
  if (t.sale_starts && nowSec < t.sale_starts) return 'not_yet';
  if (t.sold_out) return 'sold_out';
  return 'on_sale';
}

/**
 * The refusals of ticket sales, with the legacy status each answers (contract/errors.ts spreads
 * them). `sold_out`, `price_changed` and `order_state_changed` are races another buyer or the
 * organiser won: the screen says what changed and keeps what the buyer chose.
 */
export const SALES_ERROR_CODES = {
  sold_out: { legacyStatus: 409 },
  sale_not_started: { legacyStatus: 400 },
  sale_ended: { legacyStatus: 400 },
  ticket_type_not_found: { legacyStatus: 404 },
  // A private link whose key no type of the event has (guessed, or replaced by the organiser).
  ticket_access_invalid: { legacyStatus: 403 },
  price_changed: { legacyStatus: 409 },
  payment_method_unavailable: { legacyStatus: 400 },
  too_many_tickets: { legacyStatus: 400 },
  // More of a type than one person may hold (detail: the type), counting their other orders.
  ticket_limit_per_person: { legacyStatus: 409 },
  // An account that has not verified its address holds UNVERIFIED_TICKETS_PER_EVENT already.
  unverified_ticket_limit: { legacyStatus: 403 },
  attendee_required: { legacyStatus: 400 },
  pending_orders_limit: { legacyStatus: 429 },
  // PENDING_TICKETS_PER_EVENT tickets are waiting for payment already.
  pending_tickets_limit: { legacyStatus: 429 },
  event_cancelled: { legacyStatus: 400 },
  order_not_found: { legacyStatus: 404 },
  order_state_changed: { legacyStatus: 409 },
  ticket_type_in_use: { legacyStatus: 400 },
  ticket_quota_below_taken: { legacyStatus: 400 },
  ticket_sale_order: { legacyStatus: 400 },
  ticket_per_person_below_order: { legacyStatus: 400 },
  price_cents: { legacyStatus: 400 },
  currency_locked: { legacyStatus: 400 },
  transfer_instructions_required: { legacyStatus: 400 },
  payment_failed: { legacyStatus: 502 },
  refund_failed: { legacyStatus: 502 },
} as const;
