import { useEffect, useMemo } from 'react';
import type { AdminOverview, AdminPeople, InviteRole } from '../../contract/admin-people.ts';
import type { CacheData, CacheKey } from '../../workers/caches.ts';
import { isInFlight, isStopped } from '../../sync/store/overlay.ts';
import { useAdminCommands } from './admin.ts';
import type { Loadable } from './api.ts';
import { useCacheEntry, useRuntime } from './hooks.ts';

/**
 * People and Overview of an event the user organises: the last answers of their reads, kept on the
 * device (sync/views/admin/on-device.ts) and read again on every visit and reconnect, so they show offline
 * with their age. Invitations queued on this device show on top until the server has them; once a
 * change of the people settles, the list is read again.
 */

export interface QueuedInvite {
  id: string;
  email: string;
  role: InviteRole;
  /** The server's refusal, or null while it waits to be sent. */
  refused: string | null;
}

export interface AdminPeopleData {
  people: AdminPeople | null;
  fetchedAt: number | null;
  queued: QueuedInvite[];
}

const PEOPLE_KINDS = new Set(['people.invite.send', 'people.invite.remove', 'event.role']);

function useAdminCache<K extends CacheKey>(key: K, settled: number): Loadable<{ data: CacheData<K> | null; fetchedAt: number | null }> {
  const runtime = useRuntime();
  // Read again on every visit, and whenever this device's changes of it have settled.
  useEffect(() => runtime.refresh([key]), [runtime, key, settled]);
  const cache = useCacheEntry(key);
  const entry = cache.value;
  return useMemo(() => ({ data: { data: entry?.data ?? null, fetchedAt: entry?.fetchedAt ?? null }, isLoading: cache.loading }), [entry, cache.loading]);
}

export function useAdminPeople(eventId: number): Loadable<AdminPeopleData> {
  const commands = useAdminCommands();
  const mine = useMemo(() => commands.value.filter((c) => PEOPLE_KINDS.has(c.kind) && c.payload.event_id === eventId), [commands.value, eventId]);
  const inFlight = mine.filter(isInFlight).length;
  const cache = useAdminCache(`admin_people:${eventId}`, inFlight === 0 ? mine.length : -1);
  const queued = useMemo(
    () =>
      mine
        .filter((c) => c.kind === 'people.invite.send' && (isInFlight(c) || isStopped(c.status)))
        .map((c) => ({
          id: c.id,
          email: String(c.payload.email),
          role: c.payload.role as InviteRole,
          refused: isStopped(c.status) ? (c.code ?? 'unknown_error') : null,
        })),
    [mine],
  );
  // Role changes queued on this device show at once on the people they name.
  const people = useMemo(() => {
    const list = cache.data.data;
    const roles = mine.filter((c) => c.kind === 'event.role' && isInFlight(c) && typeof (c.payload.who as { user_id?: number })?.user_id === 'number');
    if (!list || roles.length === 0) return list;
    return {
      ...list,
      people: list.people.map((p) => {
        let team = p.team;
        for (const c of roles.filter((r) => (r.payload.who as { user_id: number }).user_id === p.user_id).sort((a, b) => a.seq - b.seq)) {
          const role = String(c.payload.role);
          team = c.payload.granted ? [...new Set([...team, role])] : team.filter((r) => r !== role);
        }
        return team === p.team ? p : { ...p, team };
      }),
    };
  }, [cache.data.data, mine]);
  const data = useMemo(() => ({ people, fetchedAt: cache.data.fetchedAt, queued }), [people, cache.data.fetchedAt, queued]);
  return useMemo(() => ({ data, isLoading: cache.isLoading }), [data, cache.isLoading]);
}

export function useAdminOverview(eventId: number): Loadable<{ data: AdminOverview | null; fetchedAt: number | null }> {
  return useAdminCache(`admin_overview:${eventId}`, 0);
}

export interface PeopleActions {
  invite(eventId: number, email: string, role: InviteRole): Promise<void>;
  uninvite(eventId: number, email: string): Promise<void>;
}

export function usePeopleActions(): PeopleActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      invite: (eventId, email, role) => runtime.enqueue('people.invite.send', { event_id: eventId, email, role }),
      uninvite: (eventId, email) => runtime.enqueue('people.invite.remove', { event_id: eventId, email }),
    }),
    [runtime],
  );
}
