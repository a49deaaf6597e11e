import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_MAX_TICKETS } from '../../../contract/sales.ts';
import { cartCount, quantityOf, type CartDoc, type OfferType } from '../../data/index.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { priceText, saleStateText } from './format.ts';

/**
 * Step one: the types on sale and how many of each, within each type's limits (per order, per
 * person), what is left, and how many tickets one order (or an unverified account) may hold. What the
 * buyer holds from earlier orders only the server knows: it answers with the limit it met.
 */
export function ChooseStep({
  types,
  cart,
  currency,
  timeZone,
  maxTickets = CHECKOUT_MAX_TICKETS,
  onQuantity,
  soldOut,
}: {
  types: OfferType[];
  cart: CartDoc;
  currency: string;
  timeZone: string;
  maxTickets?: number;
  onQuantity(typeId: number, n: number): void;
  /** What a sold-out type offers instead of tickets (its waitlist). */
  soldOut?: (typeId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const idp = useId();
  const inCart = cartCount(cart);
  return (
    <ul className="checkout__types">
      {types.map((type) => {
        const chosen = quantityOf(cart, type.id);
        const room = Math.max(0, maxTickets - inCart + chosen);
        const max = type.state === 'on_sale' ? Math.min(type.max_per_order, type.max_per_person, type.left ?? type.max_per_order, room) : 0;
        const state = saleStateText(t, type.state, type.sale_starts, locale, timeZone);
        const id = `${idp}-${type.id}`;
        return (
          <li key={type.id} className="checkout__type">
            <div className="checkout__type-text">
              <label className="checkout__type-name" htmlFor={id}>
                {type.name}
              </label>
              {type.description ? <p className="muted small">{type.description}</p> : null}
              {type.hidden ? <p className="checkout__private">{t('checkout.privateType')}</p> : null}
              {state ? <p className="checkout__state">{state}</p> : null}
              {type.left !== null && type.state === 'on_sale' ? <p className="checkout__left">{t('checkout.left', { count: type.left })}</p> : null}
              {type.state === 'sold_out' && soldOut ? soldOut(type.id) : null}
            </div>
            <p className="checkout__price">{priceText(t, type.price, currency, locale)}</p>
            <select
              id={id}
              className="checkout__qty"
              value={Math.min(chosen, Math.max(max, chosen))}
              disabled={max === 0 && chosen === 0}
              aria-label={t('checkout.quantityOf', { name: type.name })}
              onChange={(e) => onQuantity(type.id, Number(e.target.value))}
            >
              {Array.from({ length: Math.max(max, chosen) + 1 }, (_, n) => n).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </li>
        );
      })}
    </ul>
  );
}
