import { useCallback, useMemo } from 'react';
import { judgeContactScan, type ContactCodeCache, type ContactView, type ScanVerdict } from '../../sync/views/contacts/contacts.ts';
import type { CacheEntry } from '../../sync/store/caches.ts';
import type { Loadable } from './api.ts';
import { query } from './device.ts';
import { useCacheEntry, useDevice, useRuntime, useSession } from './hooks.ts';
import { useRefreshOnSync } from './refresh-on-sync.ts';

export type { ContactCodeCache, ContactView, ScanVerdict } from '../../sync/views/contacts/contacts.ts';
export { searchContacts } from '../../sync/views/contacts/contacts.ts';
export { CSV_COLUMNS, toCsv, toVCard, type CardPerson, type CsvColumn } from '../../sync/views/contacts/export.ts';

const CODE_KEYS = ['contact_code'] as const;
const NO_CONTACTS: ContactView[] = [];

/**
 * The user's own contact code as the device last fetched it (GET /api/contacts/code), asked for
 * again whenever a screen that shows or checks codes opens online: a profile edit gives the next
 * fetch a new code. Offline the kept one shows and checks scans.
 */
export function useContactCode(): { code: ContactCodeCache | null; fetchedAt: number | null; loading: boolean } {
  useRefreshOnSync(CODE_KEYS);
  const { loading, value } = useCacheEntry('contact_code');
  const entry = value as CacheEntry<ContactCodeCache> | null;
  return useMemo(() => ({ code: entry?.data.code ? entry.data : null, fetchedAt: entry?.fetchedAt ?? null, loading }), [entry, loading]);
}

export interface ContactActions {
  /** Judges a scanned text on the device and, for a genuine code of somebody new, queues the scan. */
  scan(eventId: number, raw: string): Promise<ScanVerdict>;
  note(userId: number, note: string): Promise<void>;
  remove(userId: number): Promise<void>;
}

/** The user's contacts, the device's queued scans, notes and removals included, and what can be done with them. */
export function useContacts(publicKey: string | null): Loadable<ContactView[]> & { actions: ContactActions } {
  const runtime = useRuntime();
  const { user } = useSession();
  const meId = user?.id ?? 0;
  const list = useDevice(query('contacts'), NO_CONTACTS);
  const known = useMemo(() => new Set(list.value.map((c) => c.user_id)), [list.value]);
  const scan = useCallback(
    async (eventId: number, raw: string) => {
      const verdict = await judgeContactScan(raw, publicKey, meId, known);
      if (verdict.kind === 'added') await runtime.enqueue('contact.scan', { code: raw.trim(), event_id: eventId, context: 'meet' });
      return verdict;
    },
    [runtime, publicKey, meId, known],
  );
  const actions = useMemo<ContactActions>(
    () => ({
      scan,
      note: (userId, note) => runtime.enqueue('contact.note', { user_id: userId, note }),
      remove: (userId) => runtime.enqueue('contact.remove', { user_id: userId }),
    }),
    [runtime, scan],
  );
  return useMemo(() => ({ data: list.value, isLoading: list.loading, actions }), [list.value, list.loading, actions]);
}
