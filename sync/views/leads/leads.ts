import { parseContactCode } from '../../../contract/contacts.ts';
import type { CompanyDoc } from '../../../contract/companies.ts';
import type { LeadField, LeadStand } from '../../../contract/leads.ts';
import type { OutboxDoc } from '../../engine/database.ts';
import { looseList, looseInt, looseObject, looseString } from '../../store/caches.ts';
import { csvOf } from '../contacts/export.ts';

/**
 * A stand's leads on a member's device (issue 31). The server's leads ride in the stand's
 * `companies` document (contract/companies.ts `leads`, in members' copies only); what this device
 * scanned, noted, rated or removed and has not seen come back yet is laid over them from the
 * outbox, so a scan made with no network shows at once with the details its signed code carries.
 * A scan the server refused (the member was taken off the stand meanwhile) leaves the list and
 * shows as refused, on this screen and in the device's list of refused actions.
 */

export interface LeadView extends LeadField {
  /** Made on this device and not back from the server yet. */
  unsent: boolean;
}

export interface StandLeads {
  /** Null until the stand's document is on the device. */
  stand: CompanyDoc | null;
  leads: LeadView[];
  /** This device's scans of the stand that the server refused, newest first: the code's card and why. */
  refused: { id: string; name: string; code: string }[];
}

export const LEAD_KINDS = ['lead.scan', 'lead.update', 'lead.remove'];
const IN_FLIGHT = new Set(['pending', 'sending', 'applied']);

/** The stand's leads with this device's queued commands on top; newest scan first. */
export function leadsOnDevice(stand: CompanyDoc | null, outbox: readonly OutboxDoc[], standId: number, meId: number): StandLeads {
  const byUser = new Map<number, LeadView>();
  for (const l of stand?.leads ?? []) byUser.set(l.user_id, { ...l, unsent: false });
  const mine = outbox.filter((e) => LEAD_KINDS.includes(e.kind) && looseInt(looseObject(e.payload).company_id) === standId);
  const queued = mine.filter((e) => IN_FLIGHT.has(e.status)).sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
  for (const e of queued) {
    const p = looseObject(e.payload);
    if (e.kind === 'lead.scan') {
      const parsed = parseContactCode(looseString(p.code));
      if (!parsed || byUser.has(parsed.card.user_id)) continue;
      byUser.set(parsed.card.user_id, { ...parsed.card, scanned_at: e.occurredAt, scanned_by: meId, note: '', rating: 0, unsent: true });
    } else if (e.kind === 'lead.remove') {
      byUser.delete(looseInt(p.user_id));
    } else {
      const found = byUser.get(looseInt(p.user_id));
      if (!found) continue;
      const note = typeof p.note === 'string' ? p.note.trim() : found.note;
      const rating = typeof p.rating === 'number' ? looseInt(p.rating) : found.rating;
      byUser.set(found.user_id, { ...found, note, rating, unsent: true });
    }
  }
  const refused = mine
    .filter((e) => e.kind === 'lead.scan' && e.status === 'rejected')
    .sort((a, b) => b.seq - a.seq)
    .map((e) => {
      const card = parseContactCode(looseString(looseObject(e.payload).code))?.card;
      return { id: e.id, name: card ? [card.first_name, card.last_name].filter(Boolean).join(' ') : '', code: e.code ?? 'unknown_error' };
    });
  const leads = [...byUser.values()].sort((a, b) => (a.scanned_at < b.scanned_at ? 1 : a.scanned_at > b.scanned_at ? -1 : a.user_id - b.user_id));
  return { stand, leads, refused };
}

/** GET /api/leads/mine as kept on the device. */
export function toLeadStands(data: unknown): LeadStand[] {
  return looseList(looseObject(data).items).map((item) => {
    const d = looseObject(item);
    return {
      company_id: looseInt(d.company_id),
      event_id: looseInt(d.event_id),
      stand_name: looseString(d.stand_name),
      event_name: looseString(d.event_name),
      scanned_at: looseString(d.scanned_at),
    };
  });
}

/** The stands holding the person's details, without those this device has queued a withdrawal from. */
export function leadStandsOnDevice(kept: readonly LeadStand[], outbox: readonly OutboxDoc[]): LeadStand[] {
  const withdrawn = new Set(
    outbox.filter((e) => e.kind === 'lead.withdraw' && IN_FLIGHT.has(e.status)).map((e) => looseInt(looseObject(e.payload).company_id)),
  );
  return kept.filter((s) => !withdrawn.has(s.company_id));
}

export const LEAD_CSV_COLUMNS = ['first_name', 'last_name', 'company', 'position', 'email', 'phone', 'scanned_at', 'rating', 'note'] as const;
export type LeadCsvColumn = (typeof LEAD_CSV_COLUMNS)[number];

/** The stand's leads as a spreadsheet (contacts/export.ts's CSV rules): the scan's date and the rating as a number. */
export function leadsCsv(list: readonly LeadView[], header: Record<LeadCsvColumn, string>, date: (iso: string) => string): string {
  return csvOf(LEAD_CSV_COLUMNS, list, header, (l, k) =>
    k === 'scanned_at' ? date(l.scanned_at) : k === 'rating' ? (l.rating ? String(l.rating) : '') : l[k],
  );
}
