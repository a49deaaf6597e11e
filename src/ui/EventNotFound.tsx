import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from './useLocale.ts';
import { EmptyPage } from './EmptyState.tsx';

/**
 * What every page of one event shows when the event is not on this device: removed, an unknown id,
 * or not synced yet on a device that has never been online. It offers the way back to the list.
 */
export function EventNotFound() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <EmptyPage
      title={t('event.notFound')}
      text={t('event.notFoundText')}
      action={
        <Link className="btn btn--primary" to={to('/events')}>
          {t('event.browse')}
        </Link>
      }
    />
  );
}
