import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CHAT_FIRST_DRAWN, CHAT_PAGE_SIZE } from '../../../contract/constants.ts';
import { shouldAutoScroll, useChatActions, useEventChat, useSession } from '../../data/index.ts';
import { useLoginHref } from '../../ui/useRequireLogin.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useDrawnLater } from '../../ui/useDrawnLater.ts';
import { ChatForm } from './ChatForm.tsx';
import { ChatMessage } from './ChatMessage.tsx';
import { ChatFilterBar } from './ChatFilterBar.tsx';
import { filterComments, type ChatFilter } from './filter.ts';
import './chat.css';

/** Loading older comments starts when the reader scrolls this close to the top. */
const LOAD_OLDER_AT_PX = 48;
/**
 * The newest comments drawn in the frame the chat opens with: about what its box shows on a laptop
 * (1280×900) and more than a phone's. The rest of CHAT_FIRST_DRAWN follow once that frame is on the
 * screen, above the ones drawn, so the page's first frame does not wait for comments out of sight.
 */
const FIRST_FRAME_COMMENTS = 8;

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
  const matching = filterComments(all, filter, user?.id ?? 0);
  // The device holds the recent window (200 comments): drawing all of it made the event page slower
  // from local data than the legacy page over the network. So the newest are drawn first and the
  // rest a page at a time as the reader scrolls up; only past them does the worker fetch older pages.
  // `skipped` counts the oldest comments not drawn. Until the reader scrolls it follows the newest;
  // from then on it is pinned, so a new comment at the end never pulls the list up under the reader.
  const [skipped, setSkipped] = useState<number | null>(null);
  const restDrawn = useDrawnLater(matching.length > FIRST_FRAME_COMMENTS);
  const skip = skipped ?? Math.max(0, matching.length - (restDrawn ? CHAT_FIRST_DRAWN : FIRST_FRAME_COMMENTS));
  const items = skip > 0 ? matching.slice(skip) : matching;
  const hiddenLocally = skip > 0;
  const showOlder = () => {
    setSkipped(Math.max(0, skip - CHAT_PAGE_SIZE));
    if (!hiddenLocally) chat.loadOlder();
  };
  const changeFilter = (next: ChatFilter) => {
    setFilter(next);
    setSkipped(null);
  };

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
    const nearEnd = shouldAutoScroll(el);
    snapshot.current = { nearEnd, height: el.scrollHeight, top: el.scrollTop, firstKey };
    if (el.scrollTop < LOAD_OLDER_AT_PX && items.length > 0 && (hiddenLocally || (!older.loading && !older.exhausted))) showOlder();
    else if (skipped === null && !nearEnd) setSkipped(skip);
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
      <ChatFilterBar value={filter} onChange={changeFilter} />
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
        {items.length > 0 && (hiddenLocally || (!older.exhausted && !older.loading)) ? (
          <button type="button" className="btn btn--ghost btn--sm chat__older" onClick={showOlder}>
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
