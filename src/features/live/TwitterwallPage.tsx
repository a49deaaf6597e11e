import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEvent, useEventChat, useSession } from '../../data/index.ts';
import { LoginPrompt } from '../../ui/LoginPrompt.tsx';
import './live.css';

/** How many of the newest comments fit a projector screen in large type. */
const WALL_SIZE = 8;

/**
 * The projector view (events.md §2 /events/twitterwall/{eventId}): the newest comments, newest on
 * top, in large type, updating as the worker brings comments in. Read-only; it needs the same
 * access as the chat, usually an organiser's laptop.
 */
export function TwitterwallPage() {
  const { t } = useTranslation();
  const eventId = Number(useParams().eventId) || 0;
  const { user } = useSession();
  const { data: event } = useEvent(eventId);
  const chat = useEventChat(eventId);
  if (!user) return <LoginPrompt title={t('live.loginTitle')} text={t('live.loginText')} />;
  const newest = chat.data.items
    .filter((i) => i.state === 'sent')
    .slice(-WALL_SIZE)
    .reverse();
  return (
    <main className="twitterwall" data-testid="twitterwall">
      <h1>{event?.name ?? t('live.title')}</h1>
      {newest.length === 0 ? <p>{t('chat.empty')}</p> : null}
      <ol className="twitterwall__list" aria-live="polite">
        {newest.map((i) => (
          <li key={i.key}>
            <span className="twitterwall__author">{`${i.first_name} ${i.last_name}`.trim()}</span>
            <p className="twitterwall__text">{i.comment}</p>
          </li>
        ))}
      </ol>
    </main>
  );
}
