import { pence, type Pence } from '../money';
import type { DinerBreakdown, StoredReceipt } from '../sharing/stored-receipt';
import { leftAtRate } from './pay-back-rate';
import { payReference, payWays, type PayWay } from './pay-ways';

/**
 * How one diner of a stored bill can pay what they have left: in the bill's currency, or at the
 * organiser's rate in the currency they are paid back in. Their page and the organiser's "Show to
 * pay" both come from here.
 */
export function dinerPayWays(receipt: StoredReceipt, breakdown: DinerBreakdown, leftPence: Pence): PayWay[] {
  const converted = leftAtRate(receipt, breakdown, leftPence);
  const due = converted === null ? { amount: leftPence, currency: receipt.currency } : { amount: pence(converted.amount), currency: converted.currency };
  const { monzo, revolut, paypal, displayName } = breakdown.diner;
  const payee = { name: receipt.payeeName, monzo, revolut, paypal, ...receipt.payeeAccounts };
  return payWays(payee, due, payReference(receipt.merchant, displayName), receipt.merchant);
}
