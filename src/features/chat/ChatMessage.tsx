import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ChatActions, ChatItem } from '../../data/index.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { clockTime } from '../../ui/intl.ts';
import { BlockForm, DeleteConfirm } from './ChatModeration.tsx';
import { ThumbIcon } from './VoteIcons.tsx';

export interface ChatMessageProps {
  item: ChatItem;
  meId: number | null;
  moderator: boolean;
  actions: ChatActions;
  /** Likes need a reader who is not the author (events.md §5 "never on one's own card"). */
  canVote: boolean;
}

/** One comment. Its text and the author's name are React text nodes: never markup (contract/chat.ts). */
export function ChatMessage({ item, meId, moderator, actions, canVote }: ChatMessageProps) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  // One question at a time under the comment: delete it, or block its author.
  const [asking, setAsking] = useState<'delete' | 'block' | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const blockButton = useRef<HTMLButtonElement>(null);
  const own = meId !== null && item.user_id === meId;
  const sentId = item.state === 'sent' ? item.comment_id : null;
  const sent = sentId !== null;
  const fail = (err: unknown) => console.error('foyer: chat action failed', err);
  const vote = (type: 1 | 2) => {
    if (item.comment_id === null) return;
    (item.my_like_type === type ? actions.unlike(item.comment_id) : actions.like(item.comment_id, type)).catch(fail);
  };
  const name = `${item.first_name} ${item.last_name}`.trim();

  return (
    <li className={`chat-msg chat-msg--${item.state}${own ? ' chat-msg--own' : ''}`} data-testid="chat-message" data-state={item.state}>
      <img className="chat-msg__avatar" src={item.avatar} alt="" width={36} height={36} loading="lazy" />
      <div className="chat-msg__body">
        <div className="chat-msg__head">
          <Link to={to(`/profiles/${item.user_id}`)} className="chat-msg__author">
            {name}
          </Link>
          {item.is_blocked_in_chat ? <span className="chat-msg__badge">{t('chat.blockedBadge')}</span> : null}
          <time className="chat-msg__time muted">{clockTime(locale, item.date)}</time>
        </div>
        <p className="chat-msg__text">{item.comment}</p>
        {item.image ? <img className="chat-msg__image" src={item.image} alt={t('chat.imageAlt')} loading="lazy" /> : null}
        {item.state === 'pending' ? (
          <p className="chat-msg__status muted" role="status">
            {t('chat.pending')}
          </p>
        ) : null}
        {item.state === 'rejected' ? (
          <p className="chat-msg__status chat-msg__status--error" role="alert">
            {t(`errors.${item.code ?? 'unknown_error'}`, { defaultValue: t('errors.unknown_error') })}{' '}
            {item.parked ? (
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => item.outbox_id && actions.retry(item.outbox_id).catch(fail)}>
                {t('rejections.retry')}
              </button>
            ) : null}{' '}
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => item.outbox_id && actions.dismiss(item.outbox_id).catch(fail)}>
              {item.parked ? t('rejections.discard') : t('common.dismiss')}
            </button>
          </p>
        ) : null}
        {sent ? (
          <div className="chat-msg__actions">
            <VoteButton pressed={item.my_like_type === 1} disabled={!canVote || own} onClick={() => vote(1)} label={t('chat.like')} count={item.likes_count} />
            <VoteButton
              pressed={item.my_like_type === 2}
              disabled={!canVote || own}
              onClick={() => vote(2)}
              label={t('chat.dislike')}
              count={item.dislikes_count}
              down
            />
            {moderator || own ? (
              <button
                ref={deleteButton}
                type="button"
                className="btn btn--ghost btn--sm"
                aria-expanded={asking === 'delete'}
                onClick={() => setAsking((a) => (a === 'delete' ? null : 'delete'))}
              >
                {t('chat.delete')}
              </button>
            ) : null}
            {moderator && !own ? (
              item.is_blocked_in_chat ? (
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => actions.unblock(item.user_id).catch(fail)}>
                  {t('chat.unblock')}
                </button>
              ) : (
                <button
                  ref={blockButton}
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => setAsking((a) => (a === 'block' ? null : 'block'))}
                  aria-expanded={asking === 'block'}
                >
                  {t('chat.block')}
                </button>
              )
            ) : null}
          </div>
        ) : null}
        {sentId !== null && asking === 'delete' ? (
          <DeleteConfirm
            onConfirm={() => {
              setAsking(null);
              actions.remove(sentId).catch(fail);
            }}
            onCancel={() => {
              setAsking(null);
              deleteButton.current?.focus();
            }}
          />
        ) : null}
        {sent && asking === 'block' ? (
          <BlockForm
            name={name}
            onBlock={(reason) =>
              actions
                .block(item.user_id, reason)
                .then(() => setAsking(null))
                .catch(fail)
            }
            onCancel={() => {
              setAsking(null);
              blockButton.current?.focus();
            }}
          />
        ) : null}
      </div>
    </li>
  );
}

/** A thumb up or down with its count; pressed while it is the reader's own vote. */
function VoteButton({
  pressed,
  disabled,
  onClick,
  label,
  count,
  down = false,
}: {
  pressed: boolean;
  disabled: boolean;
  onClick(): void;
  label: string;
  count: number;
  down?: boolean;
}) {
  return (
    <button type="button" className="chat-msg__vote" aria-pressed={pressed} disabled={disabled} onClick={onClick} aria-label={`${label}, ${count}`}>
      <ThumbIcon down={down} /> {count}
    </button>
  );
}
