import { combineLatest, distinctUntilChanged, map } from 'rxjs';
import type { CompanyDoc } from '../../../contract/companies.ts';
import type { FoyerDatabase, OutboxDoc } from '../../engine/database.ts';
import { cacheSource, legacyGet } from '../../store/caches.ts';
import { LEAD_KINDS, leadsOnDevice, toLeadStands } from './leads.ts';

const outboxOf = (db: FoyerDatabase, kinds: string[]) =>
  db.outbox.find({ selector: { kind: { $in: kinds } } }).$.pipe(map((list) => list.map((d) => d.toJSON() as OutboxDoc)));

/**
 * The live reads of the stands' leads (workers/queries.ts merges every area's): a stand's leads as
 * its member's device holds them, with the device's queued lead commands on top (leads.ts), and the
 * visitor's queued withdrawals.
 */
export const LEAD_READS = {
  stand_leads: (db: FoyerDatabase, standId: number, meId: number) =>
    combineLatest([db.companies.findOne(String(standId)).$, outboxOf(db, LEAD_KINDS)]).pipe(
      map(([doc, outbox]) => leadsOnDevice(doc ? (doc.toJSON() as CompanyDoc) : null, outbox, standId, meId)),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    ),
  lead_withdrawals: (db: FoyerDatabase) => outboxOf(db, ['lead.withdraw']),
} as const;

/**
 * The read-through cache (sync/store/caches.ts) lead_stands: GET /api/leads/mine, the stands that
 * hold the person's details, kept so the list shows offline as of its last fetch.
 */
export const LEAD_CACHES = {
  lead_stands: cacheSource({
    needsUser: true,
    fetch: async (http, _arg, signal) => toLeadStands(await legacyGet(http, '/api/leads/mine', signal)),
  }),
} as const;
