import { useEffect, useMemo } from 'react';
import type { CompaniesData, CompanyData, Loadable } from './api.ts';
import { useRuntime, useStore } from './hooks.ts';
import { syncedAtOf } from './stores/synced-at.ts';

function useEventCompanies(eventId: number) {
  const runtime = useRuntime();
  const stores = runtime.companies;
  useEffect(() => {
    stores.request(eventId);
  }, [stores, eventId]);
  const list = useStore(stores.byEvent.get(eventId));
  const scopes = useStore(stores.scopes);
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
