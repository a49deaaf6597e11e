import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../data/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

/**
 * What to show when the device holds no stands for the event: either the event has none (its
 * stands have been downloaded), or they have not reached this device yet, which offline says so
 * instead of claiming the event is empty.
 */
export function NoCompanies({ syncedAt, compact = false }: { syncedAt: number | null; compact?: boolean }) {
  const { t } = useTranslation();
  const sync = useSyncStatus();
  if (syncedAt !== null) return <EmptyState compact={compact} title={t('companies.empty')} text={compact ? undefined : t('companies.emptyText')} />;
  if (sync.state === 'offline' || sync.state === 'error') {
    return <EmptyState compact={compact} title={t('companies.notOnDevice')} text={t('companies.notOnDeviceText')} />;
  }
  return <Spinner label={t('companies.downloading')} />;
}
