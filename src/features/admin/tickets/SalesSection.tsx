import { useTranslation } from 'react-i18next';
import { useSalesAdmin } from '../../../data/index.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useAdminEventContext } from '../AdminEventLayout.tsx';
import { NotOrganiser } from '../NotOrganiser.tsx';
import { OrdersPanel } from './OrdersPage.tsx';
import { SalesNav } from './SalesNav.tsx';
import { TicketTypesPanel } from './TicketTypesPage.tsx';
import { AdminPanel } from '../AdminPanel.tsx';
import '../admin.css';
import './sales.css';

/**
 * The "Tickets and orders" section of an event in the admin area: its ticket types and payment
 * settings (from the organisers' copy of the event on the device) and its orders (online), with the
 * sales sub-navigation between the two. The layout around it has already checked the organiser.
 */
function SalesSection({ panel }: { panel: 'types' | 'orders' }) {
  const { t } = useTranslation();
  const { eventId } = useAdminEventContext();
  const { data, isLoading } = useSalesAdmin(eventId);
  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (!data) return <NotOrganiser />;
  return (
    <AdminPanel id="sales-section-h" className="admin-section" title={t(panel === 'types' ? 'sales.types.title' : 'sales.orders.title')}>
      <SalesNav eventId={eventId} />
      {panel === 'types' ? <TicketTypesPanel data={data} /> : <OrdersPanel data={data} />}
    </AdminPanel>
  );
}

export function TicketTypesSection() {
  return <SalesSection panel="types" />;
}

export function OrdersSection() {
  return <SalesSection panel="orders" />;
}
