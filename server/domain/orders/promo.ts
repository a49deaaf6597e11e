import { DomainError, type ErrorCode } from '../../../contract/errors.ts';
import {
  checkPromoCode,
  normalCode,
  normalisePromoCode,
  PROMO_CODE_FIELD_NAMES,
  PROMO_KINDS,
  type PromoCodeFields,
  type PromoKind,
  type PromoOffer,
  type PromoProblem,
} from '../../../contract/promo.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { requireOrganiser } from '../organisers/service.ts';
import type { Effect } from '../effects.ts';
import { findPromoCode, insertPromoCode, lockPromoCode, writePromoCode, type PromoRow } from './promo-repository.ts';
import { salesEffect } from './types.ts';
import { eventCurrency, ticketTypesOf } from './types-repository.ts';

/**
 * Promo codes (issue 30): the organiser's command that creates or edits one, and the judgement of
 * a code a buyer typed, which the checkout's preview and placing the order share. Codes travel to
 * the organisers' devices in the event document like the ticket types (documents.ts), so every
 * change gives the event a new rev (the trigger of 062_promo_codes.sql).
 */

const PROBLEM_CODES: Record<PromoProblem, ErrorCode> = {
  code_format: 'promo_code_format',
  percent_range: 'promo_percent_range',
  amount: 'promo_amount',
  window_order: 'promo_window_order',
  uses_below_used: 'promo_uses_below_used',
  unknown_type: 'promo_unknown_type',
};

/**
 * Creates a code (no `codeId`) or replaces every field of one. Deactivating is an edit (`active`):
 * a code is never removed, since orders name it. A use limit below the tickets already sold with
 * the code is refused, as a quota below what is taken is.
 */
export async function savePromoCode(trx: Tx, userId: number, eventId: number, codeId: number | undefined, raw: PromoCodeFields): Promise<Effect> {
  await requireOrganiser(trx, eventId, userId);
  const fields = normalisePromoCode(raw);
  const currency = await eventCurrency(trx, eventId);
  const typeIds = (await ticketTypesOf(trx, [eventId])).map((t) => t.id);
  let used = 0;
  if (codeId !== undefined) {
    const current = await lockPromoCode(trx, codeId);
    if (!current || current.event_id !== eventId) throw new DomainError('promo_code_not_found');
    used = current.used;
  }
  const problems = checkPromoCode(fields, currency, typeIds, used);
  for (const field of PROMO_CODE_FIELD_NAMES) {
    const problem = problems[field];
    if (problem) throw new DomainError(PROBLEM_CODES[problem], field);
  }
  // Writers run one at a time under the runner's lock, so looking first is safe; the unique index
  // stays the last word.
  const same = await findPromoCode(trx, eventId, fields.code);
  if (same && same.id !== codeId) throw new DomainError('promo_code_taken', 'code');
  if (codeId === undefined) await insertPromoCode(trx, eventId, fields);
  else await writePromoCode(trx, codeId, fields);
  return salesEffect(eventId, userId);
}

export function termsOf(row: PromoRow): PromoOffer {
  return {
    code: row.code,
    kind: (PROMO_KINDS as readonly string[]).includes(row.kind) ? (row.kind as PromoKind) : 'percent',
    value: Number(row.value),
    type_ids: row.type_ids,
  };
}

/**
 * The event's code a buyer typed, if it can be used now for an order of these types; otherwise a
 * refusal naming the field `promo_code`. An unknown code and a switched-off one answer alike, so
 * the answer says nothing about codes the buyer was not given. "Used up" is judged on what is
 * taken now; placing the order takes the uses with a conditional statement and decides the race.
 */
export async function resolvePromo(q: Q, eventId: number, typed: string, typeIds: readonly number[], now: Date): Promise<PromoRow> {
  const code = normalCode(typed);
  const row = code ? await findPromoCode(q, eventId, code) : undefined;
  if (!row?.active) throw new DomainError('promo_code_invalid', 'promo_code');
  if (row.valid_from && now < row.valid_from) throw new DomainError('promo_code_not_started', 'promo_code');
  if (row.valid_until && now >= row.valid_until) throw new DomainError('promo_code_expired', 'promo_code');
  if (row.max_uses !== null && row.used >= row.max_uses) throw new DomainError('promo_code_used_up', 'promo_code');
  if (row.type_ids.length > 0 && !typeIds.some((id) => row.type_ids.includes(id))) throw new DomainError('promo_code_not_applicable', 'promo_code');
  return row;
}

/** The checkout's preview: the code's terms, which the page prices the cart with (contract/promo.ts). */
export async function checkPromo(q: Q, eventId: number, typed: string, typeIds: readonly number[], now: Date): Promise<PromoOffer> {
  return termsOf(await resolvePromo(q, eventId, typed, typeIds, now));
}
