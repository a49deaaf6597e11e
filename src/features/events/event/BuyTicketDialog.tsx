import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CLOCK_TICK_MS } from '../../../../contract/constants.ts';
import type { EventView } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { useCheckoutUi } from '../../../ui/checkout-ui.ts';
import { useNow } from '../../../ui/useNow.ts';
import { videoPhase } from '../../../ui/video/video.ts';

/** The query flag the live page's "Buy a ticket" used to set (events.md §2 ticket-check modal); old links still open the checkout. */
export const BUY_PARAM = 'buy';

/**
 * The event page's way to tickets: a "Buy tickets" button that opens the checkout over the page
 * (src/ui/checkout-ui.ts), shown while the event sells (or is not free); `?buy=1` opens it once and
 * drops the flag from the address, so a reload or the back button does not open it again. A free
 * event that sells nothing needs only a check-in, so it gets no button.
 */
export function BuyTicketDialog({ event }: { event: EventView }) {
  const { t } = useTranslation();
  const checkout = useCheckoutUi();
  const [params, setParams] = useSearchParams();
  const now = useNow(CLOCK_TICK_MS * 30);
  const asked = params.get(BUY_PARAM) === '1';
  const eventId = event.event_id;

  useEffect(() => {
    if (!asked) return;
    checkout.open(eventId);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(BUY_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, setParams, checkout, eventId]);

  const finished = videoPhase(event.when, event.when_end, now) === 'finished';
  const sells = event.sales.types.length > 0;
  if (finished || event.status === 'cancelled' || (!sells && event.is_free)) return null;
  const allFree = sells && event.sales.types.every((x) => x.price === 0);
  return (
    <Button variant={event.has_ticket ? 'secondary' : 'primary'} onClick={() => checkout.open(eventId)}>
      {allFree ? t('checkout.getFree') : t('checkout.buy')}
    </Button>
  );
}
