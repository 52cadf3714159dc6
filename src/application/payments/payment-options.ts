import { SUBSCRIPTION_PLANS, TOKEN_PACKAGES } from '../../../domain/payments/offers';

export interface ProviderKeys {
  readonly card: { readonly publishableKey: string } | null;
  readonly paypal: { readonly clientId: string } | null;
}

/** What the Buy Tokens dialog needs: the server's prices and, per provider, live keys (public ones only) or test mode. */
export function paymentOptions(keys: ProviderKeys) {
  return {
    packages: TOKEN_PACKAGES,
    plans: SUBSCRIPTION_PLANS,
    card: keys.card ? { mode: 'live' as const, publishableKey: keys.card.publishableKey } : { mode: 'test' as const },
    paypal: keys.paypal ? { mode: 'live' as const, clientId: keys.paypal.clientId } : { mode: 'test' as const },
  };
}
