import { sumPence, type Pence } from '../money';
import { dinerBreakdown, type StoredReceipt } from '../sharing/stored-receipt';

export type PaidBy = 'diner' | 'organiser';

/** A diner who has paid: said so on their page, or marked by the organiser. */
export interface DinerPayment {
  readonly dinerId: string;
  readonly paidBy: PaidBy;
  readonly paidAt: Date;
}

export interface DinerPaymentStatus {
  readonly dinerId: string;
  readonly name: string;
  readonly totalPence: Pence;
  readonly paid: { readonly by: PaidBy; readonly at: string } | null;
}

export interface PaymentStatus {
  readonly diners: readonly DinerPaymentStatus[];
  readonly paidCount: number;
  /** What those who have not paid still owe. */
  readonly outstandingPence: Pence;
}

/** Who has paid and who still owes what, with each diner's total exactly as their page shows it. */
export function paymentStatus(receipt: StoredReceipt, payments: readonly DinerPayment[]): PaymentStatus {
  const byDiner = new Map(payments.map((p) => [p.dinerId, p]));
  const diners = receipt.diners.map((d) => {
    const breakdown = dinerBreakdown(receipt, d.id);
    const payment = byDiner.get(d.id);
    return {
      dinerId: d.id,
      name: d.displayName,
      totalPence: breakdown.ok ? breakdown.value.totalPence : (0 as Pence),
      paid: payment === undefined ? null : { by: payment.paidBy, at: payment.paidAt.toISOString() },
    };
  });
  return {
    diners,
    paidCount: diners.filter((d) => d.paid !== null).length,
    outstandingPence: sumPence(diners.filter((d) => d.paid === null).map((d) => d.totalPence)),
  };
}
