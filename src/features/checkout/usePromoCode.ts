import { useState } from 'react';
import { setPromo, useCheckoutActions, type CartDoc } from '../../data/index.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { CheckoutCart } from './useCheckoutCart.ts';

/**
 * The promo code's field: applying and removing a code, and why one was refused. `lapse` takes off
 * a code that stopped working since it was applied, with the server's reason under the field.
 */
export function usePromoCode(eventId: number, c: CheckoutCart, offline: boolean, update: (next: CartDoc) => void) {
  const locale = useLocale();
  const actions = useCheckoutActions();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { cart, pricing } = c;

  // A code is checked by the server before it is applied, and applied only if it can be used: a
  // refused one stays in the field with the reason under it and changes nothing in the cart.
  const apply = async (code: string) => {
    setRefusal(null);
    if (!code.trim()) return;
    if (offline) {
      setRefusal('network_error');
      return;
    }
    const inCart = [...new Set(c.tickets.map((x) => x.type.id))];
    setBusy(true);
    const r = await actions.checkPromo({ event_id: eventId, code, type_ids: inCart.length ? inCart : c.types.map((x) => x.id), lang: locale });
    setBusy(false);
    if (r.ok) update(setPromo(cart, r.data));
    else setRefusal(r.code);
  };
  const remove = () => {
    setRefusal(null);
    update(setPromo(cart, null));
  };
  const lapse = async (code: string) => {
    setRefusal(code);
    await c.save(setPromo(cart, null));
  };

  const promo = {
    applied: cart.promo ?? null,
    busy,
    // Applied, but the cart holds none of the types it lowers: it is not sent, and the field says why.
    refusal: refusal ?? (cart.promo && !pricing.applies ? 'promo_code_not_applicable' : null),
    apply,
    remove,
  };
  return { promo, lapse };
}
