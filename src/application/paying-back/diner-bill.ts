import { paymentLinks, type PaymentLink } from '../../../domain/sharing/payment-links';
import { dinerBreakdown, type DinerBreakdown } from '../../../domain/sharing/stored-receipt';
import { err, ok, type Result } from '../../../domain/result';
import type { PaidBy } from '../../../domain/paying-back/payments';
import type { Clock } from '../../../ports/clock';
import type { Secrets } from '../../../ports/secrets';
import type { StoredBills } from '../../../ports/stored-bills';
import { openAsDiner } from './access';
import type { PayingBackError } from './errors';

export interface DinerBill {
  readonly breakdown: DinerBreakdown;
  /** Who to pay; null on receipts stored through the API. */
  readonly payeeName: string | null;
  readonly payLinks: readonly PaymentLink[];
  readonly paid: { readonly by: PaidBy } | null;
  /** Whether this diner may say "I've paid" here (bills the app stored, opened by the diner's own capability). */
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
    const { bill, dinerId, expiresAt } = opened.value;
    const breakdown = dinerBreakdown(bill, dinerId);
    if (!breakdown.ok) return err({ code: 'diner_not_found' });
    const payment = (await this.bills.payments(bill.id)).find((p) => p.dinerId === dinerId);
    const note = bill.merchant ? `${bill.merchant}` : null;
    return ok({
      breakdown: breakdown.value,
      payeeName: bill.payeeName,
      payLinks: paymentLinks(breakdown.value.diner, breakdown.value.totalPence, note),
      paid: payment === undefined ? null : { by: payment.paidBy },
      canSayPaid: bill.payeeName !== null,
      expiresAt,
    });
  }
}
