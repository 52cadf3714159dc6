import { minorUnits, type MinorUnits } from '../money';
import type { DinerBreakdown, StoredBill } from './stored-bill';
import { leftAtRate } from './pay-back-rate';
import { payReference, payWays, type PayWay } from './pay-ways';

/**
 * How one diner of a stored bill can pay what they have left: in the bill's currency, or at the
 * organiser's rate in the currency they are paid back in. Their page and the organiser's "Show to
 * pay" both come from here.
 */
export function dinerPayWays(stored: StoredBill, breakdown: DinerBreakdown, leftPence: MinorUnits): PayWay[] {
  const converted = leftAtRate(stored, breakdown, leftPence);
  const due = converted === null ? { amount: leftPence, currency: stored.bill.currency } : { amount: minorUnits(converted.amount), currency: converted.currency };
  const { monzo, revolut, paypal, displayName } = breakdown.diner;
  const payee = { name: stored.payee.name, monzo, revolut, paypal, ...stored.payee.accounts };
  return payWays(payee, due, payReference(stored.bill.name, displayName), stored.bill.name);
}
