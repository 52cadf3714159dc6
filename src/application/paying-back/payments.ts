import { paymentStatus, type PaymentStatus } from '../../../domain/paying-back/payments';
import { dinerBreakdown, type StoredReceipt } from '../../../domain/sharing/stored-receipt';
import { err, ok, type Result } from '../../../domain/result';
import type { Clock } from '../../../ports/clock';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { Secrets } from '../../../ports/secrets';
import type { StoredBills } from '../../../ports/stored-bills';
import { openAsDiner, openAsOrganiser, withinLimits } from './access';
import type { PayingBackError } from './errors';

const MARKS_PER_CLIENT: RateLimit = { max: 120, windowSeconds: 600 };
const MARKS_PER_BILL: RateLimit = { max: 60, windowSeconds: 60 };

/** Who has paid: the organiser reads and marks by hand; a diner says "I've paid" for themselves only. */
export class Payments {
  constructor(
    readonly bills: StoredBills,
    readonly secrets: Secrets,
    private readonly limiter: RateLimiter,
    readonly clock: Clock,
  ) {}

  /** The organiser's view: each diner's total and whether they have paid. */
  async status(receiptId: string, organiserSecret: string): Promise<Result<PaymentStatus, PayingBackError>> {
    const bill = await openAsOrganiser(this, receiptId, organiserSecret);
    if (!bill.ok) return bill;
    return ok(paymentStatus(bill.value, await this.bills.payments(receiptId)));
  }

  /** The organiser marks a diner paid or not paid; doing it twice changes nothing. */
  async mark(input: { receiptId: string; organiserSecret: string; dinerId: string; paid: boolean }, clientKey: string): Promise<Result<PaymentStatus, PayingBackError>> {
    const bill = await openAsOrganiser(this, input.receiptId, input.organiserSecret);
    if (!bill.ok) return bill;
    if (!bill.value.diners.some((d) => d.id === input.dinerId)) return err({ code: 'diner_not_found' });
    if (input.dinerId === bill.value.payerDinerId) return err({ code: 'payer_owes_nothing' });
    const limited = await this.limit(input.receiptId, clientKey);
    if (!limited.ok) return limited;
    if (input.paid) await this.bills.markPaid(input.receiptId, input.dinerId, 'organiser', this.clock.now(), owed(bill.value, input.dinerId));
    else await this.bills.markUnpaid(input.receiptId, input.dinerId);
    return ok(paymentStatus(bill.value, await this.bills.payments(input.receiptId)));
  }

  /** "I've paid", from the diner's own link: it can mark nobody else. */
  async dinerPaid(input: { receiptId: string | undefined; dinerKey: string | undefined }, clientKey: string): Promise<Result<true, PayingBackError>> {
    const opened = await openAsDiner(this, input.receiptId, input.dinerKey);
    if (!opened.ok) return opened;
    const limited = await this.limit(opened.value.bill.id, clientKey);
    if (!limited.ok) return limited;
    if (opened.value.dinerId === opened.value.bill.payerDinerId) return err({ code: 'payer_owes_nothing' });
    await this.bills.markPaid(opened.value.bill.id, opened.value.dinerId, 'diner', this.clock.now(), owed(opened.value.bill, opened.value.dinerId));
    return ok(true);
  }

  private limit(receiptId: string, clientKey: string) {
    return withinLimits(this.limiter, [
      [`paying-back:mark:${clientKey}`, MARKS_PER_CLIENT],
      [`paying-back:bill:${receiptId}`, MARKS_PER_BILL],
    ]);
  }
}

/** A paid mark records the diner's whole share as the bill stands now. */
function owed(bill: StoredReceipt, dinerId: string): number {
  const breakdown = dinerBreakdown(bill, dinerId);
  return breakdown.ok ? breakdown.value.totalPence : 0;
}
