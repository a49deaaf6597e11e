import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { EventView } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';

/**
 * An event that sells nothing through Foyer: a free one needs only a check-in; a paid one is sold
 * by its organiser elsewhere, so the checkout says what a ticket costs and how to reach them.
 */
export function NoTickets({ event, onClose }: { event: EventView; onClose?: () => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  if (event.is_free) {
    return (
      <p>
        {t('event.buy.free')}{' '}
        <Link to={to(`/events/${event.event_id}`)} onClick={onClose}>
          {t('checkout.toEvent')}
        </Link>
      </p>
    );
  }
  const { email, phone, name } = event.company;
  return (
    <>
      <p>{t('checkout.notSold')}</p>
      <p>{name ? t('event.buy.soldByNamed', { name }) : t('event.buy.soldBy')}</p>
      {email || phone ? (
        <ul className="buy-ticket__contacts">
          {email ? (
            <li>
              <a
                href={`mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(t('event.buy.mailSubject', { name: event.name }))}`}
              >
                {email}
              </a>
            </li>
          ) : null}
          {phone ? (
            <li>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="muted">{t('event.buy.noContacts')}</p>
      )}
    </>
  );
}
