import type { CurrencyCode } from '../../../domain/currency';
import { dinerBreakdown, type DinerBreakdown } from '../../../domain/paying-back/stored-bill';
import { err, ok, type Result } from '../../../domain/result';
import { paidAgainst, type PaidBy } from '../../../domain/paying-back/repayments';
import { minorUnits, type MinorUnits } from '../../../domain/money';
import { dinerPayWays } from '../../../domain/paying-back/diner-pay-ways';
import type { PayWay } from '../../../domain/paying-back/pay-ways';
import { leftAtRate, type PayBackRate } from '../../../domain/paying-back/pay-back-rate';
import type { Clock } from '../../../ports/clock';
import type { Secrets } from '../../../ports/secrets';
import type { StoredBills } from '../../../ports/stored-bills';
import { openAsDiner } from './access';
import type { PayingBackError } from './errors';

export interface DinerBill {
  readonly breakdown: DinerBreakdown;
  /** Who to pay; null on receipts stored through the API. */
  readonly payeeName: string | null;
  /** Every way to pay what is left (domain/paying-back/pay-ways.ts): links, a bank-transfer code, a UPI link. */
  readonly payLinks: readonly PayWay[];
  readonly paid: { readonly by: PaidBy } | null;
  /** Paid so far, what is left to pay now (the pay links ask for it), and what was paid beyond the share. */
  readonly paidPence: MinorUnits;
  readonly leftPence: MinorUnits;
  readonly overPence: MinorUnits;
  /** What is left to pay at the organiser's rate, in the currency they are paid back in (the pay links ask for it); null without a rate. */
  readonly convertedLeft: { readonly currency: CurrencyCode; readonly amount: number } | null;
  /** The organiser's rate, for the page to say and to give every amount in both currencies; null without one. */
  readonly payBack: PayBackRate | null;
  /** This diner paid the restaurant: owed by the others, never owing. */
  readonly isPayer: boolean;
  /** Whether this diner may say "I've paid" here: a bill with a payee, opened by the diner's own capability. */
  readonly canSayPaid: boolean;
  /** When the link stops working; null on receipts stored through the API. */
  readonly expiresAt: Date | null;
}

/** One diner's page of a stored bill (/r/{id}/{dinerId}): their breakdown, how to pay, and whether they have. */
export class OpenDinerBill {
  constructor(
    readonly bills: StoredBills,
    readonly secrets: Secrets,
    readonly clock: Clock,
  ) {}

  async execute(receiptId: string | undefined, dinerKey: string | undefined): Promise<Result<DinerBill, PayingBackError>> {
    const opened = await openAsDiner(this, receiptId, dinerKey);
    if (!opened.ok) return opened;
    const { stored, dinerId, byCapability, expiresAt } = opened.value;
    const breakdown = dinerBreakdown(stored, dinerId);
    if (!breakdown.ok) return err({ code: 'diner_not_found' });
    const payment = (await this.bills.payments(stored.id)).find((p) => p.dinerId === dinerId);
    const isPayer = dinerId === stored.bill.payerId;
    const { paidPence, leftPence, overPence } = paidAgainst(breakdown.value.totalPence, isPayer ? undefined : payment);
    // Paid back in pounds at the organiser's rate: the links ask for the pound amount.
    const convertedLeft = leftAtRate(stored, breakdown.value, leftPence);
    const links = dinerPayWays(stored, breakdown.value, leftPence);
    return ok({
      breakdown: breakdown.value,
      payeeName: stored.payee.name,
      payLinks: isPayer || leftPence === 0 ? [] : links,
      paid: payment === undefined || isPayer ? null : { by: payment.paidBy },
      paidPence,
      leftPence: isPayer ? minorUnits(0) : leftPence,
      overPence,
      convertedLeft,
      payBack: stored.payBack,
      isPayer,
      canSayPaid: byCapability && stored.payee.name !== null && !isPayer && leftPence > 0,
      expiresAt,
    });
  }
}
