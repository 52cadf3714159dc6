import { minorUnits, type MinorUnits } from '../money';
import { err, ok, type Result } from '../result';

// The server's own price table. The browser shows these, but a price is never taken
// from a request: the client names an offer, the server looks up what it costs.

export type PackageId = 'small' | 'medium' | 'large';
export type PlanId = 'monthly' | 'yearly';
export type OfferType = 'package' | 'subscription';

export interface TokenPackage {
  readonly id: PackageId;
  readonly tokens: number;
  readonly pricePence: MinorUnits;
  readonly popular: boolean;
  readonly savings: string | null;
}

export interface SubscriptionPlan {
  readonly id: PlanId;
  readonly name: string;
  readonly pricePence: MinorUnits;
  readonly period: 'month' | 'year';
  readonly savings: string | null;
  readonly tokens: number;
}

/** Both plans grant this many tokens on each paid invoice. */
const PLAN_TOKENS = 999;

export const TOKEN_PACKAGES: readonly TokenPackage[] = [
  { id: 'small', tokens: 10, pricePence: minorUnits(299), popular: false, savings: null },
  { id: 'medium', tokens: 25, pricePence: minorUnits(599), popular: true, savings: 'Save 20%' },
  { id: 'large', tokens: 50, pricePence: minorUnits(999), popular: false, savings: 'Save 33%' },
];

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = [
  { id: 'monthly', name: 'Monthly', pricePence: minorUnits(499), period: 'month', savings: null, tokens: PLAN_TOKENS },
  { id: 'yearly', name: 'Yearly', pricePence: minorUnits(4999), period: 'year', savings: 'Save 17%', tokens: PLAN_TOKENS },
];

export const DEFAULT_PACKAGE_ID: PackageId = 'medium';
export const DEFAULT_PLAN_ID: PlanId = 'yearly';

export const INVALID_PACKAGE = 'Invalid package selected';

/** What is being bought, priced by the server. */
export interface Offer {
  readonly type: OfferType;
  readonly id: PackageId | PlanId;
  readonly tokens: number;
  readonly amountPence: MinorUnits;
  readonly description: string;
  /** Plans renew; packages are paid once. */
  readonly period: 'month' | 'year' | null;
}

/** The offer named by a request; a claimed token count or amount that disagrees with the table is refused. */
export function findOffer(type: string, id: string, claimed: { readonly tokens?: number | undefined; readonly amountPence?: number | undefined } = {}): Result<Offer, typeof INVALID_PACKAGE> {
  const offer = lookUp(type, id);
  if (offer === null) return err(INVALID_PACKAGE);
  if (claimed.tokens !== undefined && claimed.tokens !== offer.tokens) return err(INVALID_PACKAGE);
  if (claimed.amountPence !== undefined && claimed.amountPence !== offer.amountPence) return err(INVALID_PACKAGE);
  return ok(offer);
}

function lookUp(type: string, id: string): Offer | null {
  if (type === 'package') {
    const found = TOKEN_PACKAGES.find((p) => p.id === id);
    return found ? { type, id: found.id, tokens: found.tokens, amountPence: found.pricePence, description: `${found.tokens} Premium Tokens`, period: null } : null;
  }
  if (type === 'subscription') {
    const found = SUBSCRIPTION_PLANS.find((p) => p.id === id);
    return found ? { type, id: found.id, tokens: found.tokens, amountPence: found.pricePence, description: `${found.name} Premium Plan (${found.tokens} tokens)`, period: found.period } : null;
  }
  return null;
}
