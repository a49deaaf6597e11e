import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { openOffer, useMyWaitlist, type WaitlistPlace } from '../../data/index.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { dateFormat } from '../../ui/intl.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';
import { OrdersList } from './OrdersList.tsx';

/**
 * The person's waitlists on My tickets, from the device: an open offer first, with until when the
 * place is held and "Buy now" (the checkout with the offer's key), then the lines they wait in
 * with their place. Ended entries (bought, expired, left) are not listed: the order or nothing
 * says what became of them.
 */
export function WaitlistSection({ now }: { now: number }) {
  const { t } = useTranslation();
  const { data } = useMyWaitlist();
  const open = data.filter((p) => p.state === 'waiting' || openOffer(p, now));
  if (!open.length) return null;
  const offers = open.filter((p) => openOffer(p, now));
  const waiting = open.filter((p) => !openOffer(p, now));
  return (
    <OrdersList id="waitlist-h" className="orders waitlist-list" title={t('waitlist.myTitle')}>
      {[...offers, ...waiting].map((p) => (
        <li key={`${p.eventId}:${p.typeId}`}>
          <WaitlistItem place={p} now={now} />
        </li>
      ))}
    </OrdersList>
  );
}

function WaitlistItem({ place, now }: { place: WaitlistPlace; now: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const offered = openOffer(place, now);
  const timeZone = place.event?.timezone ?? 'UTC';
  return (
    <div className={offered ? 'waitlist waitlist--offer' : 'waitlist'}>
      <p className="orders__event">
        <Link to={to(`/events/${place.eventId}/checkout`)}>{place.event?.name ?? t('waitlist.event')}</Link>
      </p>
      <p className="muted small">{place.typeName}</p>
      {offered ? (
        <>
          <p className="small">
            {t('waitlist.offered', { time: dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(place.offerExpires * 1000) })}
          </p>
          <Link className={buttonClass('primary', 'md', 'waitlist__buy')} to={to(`/events/${place.eventId}/checkout?offer=${place.offerKey}`)}>
            {t('waitlist.buyNow')}
          </Link>
        </>
      ) : (
        <p className="small">{place.place > 0 ? t('waitlist.place', { place: place.place }) : t('waitlist.queued')}</p>
      )}
    </div>
  );
}
