import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PricedOrder } from '../../../contract/promo.ts';
import type { PaymentMethod } from '../../../contract/sales.ts';
import { cartTickets, type CartDoc, type OfferType } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { priceText } from './format.ts';
import { PromoField, type PromoState } from './PromoField.tsx';

export interface PayStepProps {
  types: OfferType[];
  cart: CartDoc;
  currency: string;
  total: number;
  /** Each ticket's price with the promo code, in the order of the cart's tickets. */
  pricing: PricedOrder;
  promo: PromoState;
  methods: PaymentMethod[];
  method: PaymentMethod | '';
  onMethod(m: PaymentMethod): void;
  /** Where a guest signs in or signs up and comes back to this checkout, cart kept. */
  auth: { login: string; signup: string } | null;
  /** The sign-in links leave the page the dialog is over: it closes. */
  onLeave?: () => void;
  offline: boolean;
  busy: boolean;
  onPlace(): void;
}

/**
 * Step three: what is bought and what it costs, how to pay, and the one button that needs the
 * network. A guest signs in or signs up first (the cart waits on the device); offline the button
 * is off and the screen says why.
 */
export function PayStep({ types, cart, currency, total, pricing, promo, methods, method, onMethod, auth, onLeave, offline, busy, onPlace }: PayStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = useId();
  const tickets = cartTickets(cart, types);
  const free = total === 0;
  const chosen: PaymentMethod | '' = free ? 'free' : methods.includes(method as PaymentMethod) ? method : '';
  const placeLabel = free
    ? t('checkout.getTickets')
    : chosen === 'card'
      ? t('checkout.payCard', { amount: priceText(t, total, currency, locale) })
      : t('checkout.placeOrder');
  return (
    <div className="checkout__pay">
      <ul className="checkout__summary">
        {tickets.map(({ type, index, attendee }, i) => {
          const priced = pricing.lines[i];
          const lowered = priced !== undefined && priced.discount > 0;
          return (
            <li key={`${type.id}-${index}`}>
              <span>
                {type.name}
                {attendee.name.trim() ? <span className="muted"> · {attendee.name.trim()}</span> : null}
              </span>
              <span>
                {lowered ? <s className="muted">{priceText(t, type.price, currency, locale)}</s> : null}{' '}
                {priceText(t, lowered ? priced.price : type.price, currency, locale)}
              </span>
            </li>
          );
        })}
        {pricing.discount > 0 ? (
          <li className="checkout__discount">
            <span>{t('checkout.promo.discount')}</span>
            <span>−{priceText(t, pricing.discount, currency, locale)}</span>
          </li>
        ) : null}
        <li className="checkout__total">
          <span>{t('checkout.total')}</span>
          <span>{priceText(t, total, currency, locale)}</span>
        </li>
      </ul>
      {auth ? null : <PromoField promo={promo} disabled={busy} />}
      {auth ? (
        <div className="checkout__auth">
          <p>{t('checkout.signInFirst')}</p>
          <div className="checkout__auth-actions">
            <Link className="btn btn--primary" to={auth.login} onClick={onLeave}>
              {t('header.login')}
            </Link>
            <Link className="btn btn--secondary" to={auth.signup} onClick={onLeave}>
              {t('account.signup.title')}
            </Link>
          </div>
        </div>
      ) : null}
      {!auth && !free ? (
        methods.length === 0 ? (
          <p className="form-error">{t('checkout.noMethods')}</p>
        ) : (
          <fieldset className="checkout__methods">
            <legend>{t('checkout.howToPay')}</legend>
            {methods.map((m) => (
              <label key={m} className="checkout__method">
                <input type="radio" name={name} value={m} checked={chosen === m} onChange={() => onMethod(m)} />
                <span>
                  <span className="checkout__method-name">{t(`checkout.methods.${m}`)}</span>
                  <span className="muted small">{t(`checkout.methodHints.${m}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )
      ) : null}
      {offline ? (
        <p className="checkout__offline" role="status">
          {t('checkout.offline')}
        </p>
      ) : null}
      {auth ? null : (
        <Button variant="primary" busy={busy} disabled={offline || (!free && chosen === '')} onClick={onPlace}>
          {placeLabel}
        </Button>
      )}
    </div>
  );
}
