import { err, ok, type Result } from '../../../domain/result';
import { newStoredReceipt, type NewReceiptRequest } from '../../../domain/sharing/new-receipt';
import { dinerBreakdown, type DinerBreakdown } from '../../../domain/sharing/stored-receipt';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { ReceiptStore } from '../../../ports/receipt-store';

export interface StoredReceiptLinks {
  readonly receiptId: string;
  readonly diners: readonly { readonly id: string; readonly dinerId: string; readonly name: string; readonly url: string }[];
}

/** The receipt cannot be stored (`reason` is the domain's validation text), or this client has stored too many. */
export type StoreRefusal = { readonly code: 'invalid_bill'; readonly reason: string } | { readonly code: 'rate_limited'; readonly retryAfterSeconds: number };

export type BreakdownProblem = 'missing_ids' | 'receipt_not_found' | 'person_not_found' | 'load_failed';

// Storing writes rows, so a client is held to a generous number of bills an hour.
const RECEIPTS_PER_CLIENT: RateLimit = { max: 60, windowSeconds: 3600 };
const STORED_ID = /^[a-z0-9]{1,40}$/;

/** Stores receipts when the organiser shares, and reads one diner's breakdown for /r/ pages. */
export class StoredReceipts {
  constructor(
    private readonly store: ReceiptStore,
    private readonly limiter: RateLimiter,
  ) {}

  async create(request: NewReceiptRequest, baseUrl: string, clientKey: string): Promise<Result<StoredReceiptLinks, StoreRefusal>> {
    const made = newStoredReceipt(request, (n) => crypto.getRandomValues(new Uint8Array(n)));
    if (!made.ok) return err({ code: 'invalid_bill', reason: made.error });
    const decision = await this.limiter.hit(`receipts:client:${clientKey}`, RECEIPTS_PER_CLIENT);
    if (!decision.allowed) return err({ code: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds });
    const { receipt, dinerIds } = made.value;
    await this.store.save(receipt);
    return ok({
      receiptId: receipt.id,
      diners: request.diners.map((d) => {
        const dinerId = dinerIds.get(d.id)!;
        return { id: d.id, dinerId, name: d.name.trim(), url: `${baseUrl}/r/${receipt.id}/${dinerId}` };
      }),
    });
  }

  /** Ids that cannot be ours (the links only carry short lower-case ids) are not looked up. */
  static isStoredId(id: string | undefined): id is string {
    return STORED_ID.test(id ?? '');
  }

  async breakdown(receiptId: string | undefined, dinerId: string | undefined): Promise<Result<DinerBreakdown, BreakdownProblem>> {
    if (!receiptId || !dinerId) return err('missing_ids');
    if (!StoredReceipts.isStoredId(receiptId) || !StoredReceipts.isStoredId(dinerId)) return err('receipt_not_found');
    let found: DinerBreakdown | null;
    try {
      const receipt = await this.store.find(receiptId);
      if (receipt === null) return err('receipt_not_found');
      const breakdown = dinerBreakdown(receipt, dinerId);
      found = breakdown.ok ? breakdown.value : null;
    } catch {
      return err('load_failed');
    }
    return found === null ? err('person_not_found') : ok(found);
  }
}
