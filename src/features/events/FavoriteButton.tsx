import { useTranslation } from 'react-i18next';
import { useEventActions, type EventView } from '../../data/index.ts';
import { useRequireLogin } from '../../ui/useRequireLogin.ts';
import { useLocalWrite } from '../../ui/useLocalWrite.ts';
import { StarIcon } from '../../ui/icons.tsx';

export interface FavoriteButtonProps {
  event: Pick<EventView, 'event_id' | 'name' | 'is_favorite' | 'pending'>;
  /** 'icon' on cards; 'full' on the event page, with the word next to the star. */
  variant?: 'icon' | 'full';
}

/**
 * A toggle (aria-pressed), so its name stays the same and the pressed state says whether the event
 * is a favorite. It works offline: the data layer shows the change at once and sends it later.
 */
export function FavoriteButton({ event, variant = 'icon' }: FavoriteButtonProps) {
  const { t } = useTranslation();
  const actions = useEventActions();
  const requireLogin = useRequireLogin();
  const { failed, write } = useLocalWrite('setFavorite failed');

  const toggle = () => requireLogin(() => write(() => actions.setFavorite(event.event_id, !event.is_favorite)));

  const label = variant === 'icon' ? t('event.favoriteOf', { name: event.name }) : t('event.favorite');
  return (
    <span className={`fav fav--${variant}`}>
      <button
        type="button"
        className={event.is_favorite ? 'fav__button fav__button--on' : 'fav__button'}
        aria-pressed={event.is_favorite}
        aria-label={variant === 'icon' ? (event.pending ? `${label} (${t('sync.waiting')})` : label) : undefined}
        title={event.is_favorite ? t('event.favoriteRemove') : t('event.favoriteAdd')}
        onClick={toggle}
      >
        <StarIcon filled={event.is_favorite} />
        {variant === 'full' ? <span>{label}</span> : null}
        {/* On the event page one note covers every pending change of the event; cards have only this dot. */}
        {event.pending && variant === 'icon' ? <span className="pending-dot" title={t('sync.waiting')} /> : null}
      </button>
      {failed ? (
        <span className="fav__error" role="alert">
          {t('errors.local_write_failed')}
        </span>
      ) : null}
    </span>
  );
}
