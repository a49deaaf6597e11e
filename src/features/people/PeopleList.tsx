import { useTranslation } from 'react-i18next';
import type { PeoplePage } from '../../data/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatRelative } from '../../app/layout/relativeTime.ts';
import { PeopleIcon } from '../../ui/icons.tsx';
import { PersonItem } from './PersonItem.tsx';

/** The list of the people card and of /people, with where it comes from when that matters. */
export function PeopleList({ page, isLoading }: { page: PeoplePage; isLoading: boolean }) {
  const { t, i18n } = useTranslation();
  if (isLoading && page.items.length === 0) return <Spinner label={t('common.loading')} />;
  if (page.items.length === 0) {
    return (
      <EmptyState compact icon={<PeopleIcon />} title={t('people.empty')} text={page.source === 'none' ? t('people.emptyOffline') : t('people.emptyText')} />
    );
  }
  return (
    <>
      <ul className="people-list">
        {page.items.map((p) => (
          <PersonItem key={p.user_id} person={p} />
        ))}
      </ul>
      {page.source === 'server' && page.fetchedAt ? (
        <p className="muted people-source">{t('people.fromServer', { time: formatRelative(page.fetchedAt, Date.now(), i18n.language) })}</p>
      ) : null}
    </>
  );
}
