import type { OfferOnSale } from '../../contracts/buying-tokens';
import type { Purchased } from './checkout';

/**
 * The documents' local-storage keys after a PayPal payment: a display cache for the return page
 * only; the balance itself always comes from the server.
 */
export function rememberPayPalPayment(orderId: string, offer: OfferOnSale, purchased: Purchased): void {
  try {
    localStorage.setItem('paypal_payment_id', orderId);
    localStorage.setItem('paypal_tokens', String(purchased.tokens));
    localStorage.setItem('paypal_type', offer.type);
    localStorage.setItem('paypal_amount', String(offer.amount));
    localStorage.setItem('paypal_payment_time', new Date().toISOString());
  } catch {
    // Storage can be full or disabled; the server has the purchase either way.
  }
}
