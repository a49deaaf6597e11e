import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion } from './schema.ts';
import { UnixSeconds } from './storable.ts';
import { currencyExponent, fitsCurrency } from './money.ts';

/**
 * Promo codes (issue 30), as pretix's vouchers and Hi.Events' promo codes: an organiser gives out a
 * code that lowers the price of some or all of an event's ticket types, by a percentage, by a fixed
 * amount or to nothing. The organiser's form, the checkout's preview and the server price an order
 * with the same functions here, so the total the buyer is shown is the one the server charges (a
 * difference answers price_changed, as any other moved price does).
 *
 * A use is one discounted ticket, as pretix counts a voucher's redemptions: a code limited to one
 * use gives one free ticket, not one free order of twenty.
 */

export const PROMO_KINDS = ['percent', 'fixed', 'free'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export const PROMO_LIMITS = {
  codeMin: 3,
  codeMax: 32,
  maxUses: 1_000_000,
  /** Ticket types one code may be limited to; more than an event has in practice. */
  maxTypes: 100,
  /** The largest fixed amount, as the largest price (contract/sales.ts TICKET_TYPE_LIMITS). */
  maxAmount: 1_000_000,
} as const;

/** Letters, digits, dash and underscore: a code is read out, printed and typed on phones. */
export const PROMO_CODE_PATTERN = '^[A-Za-z0-9_-]*$';
const PROMO_CODE_RE = new RegExp(PROMO_CODE_PATTERN);

/** Every field of a promo code an organiser edits. Times are unix seconds, null for "no limit". */
export const PromoCodeFields = Type.Object(
  {
    code: Type.String({ maxLength: PROMO_LIMITS.codeMax + 8 }),
    kind: LiteralUnion(PROMO_KINDS),
    /** percent: whole per cent 1..100. fixed: off each ticket, in the event's currency, major units like prices. free: unused. */
    value: Type.Number({ minimum: 0, maximum: PROMO_LIMITS.maxAmount }),
    /** The types it lowers; empty for every type of the event. */
    type_ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: PROMO_LIMITS.maxTypes }),
    /** Tickets it may discount in all; null for no limit. */
    max_uses: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: PROMO_LIMITS.maxUses })]),
    valid_from: Type.Union([Type.Null(), UnixSeconds()]),
    valid_until: Type.Union([Type.Null(), UnixSeconds()]),
    /** Off: refused at checkout, kept for the orders that used it. */
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PromoCodeFields = Static<typeof PromoCodeFields>;
export type PromoCodeFieldName = keyof PromoCodeFields;
/** In the schema's order (tests/unit/contract-field-lists.test.ts keeps the two the same). */
export const PROMO_CODE_FIELD_NAMES: readonly PromoCodeFieldName[] = ['code', 'kind', 'value', 'type_ids', 'max_uses', 'valid_from', 'valid_until', 'active'];

/** Creates a code (no code_id) or replaces every field of one. There is no delete: orders point at codes. */
export const PromoCodeSavePayload = Type.Object(
  { event_id: Type.Integer({ minimum: 1 }), code_id: Type.Optional(Type.Integer({ minimum: 1 })), fields: PromoCodeFields },
  { additionalProperties: false },
);

/** A code as the organisers' copy of the event document carries it (contract/sales.ts EventSalesAdmin). */
export const AdminPromoCode = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  kind: Type.String(),
  value: Type.Number(),
  type_ids: Type.Array(Type.Integer()),
  /** 0 for no limit. */
  max_uses: Type.Integer(),
  /** Unix seconds; 0 for no limit. */
  valid_from: Type.Integer({ minimum: 0, maximum: 1e11, multipleOf: 1 }),
  valid_until: Type.Integer({ minimum: 0, maximum: 1e11, multipleOf: 1 }),
  active: Type.Boolean(),
});
export type AdminPromoCode = Static<typeof AdminPromoCode>;

export function fieldsOfPromo(p: AdminPromoCode): PromoCodeFields {
  return {
    code: p.code,
    kind: (PROMO_KINDS as readonly string[]).includes(p.kind) ? (p.kind as PromoKind) : 'percent',
    value: p.value,
    type_ids: [...p.type_ids],
    max_uses: p.max_uses || null,
    valid_from: p.valid_from || null,
    valid_until: p.valid_until || null,
    active: p.active,
  };
}

export function blankPromoCode(): PromoCodeFields {
  return { code: '', kind: 'percent', value: 10, type_ids: [], max_uses: null, valid_from: null, valid_until: null, active: true };
}

/** Codes are compared without case ("spring25" is SPRING25); they are stored and shown in capitals. */
export function normalCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The fields as they are stored: the code in capitals, the types once each and sorted, a free ticket at 100 %. */
export function normalisePromoCode(f: PromoCodeFields): PromoCodeFields {
  return {
    ...f,
    code: normalCode(f.code),
    value: f.kind === 'free' ? 100 : f.value,
    type_ids: [...new Set(f.type_ids)].sort((a, b) => a - b),
  };
}

/** What is wrong with a field, as the key the form translates (`sales.promo.fieldErrors.<problem>`). */
export type PromoProblem = 'code_format' | 'percent_range' | 'amount' | 'window_order' | 'uses_below_used' | 'unknown_type';

/**
 * The rules of a code, the same on the form and on the server. `used` (tickets already sold with
 * it) is the server's to know; `typeIds` are the event's types, which a limited code must name.
 */
export function checkPromoCode(
  raw: PromoCodeFields,
  currency: string,
  typeIds: readonly number[],
  used = 0,
): Partial<Record<PromoCodeFieldName, PromoProblem>> {
  const f = normalisePromoCode(raw);
  const out: Partial<Record<PromoCodeFieldName, PromoProblem>> = {};
  if (f.code.length < PROMO_LIMITS.codeMin || f.code.length > PROMO_LIMITS.codeMax || !PROMO_CODE_RE.test(f.code)) out.code = 'code_format';
  if (f.kind === 'percent' && !(Number.isInteger(f.value) && f.value >= 1 && f.value <= 100)) out.value = 'percent_range';
  if (f.kind === 'fixed' && !(f.value > 0 && fitsCurrency(f.value, currency))) out.value = 'amount';
  if (f.type_ids.some((id) => !typeIds.includes(id))) out.type_ids = 'unknown_type';
  if (f.max_uses !== null && f.max_uses < used) out.max_uses = 'uses_below_used';
  if (f.valid_from !== null && f.valid_until !== null && f.valid_until <= f.valid_from) out.valid_until = 'window_order';
  return out;
}

/** Why a code cannot be used now, before looking at what is bought; null when it can. */
export type PromoRefusal = 'promo_code_invalid' | 'promo_code_not_started' | 'promo_code_expired' | 'promo_code_used_up' | 'promo_code_not_applicable';

export interface PromoTerms {
  kind: PromoKind;
  value: number;
  type_ids: readonly number[];
}

export interface PricedLine {
  /** What the buyer pays for this ticket. */
  price: number;
  /** What the code took off it (0 for a ticket the code does not apply to). */
  discount: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  total: number;
  discount: number;
  /** Tickets the code lowered: the uses it takes. */
  uses: number;
}

/**
 * Prices an order's tickets with a code. Each ticket is discounted on its own, in the currency's
 * smallest unit: a percentage rounds half up per ticket (so the order's total is the sum of what
 * each ticket shows), a fixed amount comes off each ticket it applies to, and no ticket goes below
 * nothing. A ticket that is free already takes no use. Without a code the prices stay as they are.
 */
export function priceWithPromo(lines: readonly { type_id: number; price: number }[], promo: PromoTerms | null, currency: string): PricedOrder {
  const scale = 10 ** currencyExponent(currency);
  const minor = (amount: number) => Math.round(amount * scale);
  let totalMinor = 0;
  let discountMinor = 0;
  let uses = 0;
  const out = lines.map((l) => {
    const price = minor(l.price);
    let off = 0;
    if (promo && price > 0 && (promo.type_ids.length === 0 || promo.type_ids.includes(l.type_id))) {
      if (promo.kind === 'free') off = price;
      else if (promo.kind === 'percent') off = Math.round((price * promo.value) / 100);
      else off = minor(promo.value);
      off = Math.min(Math.max(off, 0), price);
      uses += 1;
    }
    totalMinor += price - off;
    discountMinor += off;
    return { price: (price - off) / scale, discount: off / scale };
  });
  return { lines: out, total: totalMinor / scale, discount: discountMinor / scale, uses };
}

/** A code as the checkout gets it from the server once it was found valid for the event now. */
export interface PromoOffer extends PromoTerms {
  code: string;
}

/** Asks whether a code can be used for these types now (POST /api/checkout/promo). */
export const PromoCheckRequest = Type.Object(
  {
    event_id: Type.Integer({ minimum: 1 }),
    code: Type.String({ maxLength: PROMO_LIMITS.codeMax + 8 }),
    type_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: PROMO_LIMITS.maxTypes }),
    lang: Type.Optional(Type.String({ maxLength: 5 })),
  },
  { additionalProperties: false },
);
export type PromoCheckRequest = Static<typeof PromoCheckRequest>;

/** The refusals of promo codes; each names its field (`promo_code` at checkout, the form's field in the admin area). */
export const PROMO_ERROR_CODES = {
  promo_code_invalid: { legacyStatus: 400 },
  promo_code_not_started: { legacyStatus: 400 },
  promo_code_expired: { legacyStatus: 400 },
  // Every use is taken (by paid orders or ones that wait for payment).
  promo_code_used_up: { legacyStatus: 409 },
  // The code lowers none of the types in the order.
  promo_code_not_applicable: { legacyStatus: 400 },
  // Another code of the event reads the same, whatever the case.
  promo_code_taken: { legacyStatus: 409 },
  promo_code_not_found: { legacyStatus: 404 },
  promo_code_format: { legacyStatus: 400 },
  promo_percent_range: { legacyStatus: 400 },
  promo_amount: { legacyStatus: 400 },
  promo_window_order: { legacyStatus: 400 },
  promo_uses_below_used: { legacyStatus: 400 },
  promo_unknown_type: { legacyStatus: 400 },
} as const;
