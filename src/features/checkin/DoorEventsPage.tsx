import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDoorEvents, useSession } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import { formatEventRange } from '../../ui/format/events.ts';
import './checkin.css';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** /{locale}/checkin — the events the user checks tickets for, as owner or named door staff. */
export function DoorEventsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const session = useSession();
  const { data, isLoading } = useDoorEvents();
  useDocumentTitle(t('door.eventsTitle'));
  if (session.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (!session.user) return <LoginPrompt title={t('door.eventsTitle')} text={t('door.guestText')} />;
  return (
    <div className="page page--narrow">
      <PageHeader title={t('door.eventsTitle')} lead={data.fromServer ? t('door.eventsLead') : t('door.eventsOffline')} />
      {isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : data.items.length === 0 ? (
        <EmptyState title={t('door.eventsNone')} text={t('door.eventsNoneText')} />
      ) : (
        <ul className="door-events">
          {data.items.map((e) => (
            <li key={e.event_id} className="door-events__item">
              <div>
                <p className="door-search__name">{e.name || t('door.eventNumber', { id: e.event_id })}</p>
                <p className="muted small">
                  {e.when ? formatEventRange(e.when, e.when_end, e.timezone) : null}
                  {e.role ? ` · ${t(`door.role.${e.role}`)}` : null}
                  {e.onDevice ? ` · ${t('door.onDevice')}` : null}
                </p>
              </div>
              <Link className={buttonClass('primary', 'sm')} to={to(`/events/${e.event_id}/checkin`)}>
                {t('door.open')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
