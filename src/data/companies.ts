import { useEffect, useMemo } from 'react';
import type { CompaniesData, CompanyData, Loadable } from './api.ts';
import type { CompanyDoc } from '../../contract/companies.ts';
import { query } from './device.ts';
import { useDevice, useRuntime, useScopes } from './hooks.ts';
import { syncedAtOf } from './stores/synced-at.ts';

/** An event's stands before the device answers. */
export const NO_COMPANY_DOCS: CompanyDoc[] = [];

function useEventCompanies(eventId: number) {
  const runtime = useRuntime();
  useEffect(() => runtime.requestScope('companies', eventId), [runtime, eventId]);
  const list = useDevice(query('companies', eventId), NO_COMPANY_DOCS);
  const scopes = useScopes();
  return { list, syncedAt: syncedAtOf(scopes.value, 'companies', eventId), scopesLoading: scopes.loading };
}

export function useCompanies(eventId: number): Loadable<CompaniesData> {
  const { list, syncedAt, scopesLoading } = useEventCompanies(eventId);
  const data = useMemo(() => ({ items: list.value, syncedAt }), [list.value, syncedAt]);
  return useMemo(() => ({ data, isLoading: list.loading || scopesLoading }), [data, list.loading, scopesLoading]);
}

export function useCompany(eventId: number, standId: number): Loadable<CompanyData> {
  const { list, syncedAt, scopesLoading } = useEventCompanies(eventId);
  const company = useMemo(() => list.value.find((c) => c.stand_id === standId), [list.value, standId]);
  const data = useMemo(() => ({ company, syncedAt }), [company, syncedAt]);
  return useMemo(() => ({ data, isLoading: list.loading || scopesLoading }), [data, list.loading, scopesLoading]);
}
