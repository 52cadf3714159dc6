import type { PaidBy } from '../../../domain/paying-back/payments';
import { paymentStatus, type PaymentStatus } from '../../../domain/paying-back/payments';
import { dinerBreakdown, type StoredReceipt } from '../../../domain/sharing/stored-receipt';
import { err, ok, type Result } from '../../../domain/result';
import type { Clock } from '../../../ports/clock';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { Secrets } from '../../../ports/secrets';
import type { HeldBill, StoredBillChange, StoredBills } from '../../../ports/stored-bills';
import { openAsDiner, openAsOrganiser, withinLimits } from './access';
import type { PayingBackError } from './errors';

const MARKS_PER_CLIENT: RateLimit = { max: 120, windowSeconds: 600 };
const MARKS_PER_BILL: RateLimit = { max: 60, windowSeconds: 60 };

/**
 * Who has paid: the organiser reads and marks by hand; a diner says "I've paid" for themselves only.
 * Who may mark is checked first; what is marked is decided on the bill under its lock, so a mark
 * that races an edit sees the edit's outcome (a diner it removed is refused, never half-written).
 */
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
    const at = this.clock.now();
    const changed = await this.bills.change(input.receiptId, at, (held) =>
      input.paid ? paidMark(held, input.dinerId, 'organiser', at) : stillOnBill(held, input.dinerId, { type: 'markUnpaid', dinerId: input.dinerId }),
    );
    return changed.ok ? ok(paymentStatus(changed.value.bill, changed.value.payments)) : changed;
  }

  /** "I've paid", from the diner's own link (their capability): it can mark nobody else. */
  async dinerPaid(input: { receiptId: string | undefined; dinerKey: string | undefined }, clientKey: string): Promise<Result<true, PayingBackError>> {
    const opened = await openAsDiner(this, input.receiptId, input.dinerKey);
    if (!opened.ok) return opened;
    const { bill, dinerId, byCapability } = opened.value;
    if (!byCapability) return err({ code: 'capability_required' });
    const limited = await this.limit(bill.id, clientKey);
    if (!limited.ok) return limited;
    const at = this.clock.now();
    const changed = await this.bills.change(bill.id, at, (held) => paidMark(held, dinerId, 'diner', at));
    return changed.ok ? ok(true) : changed;
  }

  private limit(receiptId: string, clientKey: string) {
    return withinLimits(this.limiter, [
      [`paying-back:mark:${clientKey}`, MARKS_PER_CLIENT],
      [`paying-back:bill:${receiptId}`, MARKS_PER_BILL],
    ]);
  }
}

/** A paid mark records the diner's whole share as the bill stands under its lock. */
function paidMark(held: HeldBill, dinerId: string, by: PaidBy, at: Date): Result<StoredBillChange, PayingBackError> {
  if (dinerId === held.bill.payerDinerId) return err({ code: 'payer_owes_nothing' });
  return stillOnBill(held, dinerId, { type: 'markPaid', dinerId, by, at, amountPence: owed(held.bill, dinerId) });
}

function stillOnBill(held: HeldBill, dinerId: string, change: StoredBillChange): Result<StoredBillChange, PayingBackError> {
  return held.bill.diners.some((d) => d.id === dinerId) ? ok(change) : err({ code: 'diner_removed' });
}

function owed(bill: StoredReceipt, dinerId: string): number {
  const breakdown = dinerBreakdown(bill, dinerId);
  return breakdown.ok ? breakdown.value.totalPence : 0;
}
