import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion } from './schema.ts';
import { AccessKey, CHECKOUT_MAX_TICKETS, PAYMENT_METHODS, TICKET_TYPE_LIMITS } from './sales.ts';

/**
 * Orders: what the buyer's devices hold of them, and what the checkout takes to place one. The
 * types, prices and settings they are made of are contract/sales.ts's.
 */

/** Unix seconds in a document, 0 for "not (yet) so", as the event documents carry them. */
const Seconds = Type.Integer({ minimum: 0, maximum: 1e11, multipleOf: 1 });

// Orders as the buyer's devices hold them (inside the tickets documents, contract/tickets.ts).

export const OrderLineSummary = Type.Object({ type: Type.String(), price: Type.Number(), name: Type.String() });

export const OrderSummary = Type.Object({
  /** 0 for a ticket no order sold (seeded, or made by an operator). */
  id: Type.Integer(),
  code: Type.String(),
  state: Type.String(),
  method: Type.String(),
  total: Type.Number(),
  currency: Type.String(),
  /** Unix seconds; 0 when not (yet) so. */
  created_at: Seconds,
  expires_at: Seconds,
  paid_at: Seconds,
  ended_at: Seconds,
  /** The organiser's payment instructions for a pending transfer. */
  instructions: Type.String(),
  lines: Type.Array(OrderLineSummary),
  /** The promo code the order was placed with ('' for none) and what it took off the total. */
  promo_code: Type.String(),
  discount: Type.Number(),
});
export type OrderSummary = Static<typeof OrderSummary>;

export const NO_ORDER: OrderSummary = {
  id: 0,
  code: '',
  state: 'paid',
  method: 'free',
  total: 0,
  currency: '',
  created_at: 0,
  expires_at: 0,
  paid_at: 0,
  ended_at: 0,
  instructions: '',
  lines: [],
  promo_code: '',
  discount: 0,
};

// ---------------------------------------------------------------------------------------------
// Placing an order (POST /api/checkout/orders).

const AttendeeText = Type.String({ maxLength: TICKET_TYPE_LIMITS.attendeeText });

export const CheckoutLine = Type.Object(
  { type_id: Type.Integer({ minimum: 1 }), name: AttendeeText, company: AttendeeText, position: AttendeeText },
  { additionalProperties: false },
);
export type CheckoutLine = Static<typeof CheckoutLine>;

export const CheckoutRequest = Type.Object(
  {
    event_id: Type.Integer({ minimum: 1 }),
    /** The device's id of this checkout: repeating the request answers the same order. */
    client_key: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    method: LiteralUnion(PAYMENT_METHODS),
    lines: Type.Array(CheckoutLine, { minItems: 1, maxItems: CHECKOUT_MAX_TICKETS }),
    /** The total the buyer was shown; a different one on the server answers price_changed. */
    expected_total: Type.Number({ minimum: 0, maximum: TICKET_TYPE_LIMITS.maxPrice * CHECKOUT_MAX_TICKETS }),
    /** A promo code the buyer typed (contract/promo.ts); refused codes name the field `promo_code`. */
    promo_code: Type.Optional(Type.String({ maxLength: 40 })),
    /** The key of a hidden type's private link the buyer opened; refused keys name the field `access`. */
    access: Type.Optional(AccessKey),
    /** The key of a waitlist offer (contract/waitlist.ts) the buyer is buying; refused keys name the field `offer`. */
    offer: Type.Optional(Type.String({ maxLength: 128 })),
    lang: Type.Optional(Type.String({ maxLength: 5 })),
  },
  { additionalProperties: false },
);
export type CheckoutRequest = Static<typeof CheckoutRequest>;

/** Order codes are short and unambiguous to read out or type into a bank transfer's reference. */
export const ORDER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ORDER_CODE_PATTERN = '^FY[A-Z2-9]{6}$';
