import type { TFunction } from 'i18next';
import { formatMoney } from '../../../contract/money.ts';
import { PENDING_TICKETS_PER_EVENT, saleState, UNVERIFIED_TICKETS_PER_EVENT, type SaleState } from '../../../contract/sales.ts';
import type { EventView, OfferType, OnlineFailure } from '../../data/index.ts';
import { tooManyRequestsText } from '../../ui/retryAfter.ts';

/** A ticket's price in the event's currency (contract/money.ts), or "Free". */
export function priceText(t: TFunction, amount: number, currency: string, locale: string): string {
  return amount > 0 ? formatMoney(amount, currency, locale) : t('price.free');
}

/**
 * The types the event document carries, shaped as the server's offer, for a checkout opened
 * offline: their sale state follows the device's clock; "few left" is only known online.
 */
export function typesFromEvent(event: Pick<EventView, 'sales' | 'when_end'>, nowMs: number): OfferType[] {
  const now = Math.floor(nowMs / 1000);
  return event.sales.types.map((t) => ({ ...t, state: saleState(t, now, event.when_end), left: null, hidden: false }));
}

/** What a type's sale state says beside it; '' while it is simply on sale. */
export function saleStateText(t: TFunction, state: SaleState, startsAt: number, locale: string, timeZone: string): string {
  if (state === 'sold_out') return t('checkout.state.soldOut');
  if (state === 'ended') return t('checkout.state.ended');
  if (state === 'not_yet') {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(startsAt * 1000);
    return t('checkout.state.notYet', { date });
  }
  return '';
}

/** A deadline in the event's zone, as the order's instructions give it. */
export function deadlineText(seconds: number, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(seconds * 1000);
}

/** Why the order was not placed, naming the type and its limit when the server says which type. */
export function failureText(t: TFunction, locale: string, types: OfferType[], f: OnlineFailure): string {
  if (f.code === 'rate_limited') return tooManyRequestsText(t, locale, f.retryAfter);
  const type = types.find((x) => String(x.id) === f.detail);
  if (type) {
    if (f.code === 'sold_out') return t('checkout.soldOutType', { name: type.name });
    if (f.code === 'too_many_tickets') return t('checkout.tooManyType', { name: type.name, max: type.max_per_order });
    if (f.code === 'ticket_limit_per_person') return t('checkout.limitPerPerson', { name: type.name, max: type.max_per_person });
  }
  if (f.code === 'unverified_ticket_limit') return t('checkout.unverifiedLimit', { max: UNVERIFIED_TICKETS_PER_EVENT });
  if (f.code === 'pending_tickets_limit') return t('checkout.pendingTicketsLimit', { max: PENDING_TICKETS_PER_EVENT });
  if (f.code === 'network_error') return t('checkout.offline');
  return t(`errors.${f.code}`, { defaultValue: t('errors.unknown_error') });
}
