import { Link, NavLink, Outlet, useOutletContext, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAdminEvent, useSession, type AdminEventView } from '../../data/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { ADMIN_SECTIONS } from './sections.ts';
import './admin.css';
import { NotOrganiser } from './NotOrganiser.tsx';

/** What every section of one event gets from the layout around it. */
export interface AdminEventContext {
  eventId: number;
  item: AdminEventView;
}

export function useAdminEventContext(): AdminEventContext {
  return useOutletContext<AdminEventContext>();
}

/**
 * /{locale}/admin/events/:eventId/* — one event its organisers run: its name and state, the
 * sections (details and team, overview, schedule, meetings, stands, people) and the section open.
 * Somebody who does not organise the event gets no section at all.
 */
export function AdminEventLayout() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const eventId = Number(useParams().eventId) || 0;
  const session = useSession();
  const { data: item, isLoading } = useAdminEvent(eventId);
  useDocumentTitle(item ? t('admin.edit.titleOf', { name: item.fields.name }) : t('admin.edit.title'));

  if (session.status === 'loading' || isLoading) return <Spinner label={t('common.loading')} />;
  if (!session.user) return <LoginPrompt title={t('admin.edit.title')} text={t('admin.events.guestText')} />;
  if (!item) return <NotOrganiser />;
  const base = to(`/admin/events/${eventId}`);
  return (
    <div className="page admin admin-event">
      <p className="muted">
        <Link to={to('/admin/events')}>{t('admin.events.title')}</Link>
      </p>
      <h1 className="page__title">{item.fields.name}</h1>
      <p className="muted">
        <span className={`admin__state admin__state--${item.state}`}>{t(`admin.state.${item.state}`)}</span>
        {item.pending ? ` · ${t('admin.pending')}` : ''}
        {item.status !== 'draft' ? (
          <>
            {' · '}
            <Link to={to(`/events/${eventId}`)}>{t('admin.edit.openPublic')}</Link>
          </>
        ) : null}
      </p>
      <nav className="admin-nav" aria-label={t('admin.nav.label')}>
        <ul>
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink end to={s.path ? `${base}/${s.path}` : base} className={({ isActive }) => (isActive ? 'admin-nav__link is-active' : 'admin-nav__link')}>
                {t(`admin.nav.${s.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet context={{ eventId, item } satisfies AdminEventContext} />
    </div>
  );
}
