import { parsePayee, type PayeeInput } from '../../../domain/paying-back/payee';
import { paymentStatus, type PaymentStatus } from '../../../domain/paying-back/payments';
import { newSecret } from '../../../domain/paying-back/secrets';
import { err, ok, type Result } from '../../../domain/result';
import { newStoredReceipt, type KeptIds, type NewReceiptRequest } from '../../../domain/sharing/new-receipt';
import { billSplit } from '../../../domain/bill';
import { billOfStoredReceipt, type StoredReceipt } from '../../../domain/sharing/stored-receipt';
import { unassignedCount } from '../../../domain/adds-up';
import type { Clock } from '../../../ports/clock';
import type { RateLimiter } from '../../../ports/rate-limiter';
import type { Secrets } from '../../../ports/secrets';
import type { StoredBills } from '../../../ports/stored-bills';
import { openAsOrganiser, withinLimits } from './access';
import type { PayingBackError } from './errors';

/** How long a stored bill stays open for paying back; every edit starts it again. */
export const STORED_BILL_DAYS = 30;

export interface ShareBillInput {
  /** The bill as the summary shows it (diner ids are the app's own). */
  readonly bill: Omit<NewReceiptRequest, 'tipSharers' | 'payeeName' | 'diners'> & { readonly diners: readonly { readonly id: string; readonly name: string }[] };
  readonly payee: PayeeInput;
  /** The bill this device stored before, to edit rather than store again. */
  readonly stored?: { readonly receiptId: string; readonly organiserSecret: string; readonly dinerIds: Readonly<Record<string, string>> } | undefined;
}

export interface SharedBill {
  readonly receiptId: string;
  readonly organiserSecret: string;
  readonly expiresAt: string;
  /** Each diner's id on the server and, for diners new to the bill, their capability (only ever sent here, once). */
  readonly diners: readonly { readonly id: string; readonly dinerId: string; readonly capability: string | null }[];
  /** Who has paid what of the bill as it now stands (an edit can leave a paid diner something still to come). */
  readonly status: PaymentStatus;
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

  async execute(input: ShareBillInput, clientKey: string): Promise<Result<SharedBill, PayingBackError>> {
    const payee = parsePayee(input.payee);
    if (!payee.ok) return err({ code: 'invalid_payee', problem: payee.error });
    const { name, iban, bic, upi, ...handles } = payee.value;
    const request: NewReceiptRequest = {
      ...input.bill,
      diners: input.bill.diners.map((d) => ({ ...d, ...handles })),
      tipSharers: 'allDiners',
      payeeName: name,
      payeeAccounts: { iban, bic, upi },
    };
    const random = (n: number) => this.secrets.randomBytes(n);
    let kept: KeptIds | undefined;
    if (input.stored !== undefined) {
      const opened = await openAsOrganiser(this, input.stored.receiptId, input.stored.organiserSecret);
      if (!opened.ok) return opened;
      const existing = new Set(opened.value.diners.map((d) => d.id));
      kept = { receiptId: opened.value.id, dinerIds: new Map(Object.entries(input.stored.dinerIds).filter(([, id]) => existing.has(id))) };
    }
    const made = newStoredReceipt(request, random, { kept, scoped: true });
    if (!made.ok) return err({ code: 'invalid_bill', message: made.error });
    const unassigned = unassignedCount(billSplit(billOfStoredReceipt(made.value.receipt)));
    if (unassigned !== null) return err({ code: 'unassigned_items', count: unassigned });
    const limited = await withinLimits(this.limiter, [[`paying-back:share:${clientKey}`, { max: 120, windowSeconds: 3600 }]]);
    if (!limited.ok) return limited;
    const { receipt, dinerIds } = made.value;
    const keptIds = new Set(kept?.dinerIds.values() ?? []);
    const capabilities = new Map(receipt.diners.filter((d) => !keptIds.has(d.id)).map((d) => [d.id, newSecret(random)]));
    const organiserSecret = input.stored?.organiserSecret ?? newSecret(random);
    const expiresAt = new Date(this.clock.now().getTime() + STORED_BILL_DAYS * 86_400_000);
    const access = { organiserSecretHash: this.secrets.hash(organiserSecret), dinerCapabilityHashes: new Map([...capabilities].map(([id, c]) => [id, this.secrets.hash(c)])), expiresAt };
    await (kept === undefined ? this.bills.create(receipt, access) : this.bills.replace(receipt, access));
    const status = paymentStatus(receipt, kept === undefined ? [] : await this.bills.payments(receipt.id));
    return ok({ ...answer(receipt, dinerIds, capabilities, organiserSecret, expiresAt), status });
  }
}

function answer(receipt: StoredReceipt, dinerIds: ReadonlyMap<string, string>, capabilities: ReadonlyMap<string, string>, organiserSecret: string, expiresAt: Date): Omit<SharedBill, 'status'> {
  return {
    receiptId: receipt.id,
    organiserSecret,
    expiresAt: expiresAt.toISOString(),
    diners: [...dinerIds].map(([id, dinerId]) => ({ id, dinerId, capability: capabilities.get(dinerId) ?? null })),
  };
}
