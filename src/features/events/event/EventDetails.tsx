import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EventView } from '../../../data/index.ts';
import { useLocalePath } from '../../../ui/useLocale.ts';

/**
 * Where the event happens. Online events say so; in person, the named place and its address, with
 * the older free-text fields (where, address) as a fallback for events entered before places existed.
 */
export function EventPlace({ event }: { event: EventView }) {
  const { t } = useTranslation();
  if (event.is_webinar) return <p className="facts__value">{t('event.online')}</p>;
  const name = event.place.name || event.where;
  const address = event.place.address || event.address;
  // A non-public place is shown only to those who take part, as the organiser chose.
  const visible = event.place.public || event.has_ticket || event.is_owner || event.checked_in;
  return (
    <div className="facts__value">
      {visible && name ? <p className="place__name">{name}</p> : null}
      {visible && address ? <p className="place__address">{address}</p> : null}
      {event.city_name ? <p className="place__city">{event.city_name}</p> : null}
      {!visible ? <p className="muted">{t('event.placeHidden')}</p> : null}
      {visible && !name && !address && !event.city_name ? <p className="muted">{t('event.placeUnknown')}</p> : null}
    </div>
  );
}

export function EventCounters({ event }: { event: EventView }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const items = [
    { key: 'people', value: event.total_people, label: t('event.counters.people') },
    { key: 'favorites', value: event.favorites_count, label: t('event.counters.favorites') },
    { key: 'meetings', value: event.meetings_count, label: t('event.counters.meetings') },
  ];
  return (
    <dl className="counters">
      {items.map((item) => (
        <div key={item.key} className="counters__item">
          <dt className="counters__label">{item.label}</dt>
          <dd className="counters__value">{number.format(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Links to the event's sub-pages; a participant also gets their own trip plan (issue 16). */
export function EventSections({ eventId, tripPlan = false }: { eventId: number; tripPlan?: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <nav className="event-links" aria-label={t('event.sectionsLabel')}>
      <Link className="event-links__item" to={to(`/events/${eventId}/live-translation/stage`)}>
        {t('event.links.programme')}
      </Link>
      <Link className="event-links__item" to={to(`/events/${eventId}/visitors`)}>
        {t('event.links.visitors')}
      </Link>
      <Link className="event-links__item" to={to(`/events/${eventId}/discussions`)}>
        {t('event.links.discussions')}
      </Link>
      <Link className="event-links__item" to={to(`/events/${eventId}/companies`)}>
        {t('event.links.companies')}
      </Link>
      {tripPlan ? (
        <Link className="event-links__item" to={to(`/events/${eventId}/trip`)}>
          {t('event.links.tripPlan')}
        </Link>
      ) : null}
    </nav>
  );
}
