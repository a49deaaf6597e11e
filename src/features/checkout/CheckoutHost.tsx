import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutUiContext } from '../../ui/checkout-ui.ts';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

// Its own chunk: every page mounts the host, few pages open the checkout (bench:weight).
const Checkout = lazy(() => import('./Checkout.tsx').then((m) => ({ default: m.Checkout })));

/**
 * The checkout as a dialog over any page (src/ui/checkout-ui.ts), so a buyer on the event page or
 * stopped at the live page's ticket check buys without leaving it; once the ticket is theirs, the
 * page behind opens up by itself (it reads has_ticket from the device).
 */
export function CheckoutHost({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [eventId, setEventId] = useState<number | null>(null);
  const ui = useMemo(() => ({ open: (id: number) => setEventId(id) }), []);
  return (
    <CheckoutUiContext value={ui}>
      {children}
      <Modal open={eventId !== null} onClose={() => setEventId(null)} width={640} title={t('checkout.title')} className="checkout-modal">
        {eventId !== null ? (
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <Checkout eventId={eventId} onDone={() => setEventId(null)} />
          </Suspense>
        ) : null}
      </Modal>
    </CheckoutUiContext>
  );
}
