import Stripe from 'stripe';
import { minorUnits } from '../../../contract/sales.ts';
import type { StripeConfig } from '../../config.ts';

/**
 * Card payments through Stripe's official SDK (`stripe`). Foyer never sees a card: the buyer pays
 * on Stripe's hosted Checkout page, which sends them back to Foyer, and Stripe confirms the payment
 * by a webhook whose signature the SDK verifies. The SDK is the only code that talks to Stripe;
 * STRIPE_API_URL points it at another host (stripe-mock, or the tests' double of Stripe's API).
 */

export interface CheckoutOrder {
  id: number;
  code: string;
  email: string;
  currency: string;
  locale: string;
  expiresAt: Date;
  lines: { name: string; price: number }[];
}

export interface CheckoutUrls {
  success: string;
  cancel: string;
}

export interface CardProvider {
  /** Opens the provider's payment page for the order; answers its session id and address. */
  createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<{ sessionId: string; url: string }>;
  /** The session's address while the buyer can still pay there; null once it is over. */
  openCheckoutUrl(sessionId: string): Promise<string | null>;
  /** Gives the whole payment back. Repeating it for the same order refunds once (idempotency key). */
  refund(paymentId: string, orderId: number): Promise<void>;
  /**
   * Gives back part of a payment (one line of an order, in the currency's minor units); `key`
   * names the reason, so repeating it refunds once.
   */
  refundPart(paymentId: string, orderId: number, amountMinor: number, key: string): Promise<void>;
  /** Verifies a webhook's signature and answers its event; throws on a forged or stale one. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
}

/** Stripe's Checkout speaks these of our languages (its `locale`); others get its own choice. */
const CHECKOUT_LOCALES = new Set(['en', 'pl', 'ru']);

/** A session lasts at least 30 minutes (Stripe's floor) and ends before the order lets its tickets go. */
const SESSION_MIN_MS = 31 * 60_000;

export function createCardProvider(config: StripeConfig): CardProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(config.api ?? {}),
  });
  return {
    async createCheckout(order, urls) {
      // One line per type and price, as the receipt groups them.
      const grouped = new Map<string, { name: string; price: number; quantity: number }>();
      for (const l of order.lines) {
        const key = `${l.name}\u0000${l.price}`;
        const g = grouped.get(key);
        if (g) g.quantity++;
        else grouped.set(key, { ...l, quantity: 1 });
      }
      const expiresAt = Math.floor(Math.max(Date.now() + SESSION_MIN_MS, Math.min(order.expiresAt.getTime() - 60_000, Date.now() + 23 * 3600_000)) / 1000);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [...grouped.values()].map((g) => ({
            quantity: g.quantity,
            price_data: { currency: order.currency.toLowerCase(), unit_amount: minorUnits(g.price, order.currency), product_data: { name: g.name } },
          })),
          client_reference_id: order.code,
          customer_email: order.email,
          metadata: { order_id: String(order.id), order_code: order.code },
          payment_intent_data: { metadata: { order_id: String(order.id), order_code: order.code } },
          success_url: urls.success,
          cancel_url: urls.cancel,
          expires_at: expiresAt,
          ...(CHECKOUT_LOCALES.has(order.locale) ? { locale: order.locale as 'en' | 'pl' | 'ru' } : {}),
        },
        // A retried request for the same order opens the same session.
        { idempotencyKey: `foyer-order-${order.id}-checkout` },
      );
      if (!session.url) throw new Error('the card provider answered a session without an address');
      return { sessionId: session.id, url: session.url };
    },
    async openCheckoutUrl(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return session.status === 'open' && session.url ? session.url : null;
    },
    async refund(paymentId, orderId) {
      await stripe.refunds.create({ payment_intent: paymentId, metadata: { order_id: String(orderId) } }, { idempotencyKey: `foyer-order-${orderId}-refund` });
    },
    async refundPart(paymentId, orderId, amountMinor, key) {
      await stripe.refunds.create(
        { payment_intent: paymentId, amount: amountMinor, metadata: { order_id: String(orderId), reason: key } },
        { idempotencyKey: `foyer-${key}-refund` },
      );
    },
    verifyWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
    },
  };
}
