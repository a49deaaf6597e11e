import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { shouldAutoScroll, useChatActions, useEventChat, useSession } from '../../data/index.ts';
import { useLoginHref } from '../../ui/useRequireLogin.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { ChatForm } from './ChatForm.tsx';
import { ChatMessage } from './ChatMessage.tsx';
import { ChatFilterBar } from './ChatFilterBar.tsx';
import { filterComments, type ChatFilter } from './filter.ts';
import './chat.css';

/** Loading older comments starts when the reader scrolls this close to the top. */
const LOAD_OLDER_AT_PX = 48;

/**
 * The event chat (events.md §2, §4): oldest at the top, infinite scroll upward, the form below.
 * Read from the device (src/data/chat.ts), so it opens offline and a comment written offline shows
 * at once as pending.
 */
export function EventChat({ eventId, className }: { eventId: number; className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const loginHref = useLoginHref();
  const chat = useEventChat(eventId);
  const actions = useChatActions(eventId);
  const listRef = useRef<HTMLDivElement>(null);
  const [filter, setFilter] = useState<ChatFilter>('all');
  const { items: all, reader, moderator, blocked, older } = chat.data;
  const items = filterComments(all, filter, user?.id ?? 0);

  // Measured before each render commits: was the reader near the end, and how tall was the list?
  const snapshot = useRef({ nearEnd: true, height: 0, top: 0, firstKey: '' });
  const firstKey = items[0]?.key ?? '';
  const lastKey = items.at(-1)?.key ?? '';
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const before = snapshot.current;
    if (before.firstKey && firstKey !== before.firstKey && before.height > 0 && before.top < LOAD_OLDER_AT_PX * 4) {
      // Older comments were put above: keep the comment the reader was looking at in place.
      el.scrollTop = el.scrollHeight - before.height + before.top;
    } else if (before.nearEnd) {
      el.scrollTop = el.scrollHeight;
    }
    snapshot.current = { nearEnd: shouldAutoScroll(el), height: el.scrollHeight, top: el.scrollTop, firstKey };
  }, [firstKey, lastKey, items.length]);

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    snapshot.current = { nearEnd: shouldAutoScroll(el), height: el.scrollHeight, top: el.scrollTop, firstKey };
    if (el.scrollTop < LOAD_OLDER_AT_PX && !older.loading && !older.exhausted && items.length > 0) chat.loadOlder();
  };

  if (!user) {
    return (
      <div className={['chat', className].filter(Boolean).join(' ')}>
        <p className="muted">{t('chat.loginToRead')}</p>
        <Link className="btn btn--primary btn--sm" to={loginHref}>
          {t('header.login')}
        </Link>
      </div>
    );
  }
  if (!chat.isLoading && !reader) {
    return (
      <div className={['chat', className].filter(Boolean).join(' ')}>
        <p className="muted">{t('chat.ticketToRead')}</p>
      </div>
    );
  }

  return (
    <div className={['chat', className].filter(Boolean).join(' ')} data-testid="event-chat">
      <ChatFilterBar value={filter} onChange={setFilter} />
      <div className="chat__list" ref={listRef} onScroll={onScroll} role="log" aria-live="polite" aria-label={t('chat.title')}>
        {older.loading ? <Spinner label={t('common.loading')} /> : null}
        {older.failed ? (
          <p className="chat__older-error muted">
            {t('chat.olderFailed')}{' '}
            <button type="button" className="btn btn--ghost btn--sm" onClick={chat.loadOlder}>
              {t('chat.retry')}
            </button>
          </p>
        ) : null}
        {!older.exhausted && !older.loading && items.length > 0 ? (
          <button type="button" className="btn btn--ghost btn--sm chat__older" onClick={chat.loadOlder}>
            {t('chat.older')}
          </button>
        ) : null}
        {chat.isLoading && items.length === 0 ? <Spinner label={t('common.loading')} /> : null}
        {!chat.isLoading && all.length === 0 ? <p className="chat__empty muted">{t('chat.empty')}</p> : null}
        {all.length > 0 && items.length === 0 ? <p className="chat__empty muted">{t('chat.filter.none')}</p> : null}
        <ol className="chat__items">
          {items.map((item) => (
            <ChatMessage key={item.key} item={item} meId={user.id} moderator={moderator} actions={actions} canVote={reader && !blocked} />
          ))}
        </ol>
      </div>
      {blocked ? (
        <p className="chat__blocked" role="status">
          {t('errors.chat_blocked')}
        </p>
      ) : (
        <ChatForm actions={actions} />
      )}
    </div>
  );
}
