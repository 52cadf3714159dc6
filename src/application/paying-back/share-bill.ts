import { parsePayee, type PayeeInput } from '../../../domain/paying-back/payee';
import { repaymentStatus, type RepaymentStatus } from '../../../domain/paying-back/repayments';
import { newSecret } from '../../../domain/paying-back/secrets';
import { err, ok, type Result } from '../../../domain/result';
import { newStoredBill, type KeptIds, type StoredBillTerms } from '../../../domain/paying-back/new-stored-bill';
import { billSplit, type Bill } from '../../../domain/bill';
import type { StoredBill } from '../../../domain/paying-back/stored-bill';
import { unassignedCount } from '../../../domain/adds-up';
import type { Clock } from '../../../ports/clock';
import type { RateLimiter } from '../../../ports/rate-limiter';
import type { Secrets } from '../../../ports/secrets';
import type { BillAccess, StoredBills } from '../../../ports/stored-bills';
import { newCapabilities, openAsOrganiser, withinLimits } from './access';
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
    // Every diner pays the payee: the payee's handles on each diner's page.
    const terms: StoredBillTerms = { diningDate: input.diningDate, payBackRate: input.payBackRate, payeeName: name, payeeAccounts: { iban, bic, upi }, handles: () => handles };
    const organiserSecret = input.stored?.organiserSecret ?? newSecret(this.random);
    const expiresAt = new Date(this.clock.now().getTime() + STORED_BILL_DAYS * 86_400_000);
    const build = (kept: KeptIds | undefined) => this.build(input.bill, terms, kept, organiserSecret, expiresAt);
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
      await this.bills.create(built.value.stored, built.value.access);
      return ok({ ...answer(built.value, organiserSecret, expiresAt), status: repaymentStatus(built.value.stored, []) });
    }
    const { dinerIds } = input.stored;
    let edit = built.value;
    const changed = await this.bills.change(built.value.stored.id, this.clock.now(), (held) => {
      const rebuilt = build(keptOf(held.stored, dinerIds));
      if (!rebuilt.ok) return rebuilt;
      edit = rebuilt.value;
      return ok({ type: 'replace', stored: rebuilt.value.stored, access: rebuilt.value.access });
    });
    if (!changed.ok) return changed;
    return ok({ ...answer(edit, organiserSecret, expiresAt), status: repaymentStatus(changed.value.stored, changed.value.payments) });
  }

  private readonly random = (n: number) => this.secrets.randomBytes(n);

  /** The bill to store, keeping the ids of diners already on it; each diner new to it gets a capability. */
  private build(bill: Bill, terms: StoredBillTerms, kept: KeptIds | undefined, organiserSecret: string, expiresAt: Date): Result<Built, PayingBackError> {
    const made = newStoredBill(bill, terms, this.random, { kept, scoped: true });
    if (!made.ok) return err({ code: 'invalid_bill', message: made.error });
    const unassigned = unassignedCount(billSplit(made.value.stored.bill));
    if (unassigned !== null) return err({ code: 'unassigned_items', count: unassigned });
    const { stored, dinerIds } = made.value;
    const keptIds = new Set(kept?.dinerIds.values() ?? []);
    const { capabilities, hashes: dinerCapabilityHashes } = newCapabilities(
      this.secrets,
      stored.bill.diners.filter((d) => !keptIds.has(d.id)).map((d) => d.id),
    );
    return ok({ stored, dinerIds, capabilities, access: { organiserSecretHash: this.secrets.hash(organiserSecret), dinerCapabilityHashes, expiresAt } });
  }
}

interface Built {
  readonly stored: StoredBill;
  /** The stored diner id by the app's diner id. */
  readonly dinerIds: ReadonlyMap<string, string>;
  /** The capability of each diner new to the bill, by stored diner id. */
  readonly capabilities: ReadonlyMap<string, string>;
  readonly access: BillAccess;
}

/** The stored ids the organiser's device remembers that are still on the bill. */
function keptOf(stored: StoredBill, dinerIds: Readonly<Record<string, string>>): KeptIds {
  const existing = new Set(stored.bill.diners.map((d) => d.id));
  return { receiptId: stored.id, dinerIds: new Map(Object.entries(dinerIds).filter(([, id]) => existing.has(id))) };
}

function answer({ stored, dinerIds, capabilities }: Built, organiserSecret: string, expiresAt: Date): Omit<StoredBillAnswer, 'status'> {
  return {
    receiptId: stored.id,
    organiserSecret,
    expiresAt: expiresAt.toISOString(),
    diners: [...dinerIds].map(([id, dinerId]) => ({ id, dinerId, capability: capabilities.get(dinerId) ?? null })),
  };
}
