import { createContext, useContext } from 'react';

/**
 * What screens of any feature may ask of the checkout that CheckoutHost (mounted by the app's
 * layout on every page) puts on top of a page: open it for an event. The event page's "Buy
 * tickets", its `?buy=1` and the live page's ticket-check dialog (events.md §2) all come through
 * here without importing the checkout feature.
 */
export interface CheckoutUi {
  open(eventId: number): void;
}

export const CheckoutUiContext = createContext<CheckoutUi | null>(null);

export function useCheckoutUi(): CheckoutUi {
  const ui = useContext(CheckoutUiContext);
  if (!ui) throw new Error('useCheckoutUi needs <CheckoutHost> above it');
  return ui;
}
