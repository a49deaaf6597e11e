import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../ui/EmptyState.tsx';
import { useLocalePath } from '../../ui/useLocale.ts';

/** An event of which the user is not an organiser (or that is not on this device): nothing to manage here. */
export function NotOrganiser() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <EmptyPage title={t('admin.edit.notYours')} text={t('admin.edit.notYoursText')} action={<Link to={to('/admin/events')}>{t('admin.events.title')}</Link>} />
  );
}
