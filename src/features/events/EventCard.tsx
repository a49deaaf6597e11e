import { memo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EventView } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { FavoriteButton } from './FavoriteButton.tsx';
import { EventPrice } from './EventPrice.tsx';
import { formatEventStart, isoInEventZone } from '../../ui/format/events.ts';

/** Kept from render to render while its event is the same object: a row drawn in steps renders its list again per step. */
export const EventCard = memo(function EventCard({ event }: { event: EventView }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <article className="event-card">
      <div className="event-card__media">
        {/* Decorative: the card's heading names the event, once. */}
        <img src={event.poster_middle} alt="" loading="lazy" decoding="async" width={800} height={450} />
      </div>
      <div className="event-card__body">
        <p className="event-card__category">{event.category_name}</p>
        <h3 className="event-card__title">
          {/* The title link covers the whole card (see .event-card__link::after), leaving one tab stop per card. */}
          <Link className="event-card__link" to={to(`/events/${event.event_id}`)}>
            {event.name}
          </Link>
        </h3>
        <p className="event-card__when">
          <time dateTime={isoInEventZone(event.when, event.timezone)}>{formatEventStart(event.when, event.timezone)}</time>
        </p>
        <p className="event-card__where">{event.is_webinar ? t('event.online') : event.city_name || t('event.placeUnknown')}</p>
        {/* There even without a price, so a row's cards keep the same lines (events.css). */}
        <p className="event-card__price">
          <EventPrice event={event} />
        </p>
      </div>
      <div className="event-card__fav">
        <FavoriteButton event={event} />
      </div>
    </article>
  );
});
