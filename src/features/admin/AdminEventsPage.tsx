import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAdminEvents, useSession, type AdminEventView, type AdminListState } from '../../data/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TabList } from '../../ui/Tabs.tsx';
import { dateFormat } from '../../ui/intl.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import './admin.css';

type Filter = 'all' | AdminListState;
const FILTERS: Filter[] = ['all', 'draft', 'published', 'cancelled', 'past'];

/**
 * /{locale}/admin/events — the events the user organises (drafts, published, cancelled, past),
 * from the device, and the way to create one. Any signed-in person may create an event.
 */
export function AdminEventsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const session = useSession();
  const { data, isLoading } = useAdminEvents();
  const [filter, setFilter] = useState<Filter>('all');
  const panelId = useId();
  useDocumentTitle(t('admin.events.title'));

  if (session.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!session.user) return <LoginPrompt title={t('admin.events.title')} text={t('admin.events.guestText')} />;

  const count = (f: Filter) => (f === 'all' ? data.events.length : data.events.filter((e) => e.state === f).length);
  const shown = filter === 'all' ? data.events : data.events.filter((e) => e.state === filter);
  return (
    <div className="page admin">
      <div className="page__intro admin__head">
        <div>
          <h1 className="page__title">{t('admin.events.title')}</h1>
          <p className="muted">{t('admin.events.lead')}</p>
        </div>
        <Link className="btn btn--primary" to={to('/admin/events/new')}>
          {t('admin.events.create')}
        </Link>
      </div>
      {data.queued.length > 0 ? (
        <ul className="admin__queued" aria-label={t('admin.events.queuedLabel')}>
          {data.queued.map((q) => (
            <li key={q.id} className="admin__card">
              <p className="admin__name">{q.fields.name}</p>
              <p className={q.refused ? 'field__error' : 'muted'}>
                {q.refused
                  ? t('admin.events.createRefused', { reason: t(`errors.${q.refused}`, { defaultValue: t('errors.unknown_error') }) })
                  : t('admin.events.queued')}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <TabList<Filter>
        tabs={FILTERS.map((f) => ({ id: f, label: t(`admin.state.${f}`), count: count(f) }))}
        value={filter}
        onChange={setFilter}
        label={t('admin.events.filterLabel')}
        panelId={panelId}
        idPrefix={panelId}
      />
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-tab-${filter}`}>
        {isLoading ? (
          <Spinner label={t('common.loading')} />
        ) : shown.length === 0 ? (
          <EmptyState title={t('admin.events.empty')} text={t('admin.events.emptyText')} />
        ) : (
          <ul className="admin__list">
            {shown.map((e) => (
              <EventRow key={e.event.event_id} item={e} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function EventRow({ item }: { item: AdminEventView }) {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const when = dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: item.fields.timezone }).format(item.fields.starts_at * 1000);
  return (
    <li className="admin__card">
      <p className="admin__name">
        <Link to={to(`/admin/events/${item.event.event_id}`)}>{item.fields.name}</Link>
      </p>
      <p className="muted">
        <span className={`admin__state admin__state--${item.state}`}>{t(`admin.state.${item.state}`)}</span> · {when}
        {item.pending ? ` · ${t('admin.pending')}` : ''}
      </p>
    </li>
  );
}
