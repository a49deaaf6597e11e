import type { LeadCount, LeadScanPayload, LeadStand, LeadUpdatePayload } from '../../../contract/leads.ts';
import { DomainError } from '../../../contract/errors.ts';
import type { Q, Tx } from '../../db/tx.ts';
import { requireOrganiser } from '../organisers/service.ts';
import { scannedCard } from '../contacts/service.ts';
import { quiet, type Effect } from '../effects.ts';
import { dropLead, leadCounts, leadState, standForMember, standsHolding, storeLead, updateLead } from './leads-repository.ts';

/**
 * Leads at the stand (contract/leads.ts). Every command is judged here when it is applied,
 * whatever the member's phone decided offline: the code's signature, the account behind it, and
 * the scanner's membership of the stand now (a member removed while their scans were queued gets
 * `lead_not_member`, which their phone shows). What the stand gets is what the person shares when
 * the scan is applied, after their privacy switches, as for a contact.
 */

function standEffect(eventId: number, standId: number): Effect {
  return { ids: [String(standId)], collections: ['companies'], userIds: [], eventIds: [eventId] };
}

/** The stand, when the actor is one of its members. */
async function memberStand(q: Q, standId: number, actorId: number): Promise<{ event_id: number }> {
  const stand = await standForMember(q, standId, actorId);
  if (!stand) throw new DomainError('stand_not_found', 'company_id');
  if (!stand.member) throw new DomainError('lead_not_member', 'company_id');
  return stand;
}

/**
 * The person becomes the stand's lead. Two members scanning one visitor, or one scan sent twice,
 * find the lead there and change nothing, so a visitor is the stand's lead once. A scan made
 * before the lead was removed or withdrawn and uploaded after it keeps it gone.
 */
export async function scanLead(trx: Tx, actorId: number, p: LeadScanPayload, occurredAt: Date | null): Promise<Effect> {
  const card = await scannedCard(trx, actorId, p.code);
  const stand = await memberStand(trx, p.company_id, actorId);
  const at = occurredAt ?? new Date();
  const state = await leadState(trx, p.company_id, card.user_id);
  if (state?.card || (state?.removed_at && state.removed_at >= at)) return quiet([String(p.company_id)]);
  await storeLead(trx, p.company_id, card, at, actorId);
  return standEffect(stand.event_id, p.company_id);
}

export async function updateStandLead(trx: Tx, actorId: number, p: LeadUpdatePayload): Promise<Effect> {
  const stand = await memberStand(trx, p.company_id, actorId);
  const note = p.note === undefined ? undefined : p.note.trim();
  const done = await updateLead(trx, p.company_id, p.user_id, { note, rating: p.rating });
  if (done === 'none') throw new DomainError('lead_not_found', 'user_id');
  return done === 'written' ? standEffect(stand.event_id, p.company_id) : quiet([String(p.company_id)]);
}

/** Any member may remove a lead from the stand's list; removing twice is removing once. */
export async function removeStandLead(trx: Tx, actorId: number, standId: number, userId: number, occurredAt: Date | null): Promise<Effect> {
  const stand = await memberStand(trx, standId, actorId);
  const dropped = await dropLead(trx, standId, userId, occurredAt ?? new Date(), false);
  return dropped ? standEffect(stand.event_id, standId) : quiet([String(standId)]);
}

/** The visitor takes their details back from the stand; a stand that does not hold them (any more) changes nothing. */
export async function withdrawLead(trx: Tx, actorId: number, standId: number, occurredAt: Date | null): Promise<Effect> {
  const stand = await standForMember(trx, standId, actorId);
  const dropped = stand ? await dropLead(trx, standId, actorId, occurredAt ?? new Date(), true) : false;
  return stand && dropped ? standEffect(stand.event_id, standId) : quiet([String(standId)]);
}

export function leadStandsOf(q: Q, userId: number): Promise<LeadStand[]> {
  return standsHolding(q, userId);
}

/** The organisers' view: how many leads each stand holds, never who. */
export async function leadCountsFor(q: Q, eventId: number, actorId: number): Promise<LeadCount[]> {
  await requireOrganiser(q, eventId, actorId);
  return leadCounts(q, eventId);
}
