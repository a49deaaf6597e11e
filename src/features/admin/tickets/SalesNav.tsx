import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../ui/useLocale.ts';

/** The two screens of an event's sales: its ticket types (on the device) and its orders (online). */
export function SalesNav({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'sales-nav__item sales-nav__item--active' : 'sales-nav__item');
  return (
    <nav className="sales-nav" aria-label={t('sales.navLabel')}>
      <NavLink to={to(`/admin/events/${eventId}/tickets`)} className={cls} end>
        {t('sales.types.title')}
      </NavLink>
      <NavLink to={to(`/admin/events/${eventId}/orders`)} className={cls} end>
        {t('sales.orders.title')}
      </NavLink>
    </nav>
  );
}
