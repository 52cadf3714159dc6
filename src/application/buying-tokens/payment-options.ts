import { formatMoney, GBP } from '../../../domain/currency';
import { SUBSCRIPTION_PLANS, TOKEN_PACKAGES, type SubscriptionPlan, type TokenPackage } from '../../../domain/buying-tokens/offers';

export interface ProviderKeys {
  readonly card: { readonly publishableKey: string } | null;
  readonly paypal: { readonly clientId: string } | null;
}

/** What the Buy Tokens dialog needs: the server's offers and, per provider, live keys (public ones only) or test mode. */
export function paymentOptions(keys: ProviderKeys) {
  return {
    packages: TOKEN_PACKAGES.map(packageOffer),
    plans: SUBSCRIPTION_PLANS.map(planOffer),
    card: keys.card ? { mode: 'live' as const, publishableKey: keys.card.publishableKey } : { mode: 'test' as const },
    paypal: keys.paypal ? { mode: 'live' as const, clientId: keys.paypal.clientId } : { mode: 'test' as const },
  };
}

// Each offer is priced and worded here, so the dialog shows and buys it without working anything out.
const priced = (pricePence: TokenPackage['pricePence']) => ({ amountPence: pricePence, amount: pricePence / 100, price: formatMoney(pricePence, GBP) });

const packageOffer = (p: TokenPackage) => ({
  type: 'package' as const,
  id: p.id,
  tokens: p.tokens,
  ...priced(p.pricePence),
  description: `${p.tokens} Premium Tokens`,
  popular: p.popular,
  savings: p.savings,
});

const planOffer = (p: SubscriptionPlan) => ({
  type: 'subscription' as const,
  id: p.id,
  tokens: p.tokens,
  ...priced(p.pricePence),
  description: `${p.name} Premium Plan`,
  name: p.name,
  period: p.period,
  savings: p.savings,
});
