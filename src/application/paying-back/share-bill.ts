import { parsePayee, type PayeeInput } from '../../../domain/paying-back/payee';
import { repaymentStatus, type RepaymentStatus } from '../../../domain/paying-back/repayments';
import { newSecret } from '../../../domain/paying-back/secrets';
import { err, ok, type Result } from '../../../domain/result';
import { newStoredReceipt, receiptRequestOfBill, type KeptIds, type NewReceiptRequest } from '../../../domain/sharing/new-receipt';
import { billSplit, type Bill } from '../../../domain/bill';
import { billOfStoredReceipt, type StoredReceipt } from '../../../domain/sharing/stored-receipt';
import { unassignedCount } from '../../../domain/adds-up';
import type { Clock } from '../../../ports/clock';
import type { RateLimiter } from '../../../ports/rate-limiter';
import type { Secrets } from '../../../ports/secrets';
import type { BillAccess, StoredBills } from '../../../ports/stored-bills';
import { openAsOrganiser, withinLimits } from './access';
import type { PayingBackError } from './errors';

/** How long a stored bill stays open for paying back; every edit starts it again. */
export const STORED_BILL_DAYS = 30;

export interface ShareBillInput {
  /** The bill as the Summary shows it (diner ids are the app's own; its name heads the diners' pages). */
  readonly bill: Bill;
  /** The date printed on the receipt (ISO), when one was read. */
  readonly diningDate?: string | null | undefined;
  /** One unit of the bill's currency in pounds, when the organiser is paid back in pounds. */
  readonly payBackRate?: string | null | undefined;
  readonly payee: PayeeInput;
  /** The bill this device stored before, to edit rather than store again. */
  readonly stored?: { readonly receiptId: string; readonly organiserSecret: string; readonly dinerIds: Readonly<Record<string, string>> } | undefined;
}

export interface StoredBillAnswer {
  readonly receiptId: string;
  readonly organiserSecret: string;
  readonly expiresAt: string;
  /** Each diner's id on the server and, for diners new to the bill, their capability (only ever sent here, once). */
  readonly diners: readonly { readonly id: string; readonly dinerId: string; readonly capability: string | null }[];
  /** Who has paid what of the bill as it now stands (an edit can leave a paid diner something still to come). */
  readonly status: RepaymentStatus;
}

/**
 * Stores the organiser's bill for getting paid back, or edits the one this
 * device stored before: sharing again never makes a second bill, and links already sent keep working.
 */
export class ShareBill {
  constructor(
    readonly bills: StoredBills,
    readonly secrets: Secrets,
    private readonly limiter: RateLimiter,
    readonly clock: Clock,
  ) {}

  async execute(input: ShareBillInput, clientKey: string): Promise<Result<StoredBillAnswer, PayingBackError>> {
    const payee = parsePayee(input.payee);
    if (!payee.ok) return err({ code: 'invalid_payee', problem: payee.error });
    const { name, iban, bic, upi, ...handles } = payee.value;
    const stored = receiptRequestOfBill(input.bill, { diningDate: input.diningDate, payBackRate: input.payBackRate, payeeName: name, payeeAccounts: { iban, bic, upi } });
    const request: NewReceiptRequest = { ...stored, diners: stored.diners.map((d) => ({ ...d, ...handles })) };
    const organiserSecret = input.stored?.organiserSecret ?? newSecret(this.random);
    const expiresAt = new Date(this.clock.now().getTime() + STORED_BILL_DAYS * 86_400_000);
    const build = (kept: KeptIds | undefined) => this.build(request, kept, organiserSecret, expiresAt);
    let built: Result<Built, PayingBackError>;
    if (input.stored === undefined) built = build(undefined);
    else {
      // Who may edit, and whether the edit is a bill at all, are checked before the lock; which
      // diners it keeps is decided again under the lock, on the bill as it then stands.
      const opened = await openAsOrganiser(this, input.stored.receiptId, input.stored.organiserSecret);
      if (!opened.ok) return opened;
      built = build(keptOf(opened.value, input.stored.dinerIds));
    }
    if (!built.ok) return built;
    const limited = await withinLimits(this.limiter, [[`paying-back:share:${clientKey}`, { max: 120, windowSeconds: 3600 }]]);
    if (!limited.ok) return limited;
    if (input.stored === undefined) {
      await this.bills.create(built.value.receipt, built.value.access);
      return ok({ ...answer(built.value, organiserSecret, expiresAt), status: repaymentStatus(built.value.receipt, []) });
    }
    const { dinerIds } = input.stored;
    let edit = built.value;
    const changed = await this.bills.change(built.value.receipt.id, this.clock.now(), (held) => {
      const rebuilt = build(keptOf(held.bill, dinerIds));
      if (!rebuilt.ok) return rebuilt;
      edit = rebuilt.value;
      return ok({ type: 'replace', bill: rebuilt.value.receipt, access: rebuilt.value.access });
    });
    if (!changed.ok) return changed;
    return ok({ ...answer(edit, organiserSecret, expiresAt), status: repaymentStatus(changed.value.bill, changed.value.payments) });
  }

  private readonly random = (n: number) => this.secrets.randomBytes(n);

  /** The bill to store, keeping the ids of diners already on it; each diner new to it gets a capability. */
  private build(request: NewReceiptRequest, kept: KeptIds | undefined, organiserSecret: string, expiresAt: Date): Result<Built, PayingBackError> {
    const made = newStoredReceipt(request, this.random, { kept, scoped: true });
    if (!made.ok) return err({ code: 'invalid_bill', message: made.error });
    const unassigned = unassignedCount(billSplit(billOfStoredReceipt(made.value.receipt)));
    if (unassigned !== null) return err({ code: 'unassigned_items', count: unassigned });
    const { receipt, dinerIds } = made.value;
    const keptIds = new Set(kept?.dinerIds.values() ?? []);
    const capabilities = new Map(receipt.diners.filter((d) => !keptIds.has(d.id)).map((d) => [d.id, newSecret(this.random)]));
    const dinerCapabilityHashes = new Map([...capabilities].map(([id, c]) => [id, this.secrets.hash(c)]));
    return ok({ receipt, dinerIds, capabilities, access: { organiserSecretHash: this.secrets.hash(organiserSecret), dinerCapabilityHashes, expiresAt } });
  }
}

interface Built {
  readonly receipt: StoredReceipt;
  /** The stored diner id by the app's diner id. */
  readonly dinerIds: ReadonlyMap<string, string>;
  /** The capability of each diner new to the bill, by stored diner id. */
  readonly capabilities: ReadonlyMap<string, string>;
  readonly access: BillAccess;
}

/** The stored ids the organiser's device remembers that are still on the bill. */
function keptOf(bill: StoredReceipt, dinerIds: Readonly<Record<string, string>>): KeptIds {
  const existing = new Set(bill.diners.map((d) => d.id));
  return { receiptId: bill.id, dinerIds: new Map(Object.entries(dinerIds).filter(([, id]) => existing.has(id))) };
}

function answer({ receipt, dinerIds, capabilities }: Built, organiserSecret: string, expiresAt: Date): Omit<StoredBillAnswer, 'status'> {
  return {
    receiptId: receipt.id,
    organiserSecret,
    expiresAt: expiresAt.toISOString(),
    diners: [...dinerIds].map(([id, dinerId]) => ({ id, dinerId, capability: capabilities.get(dinerId) ?? null })),
  };
}
