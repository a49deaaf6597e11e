import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEvent } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { EventNotFound } from '../../ui/EventNotFound.tsx';
import { EventChat } from './EventChat.tsx';

/**
 * The event page's "Discussions" link (events.md §2, events/{eventId}/discussions): the event chat
 * on a page of its own, read from the device like the chat on the event page, so it opens offline.
 */
export function DiscussionsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const n = Number(useParams().eventId);
  const eventId = Number.isInteger(n) && n > 0 ? n : 0;
  const { data: event, isLoading } = useEvent(eventId);
  useDocumentTitle(event ? t('discussions.pageTitle', { name: event.name }) : t('discussions.title'));

  if (isLoading && !event) return <Spinner label={t('common.loading')} />;
  if (!event) return <EventNotFound />;
  return (
    <div className="page discussions-page">
      <p className="muted">
        <Link to={to(`/events/${eventId}`)}>{event.name}</Link>
      </p>
      <h1>{t('discussions.title')}</h1>
      <EventChat eventId={eventId} className="chat--tall" />
    </div>
  );
}
