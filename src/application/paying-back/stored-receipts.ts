import { NOT_ADDING_UP, unassignedCount } from '../../../domain/adds-up';
import { err, ok, type Result } from '../../../domain/result';
import { newStoredBill, type StoredBillTerms } from '../../../domain/paying-back/new-stored-bill';
import { billSplit, type Bill } from '../../../domain/bill';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { Secrets } from '../../../ports/secrets';
import type { StoredBills } from '../../../ports/stored-bills';
import { newCapabilities } from './access';

export interface StoredReceiptLinks {
  readonly receiptId: string;
  /**
   * Each diner's short id (the documents' /r/{id}/{dinerId}, which opens their page to read) and
   * capability (over 128 bits, the link to send: it opens the page and may act on it).
   */
  readonly diners: readonly { readonly id: string; readonly dinerId: string; readonly name: string; readonly capability: string }[];
}

/**
 * The receipt cannot be stored (`reason` is the domain's validation text), its shares do not add up to
 * its Grand Total because something is assigned to nobody, or this client has stored too many.
 */
export type StoreRefusal =
  { readonly code: 'invalid_bill'; readonly reason: string } | { readonly code: 'unassigned_items'; readonly reason: string } | { readonly code: 'rate_limited'; readonly retryAfterSeconds: number };

// Storing writes rows, so a client is held to a generous number of bills an hour.
const RECEIPTS_PER_CLIENT: RateLimit = { max: 60, windowSeconds: 3600 };

/** Stores receipts through the API (POST /api/receipts); their /r/ pages open through paying-back/diner-bill.ts. */
export class StoredReceipts {
  constructor(
    private readonly bills: StoredBills,
    private readonly limiter: RateLimiter,
    private readonly secrets: Secrets,
  ) {}

  /** The documents' receipt as a Bill (its diners by the request's ids), with its dining date and each diner's handles. */
  async create(bill: Bill, terms: StoredBillTerms, clientKey: string): Promise<Result<StoredReceiptLinks, StoreRefusal>> {
    const made = newStoredBill(bill, terms, (n) => this.secrets.randomBytes(n));
    if (!made.ok) return err({ code: 'invalid_bill', reason: made.error });
    const unassigned = unassignedCount(billSplit(made.value.stored.bill));
    if (unassigned !== null) return err({ code: NOT_ADDING_UP.code, reason: NOT_ADDING_UP.message(unassigned) });
    const decision = await this.limiter.hit(`receipts:client:${clientKey}`, RECEIPTS_PER_CLIENT);
    if (!decision.allowed) return err({ code: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds });
    const { stored, dinerIds } = made.value;
    const { capabilities, hashes: dinerCapabilityHashes } = newCapabilities(
      this.secrets,
      stored.bill.diners.map((d) => d.id),
    );
    // Stored through the API: nobody organises it and it does not expire.
    await this.bills.create(stored, { organiserSecretHash: null, dinerCapabilityHashes, expiresAt: null });
    return ok({
      receiptId: stored.id,
      diners: bill.diners.map((d) => ({ id: d.id, dinerId: dinerIds.get(d.id)!, name: d.name.trim(), capability: capabilities.get(dinerIds.get(d.id)!)! })),
    });
  }
}
