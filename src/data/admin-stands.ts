import { useEffect, useMemo } from 'react';
import type { ClientRef } from '../../contract/admin-refs.ts';
import type { StandFields, StandMemberSetPayload } from '../../contract/admin-stands.ts';
import { standsEditorView, type AdminStandsView } from '../../sync/views/admin/stands.ts';
import { useAdminCommands } from './admin.ts';
import { NO_COMPANY_DOCS } from './companies.ts';
import { query } from './device.ts';
import type { Loadable } from './api.ts';
import { useDevice, useRuntime } from './hooks.ts';

/**
 * Stands as their editors see them (src/features/admin/stands): the event's companies documents
 * (an organiser's and a manager's copies carry the members who hide from visitor lists), with the
 * user's queued stand changes on top. Opening it asks the worker to replicate the event's stands,
 * so a stand once opened can be edited offline.
 */
export function useAdminStands(eventId: number): Loadable<AdminStandsView> {
  const runtime = useRuntime();
  useEffect(() => runtime.requestScope('companies', eventId), [runtime, eventId]);
  const docs = useDevice(query('companies', eventId), NO_COMPANY_DOCS);
  const commands = useAdminCommands();
  const data = useMemo(() => standsEditorView(eventId, docs.value, commands.value), [eventId, docs.value, commands.value]);
  return useMemo(() => ({ data, isLoading: docs.loading || commands.loading }), [data, docs.loading, commands.loading]);
}

export interface StandActions {
  /** A new stand (organisers); answers how later changes may name it before the server gives it an id. */
  createStand(eventId: number, fields: StandFields): Promise<ClientRef>;
  saveStand(eventId: number, stand: ClientRef, fields: StandFields): Promise<void>;
  removeStand(eventId: number, stand: ClientRef): Promise<void>;
  setMember(eventId: number, stand: ClientRef, who: StandMemberSetPayload['who'], position: string, isManager: boolean): Promise<void>;
  removeMember(eventId: number, stand: ClientRef, userId: number): Promise<void>;
}

export function useStandActions(): StandActions {
  const runtime = useRuntime();
  return useMemo(
    () => ({
      createStand: async (eventId, fields) => ({ client_id: await runtime.enqueueWithId('stand.set', { event_id: eventId, fields }) }),
      saveStand: (eventId, stand, fields) => runtime.enqueue('stand.set', { event_id: eventId, stand, fields }),
      removeStand: (eventId, stand) => runtime.enqueue('stand.remove', { event_id: eventId, stand }),
      setMember: (eventId, stand, who, position, isManager) =>
        runtime.enqueue('stand.member.set', { event_id: eventId, stand, who, position, is_manager: isManager }),
      removeMember: (eventId, stand, userId) => runtime.enqueue('stand.member.remove', { event_id: eventId, stand, user_id: userId }),
    }),
    [runtime],
  );
}
