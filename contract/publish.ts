import type { AdminTicketType } from './sales.ts';

/**
 * What an event needs before it goes public, as the server checks it and the organiser's screen
 * lists it beside Publish (issue 27).
 */

// What can be bought, and the pre-flight before publishing (issue 27)

/**
 * The types a buyer may be offered: a paid type only while some way to pay works (`methods` are the
 * paid methods that work right now: switched on, and card only with a provider). Offering a type
 * nobody can pay for would only let the buyer find out at the last step.
 */
export function buyableTypes<T extends { price: number }>(types: readonly T[], methods: readonly string[]): T[] {
  const canPay = methods.some((m) => m === 'transfer' || m === 'card');
  return types.filter((t) => t.price <= 0 || canPay);
}

export const PUBLISH_PROBLEMS = ['no_date', 'no_ticket_type', 'unpayable_types'] as const;
export type PublishProblemCode = (typeof PUBLISH_PROBLEMS)[number];
/** The problems that stop publishing; the others only warn (a paid event may be announced before its tickets go on sale). */
export const PUBLISH_BLOCKERS: readonly PublishProblemCode[] = ['no_date', 'unpayable_types'];
export interface PublishProblem {
  code: PublishProblemCode;
  /** The event field or settings part the organiser fixes it in. */
  field: 'starts_at' | 'ticket_types' | 'payment';
  /** The types concerned, by name (unpayable_types). */
  types: string[];
}

export interface PublishCheckInput {
  starts_at: number;
  ends_at: number;
  is_free: boolean;
  types: readonly Pick<AdminTicketType, 'name' | 'price' | 'hidden'>[];
  transfer_enabled: boolean;
  card_enabled: boolean;
  /** This server has a card provider; null when the device does not know (offline). */
  card_available: boolean | null;
}

/**
 * What would not work if the event went public now: no date, a paid event with nothing on sale,
 * paid types nobody could pay for. The server refuses to publish while any is left
 * (publish_blocked, the codes in its detail); the organiser's screen lists them beside Publish.
 */
export function publishProblems(e: PublishCheckInput): PublishProblem[] {
  const out: PublishProblem[] = [];
  if (!(e.starts_at > 0) || !(e.ends_at > 0)) out.push({ code: 'no_date', field: 'starts_at', types: [] });
  const visible = e.types.filter((t) => !t.hidden);
  if (!e.is_free && visible.length === 0) out.push({ code: 'no_ticket_type', field: 'ticket_types', types: [] });
  const canPay = e.transfer_enabled || (e.card_enabled && e.card_available !== false);
  const unpayable = visible.filter((t) => t.price > 0);
  if (!canPay && unpayable.length > 0) out.push({ code: 'unpayable_types', field: 'payment', types: unpayable.map((t) => t.name) });
  return out;
}
