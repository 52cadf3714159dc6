import type { Purchased, Selection } from './api';

/**
 * The documents' local-storage keys after a PayPal payment: a display cache for the return page
 * only; the balance itself always comes from the server.
 */
export function rememberPayPalPayment(orderId: string, selection: Selection, purchased: Purchased): void {
  try {
    localStorage.setItem('paypal_payment_id', orderId);
    localStorage.setItem('paypal_tokens', String(purchased.tokens));
    localStorage.setItem('paypal_type', selection.type);
    localStorage.setItem('paypal_amount', String(selection.amountPence / 100));
    localStorage.setItem('paypal_payment_time', new Date().toISOString());
  } catch {
    // Storage can be full or disabled; the server has the purchase either way.
  }
}
