import type { PaidBy } from '../../../domain/paying-back/repayments';
import { repaymentStatus, type RepaymentStatus } from '../../../domain/paying-back/repayments';
import { dinerBreakdown, type StoredBill } from '../../../domain/paying-back/stored-bill';
import { err, ok, type Result } from '../../../domain/result';
import type { Clock } from '../../../ports/clock';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { Secrets } from '../../../ports/secrets';
import type { HeldBill, StoredBillChange, StoredBillEvents, StoredBills } from '../../../ports/stored-bills';
import { openAsDiner, openAsOrganiser, withinLimits } from './access';
import type { PayingBackError } from './errors';

const MARKS_PER_CLIENT: RateLimit = { max: 120, windowSeconds: 600 };
const MARKS_PER_BILL: RateLimit = { max: 60, windowSeconds: 60 };
// An organiser's summary opens its stream once, and again after a dropped connection: a phone
// reconnecting every few seconds for ten minutes stays under it, and falls back to reading then.
const WATCHES_PER_CLIENT: RateLimit = { max: 200, windowSeconds: 600 };

/**
 * Who has paid: the organiser reads and marks by hand; a diner says "I've paid" for themselves only.
 * Who may mark is checked first; what is marked is decided on the bill under its lock, so a mark
 * that races an edit sees the edit's outcome (a diner it removed is refused, never half-written).
 */
export class Repayments {
  constructor(
    readonly bills: StoredBills,
    readonly secrets: Secrets,
    private readonly limiter: RateLimiter,
    readonly clock: Clock,
    private readonly events: StoredBillEvents,
  ) {}

  /** The organiser's view: each diner's total and whether they have paid. */
  async status(receiptId: string, organiserSecret: string): Promise<Result<RepaymentStatus, PayingBackError>> {
    const bill = await openAsOrganiser(this, receiptId, organiserSecret);
    if (!bill.ok) return bill;
    return ok(repaymentStatus(bill.value, await this.bills.payments(receiptId)));
  }

  /**
   * The organiser's view as it stands, then again after every change committed to the bill by any
   * process (a diner's "I've paid", a mark, an edit) for as long as the watch is open. Reads are one
   * at a time, and a change heard during a read is read again after it, so the last view handed out
   * is never older than the last change.
   */
  async watch(
    receiptId: string,
    organiserSecret: string,
    clientKey: string,
    onStatus: (status: RepaymentStatus) => void,
  ): Promise<Result<{ readonly status: RepaymentStatus; close(): void }, PayingBackError>> {
    const opened = await openAsOrganiser(this, receiptId, organiserSecret);
    if (!opened.ok) return opened;
    const limited = await withinLimits(this.limiter, [[`paying-back:watch:${clientKey}`, WATCHES_PER_CLIENT]]);
    if (!limited.ok) return limited;
    let closed = false;
    let reading = true;
    let again = false;
    const readAgain = async (): Promise<void> => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const status = await this.current(receiptId).catch(() => null);
          if (status !== null && !closed) onStatus(status);
        } while (again && !closed);
      } finally {
        reading = false;
      }
    };
    // Subscribed before the first read: nothing committed in between is missed.
    const stop = await this.events.subscribe(receiptId, () => void readAgain());
    const status = await this.current(receiptId).catch((error: unknown) => {
      stop();
      throw error;
    });
    reading = false;
    if (status === null) {
      stop();
      return err({ code: 'bill_not_found' });
    }
    if (again) void readAgain();
    return ok({
      status,
      close: () => {
        closed = true;
        stop();
      },
    });
  }

  /** The organiser's view of the bill as it now stands; null once it has expired. */
  private async current(receiptId: string): Promise<RepaymentStatus | null> {
    const found = await this.bills.find(receiptId, this.clock.now());
    return found === null ? null : repaymentStatus(found.stored, await this.bills.payments(receiptId));
  }

  /** The organiser marks a diner paid or not paid; doing it twice changes nothing. */
  async mark(input: { receiptId: string; organiserSecret: string; dinerId: string; paid: boolean }, clientKey: string): Promise<Result<RepaymentStatus, PayingBackError>> {
    const opened = await openAsOrganiser(this, input.receiptId, input.organiserSecret);
    if (!opened.ok) return opened;
    const { bill } = opened.value;
    if (!bill.diners.some((d) => d.id === input.dinerId)) return err({ code: 'diner_not_found' });
    if (input.dinerId === bill.payerId) return err({ code: 'payer_owes_nothing' });
    const limited = await this.limit(input.receiptId, clientKey);
    if (!limited.ok) return limited;
    const at = this.clock.now();
    const changed = await this.bills.change(input.receiptId, at, (held) =>
      input.paid ? paidMark(held, input.dinerId, 'organiser', at) : stillOnBill(held, input.dinerId, { type: 'markUnpaid', dinerId: input.dinerId }),
    );
    return changed.ok ? ok(repaymentStatus(changed.value.stored, changed.value.payments)) : changed;
  }

  /** "I've paid", from the diner's own link (their capability): it can mark nobody else. */
  async dinerPaid(input: { receiptId: string | undefined; dinerKey: string | undefined }, clientKey: string): Promise<Result<true, PayingBackError>> {
    const opened = await openAsDiner(this, input.receiptId, input.dinerKey);
    if (!opened.ok) return opened;
    const { stored, dinerId, byCapability } = opened.value;
    if (!byCapability) return err({ code: 'capability_required' });
    const limited = await this.limit(stored.id, clientKey);
    if (!limited.ok) return limited;
    const at = this.clock.now();
    const changed = await this.bills.change(stored.id, at, (held) => paidMark(held, dinerId, 'diner', at));
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
  if (dinerId === held.stored.bill.payerId) return err({ code: 'payer_owes_nothing' });
  return stillOnBill(held, dinerId, { type: 'markPaid', dinerId, by, at, amountPence: owed(held.stored, dinerId) });
}

function stillOnBill(held: HeldBill, dinerId: string, change: StoredBillChange): Result<StoredBillChange, PayingBackError> {
  return held.stored.bill.diners.some((d) => d.id === dinerId) ? ok(change) : err({ code: 'diner_removed' });
}

function owed(stored: StoredBill, dinerId: string): number {
  const breakdown = dinerBreakdown(stored, dinerId);
  return breakdown.ok ? breakdown.value.totalPence : 0;
}
