import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { parseId } from '../../../contract/ids.ts';
import { useEvent, useMyOrders, useSession } from '../../data/index.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useNow } from '../../ui/useNow.ts';
import { Checkout } from './Checkout.tsx';
import { OrderResult } from './OrderResult.tsx';

/** While the page waits for the card provider's confirmation, its clock ticks this often. */
const WAIT_TICK_MS = 5_000;

/** The organiser's site a widget buyer came from (`?return=`), when it is a web address; never followed by itself. */
export function backUrl(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /{locale}/events/:eventId/checkout — the checkout as a page of its own: where the ticket widget
 * on an organiser's site opens it (`?from=widget&return=<their page>`), where a guest comes back
 * after signing in, where a hidden type's private link leads (`?access=<key>`, which the sign-in
 * trip keeps since it returns to this address), where a waitlist offer leads (`?offer=<key>`), and where the card provider sends the buyer back (`?order=<code>&paid=1|0`);
 * then the page follows the order on the device until the provider's confirmation makes it paid.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const eventId = parseId(useParams().eventId) ?? 0;
  const [params] = useSearchParams();
  const { data: event } = useEvent(eventId);
  const session = useSession();
  const code = params.get('order');
  const back = backUrl(params.get('return'));
  // A malformed key is passed on as it is, so the server refuses it like a guessed one rather than the page dropping it silently.
  const access = params.get('access') || null;
  const offerKey = params.get('offer') || null;
  const now = useNow(WAIT_TICK_MS);
  const orders = useMyOrders(now);
  useDocumentTitle(event ? t('checkout.titleOf', { name: event.name }) : t('checkout.title'));

  let body: ReactNode;
  if (code) {
    const doc = orders.data.all.find((d) => d.order.code === code);
    body =
      doc && event ? (
        <OrderResult order={doc.order} timeZone={event.timezone} cardReturn={params.get('paid') === '1' ? 'paid' : 'left'} back={back} />
      ) : session.status === 'loading' || orders.isLoading || session.user ? (
        <Spinner label={t('checkout.findingOrder')} />
      ) : (
        <p>{t('checkout.orderElsewhere')}</p>
      );
  } else {
    body = <Checkout eventId={eventId} back={back} access={access} offerKey={offerKey} page />;
  }
  return (
    <div className="page page--narrow checkout-page">
      <h1 className="page__title">{event ? t('checkout.titleOf', { name: event.name }) : t('checkout.title')}</h1>
      {body}
    </div>
  );
}
