import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayMessage, useSession, useVisitorActions } from '../../data/index.ts';
import { HeartIcon, MessageIcon, StarIcon } from '../icons.tsx';
import { MessageButton } from '../MessageButton.tsx';

/** A queued write: only writing to the local database can fail here. */
type LocalWrite = () => Promise<void>;

export interface PersonActionsProps {
  person: { user_id: number; name: string; favorite: boolean; like_status?: number; liked?: boolean; pending: boolean; is_me: boolean };
  /** Which actions this place offers: the people card has the star only. */
  show: { favorite?: boolean; like?: boolean; message?: boolean };
}

/**
 * Favorite, Like and Message for one person. They exist only for a signed-in user and never on
 * their own card (networking.md §5), so nothing renders otherwise; Message only where the server
 * will take a message (an approved meeting or an existing dialog). Like and favorite work offline:
 * the data layer shows the change at once and sends it when it can.
 */
export function PersonActions({ person, show }: PersonActionsProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const actions = useVisitorActions();
  const [failed, setFailed] = useState(false);
  // Messaging works only after an approved meeting (or in a dialog that exists): no button before.
  const canMessage = useMayMessage(person.user_id);
  if (!user || person.is_me) return null;

  const run = (action: LocalWrite) => {
    setFailed(false);
    action().catch((error: unknown) => {
      // Only the local write can fail here; the network part is the outbox's job.
      console.error('person action failed', error);
      setFailed(true);
    });
  };
  const waiting = person.pending ? ` (${t('sync.waiting')})` : '';

  return (
    <div className="person-actions">
      {show.favorite ? (
        <button
          type="button"
          className={person.favorite ? 'icon-toggle icon-toggle--star icon-toggle--on' : 'icon-toggle icon-toggle--star'}
          aria-pressed={person.favorite}
          aria-label={`${t('people.favoriteOf', { name: person.name })}${waiting}`}
          title={person.favorite ? t('people.favoriteRemove') : t('people.favoriteAdd')}
          onClick={() => run(() => actions.setFavorite(person.user_id, !person.favorite))}
        >
          <StarIcon filled={person.favorite} />
        </button>
      ) : null}
      {show.like ? (
        <button
          type="button"
          className={person.liked ? 'btn btn--sm btn--secondary like-button like-button--on' : 'btn btn--sm btn--secondary like-button'}
          aria-pressed={Boolean(person.liked)}
          title={person.liked ? t('people.liked') : undefined}
          onClick={() => run(() => actions.toggleLike(person.user_id, person.like_status ?? 0))}
        >
          {/* A toggle keeps one label and shows its state by the filled heart and aria-pressed; the
              person's name is spoken after the visible word, so what one sees is what one says. */}
          <HeartIcon filled={Boolean(person.liked)} />
          <span>{t('people.like')}</span>
          <span className="visually-hidden">
            {' '}
            {person.name}
            {waiting}
          </span>
        </button>
      ) : null}
      {show.message && canMessage ? (
        <MessageButton userId={person.user_id} variant="ghost">
          <MessageIcon />
          <span>{t('people.message')}</span>
        </MessageButton>
      ) : null}
      {person.pending && show.favorite ? <span className="pending-dot" title={t('sync.waiting')} /> : null}
      {failed ? (
        <span className="fav__error" role="alert">
          {t('errors.local_write_failed')}
        </span>
      ) : null}
    </div>
  );
}
