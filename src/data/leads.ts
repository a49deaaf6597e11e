import { useCallback, useMemo } from 'react';
import type { LeadCount, LeadStand, LeadUpdatePayload } from '../../contract/leads.ts';
import { judgeContactScan, type ScanVerdict } from '../../sync/views/contacts/contacts.ts';
import { leadStandsOnDevice, type StandLeads } from '../../sync/views/leads/leads.ts';
import type { CacheEntry } from '../../sync/store/caches.ts';
import type { OutboxDoc } from '../../sync/engine/database.ts';
import { query } from './device.ts';
import { useCacheEntry, useDevice, useRuntime, useSession } from './hooks.ts';
import { useRefreshOnSync } from './refresh-on-sync.ts';

export type { LeadView, StandLeads, LeadCsvColumn } from '../../sync/views/leads/leads.ts';
export { LEAD_CSV_COLUMNS, leadsCsv } from '../../sync/views/leads/leads.ts';

const NO_LEADS: StandLeads = { stand: null, leads: [], refused: [] };
const NO_OUTBOX: OutboxDoc[] = [];

export interface LeadActions {
  /** Judges a scanned text on the device like a contact scan and, for a genuine code of somebody new to the stand, queues it. */
  scan(raw: string): Promise<ScanVerdict>;
  update(userId: number, fields: Omit<LeadUpdatePayload, 'company_id' | 'user_id'>): Promise<void>;
  remove(userId: number): Promise<void>;
  /** Takes a refused scan off the device's list of refused actions. */
  dismiss(commandId: string): Promise<void>;
}

/** A stand's leads on its member's device, with the device's queued scans, notes, ratings and removals. */
export function useStandLeads(standId: number, publicKey: string | null): { data: StandLeads; isLoading: boolean; actions: LeadActions } {
  const runtime = useRuntime();
  const { user } = useSession();
  const meId = user?.id ?? 0;
  const read = useDevice(query('stand_leads', standId, meId), NO_LEADS);
  const known = useMemo(() => new Set(read.value.leads.map((l) => l.user_id)), [read.value.leads]);
  const scan = useCallback(
    async (raw: string) => {
      const verdict = await judgeContactScan(raw, publicKey, meId, known);
      if (verdict.kind === 'added') await runtime.enqueue('lead.scan', { code: raw.trim(), company_id: standId });
      return verdict;
    },
    [runtime, publicKey, meId, known, standId],
  );
  const actions = useMemo<LeadActions>(
    () => ({
      scan,
      update: (userId, fields) => runtime.enqueue('lead.update', { company_id: standId, user_id: userId, ...fields }),
      remove: (userId) => runtime.enqueue('lead.remove', { company_id: standId, user_id: userId }),
      dismiss: (commandId) => runtime.dismiss(commandId),
    }),
    [runtime, scan, standId],
  );
  return useMemo(() => ({ data: read.value, isLoading: read.loading, actions }), [read.value, read.loading, actions]);
}

const STANDS_KEYS = ['lead_stands'] as const;

/** The stands that hold the person's details, as last fetched, without those the device has queued a withdrawal from. */
export function useLeadStands(): { items: LeadStand[]; fetchedAt: number | null; loading: boolean; withdraw(companyId: number): Promise<void> } {
  useRefreshOnSync(STANDS_KEYS);
  const runtime = useRuntime();
  const { loading, value } = useCacheEntry('lead_stands');
  const outbox = useDevice(query('lead_withdrawals'), NO_OUTBOX);
  const entry = value as CacheEntry<LeadStand[]> | null;
  const items = useMemo(() => leadStandsOnDevice(entry?.data ?? [], outbox.value), [entry, outbox.value]);
  const withdraw = useCallback((companyId: number) => runtime.enqueue('lead.withdraw', { company_id: companyId }), [runtime]);
  return { items, fetchedAt: entry?.fetchedAt ?? null, loading, withdraw };
}

/** The organisers' count of leads per stand, as last fetched. */
export function useLeadCounts(eventId: number): { counts: ReadonlyMap<number, number>; loading: boolean } {
  const key = `admin_lead_counts:${eventId}` as const;
  useRefreshOnSync(useMemo(() => [key], [key]));
  const { loading, value } = useCacheEntry(key);
  const entry = value as CacheEntry<LeadCount[]> | null;
  const counts = useMemo(() => new Map((entry?.data ?? []).map((c) => [c.company_id, c.leads])), [entry]);
  return { counts, loading };
}
