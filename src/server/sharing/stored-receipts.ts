import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import { err, ok, type Result } from '../../../domain/result';
import { newStoredReceipt, type NewReceiptRequest } from '../../../domain/sharing/new-receipt';
import { BREAKDOWN_MESSAGES, dinerBreakdown, type DinerBreakdown } from '../../../domain/sharing/stored-receipt';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { ReceiptStore } from '../../../ports/receipt-store';
import { TOKENS } from '../../../ports/tokens';

export interface StoredReceiptLinks {
  readonly receiptId: string;
  readonly diners: readonly { readonly id: string; readonly dinerId: string; readonly name: string; readonly url: string }[];
}

export type StoreFailure = { readonly status: 400 | 429; readonly message: string; readonly retryAfterSeconds?: number };

// Storing writes rows, so a client is held to a generous number of bills an hour.
const RECEIPTS_PER_CLIENT: RateLimit = { max: 60, windowSeconds: 3600 };

/** Stores receipts when the organiser shares, and reads one diner's breakdown for /r/ pages. */
@injectable()
export class StoredReceipts {
  constructor(
    @inject(TOKENS.ReceiptStore) private readonly store: ReceiptStore,
    @inject(TOKENS.RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  async create(request: NewReceiptRequest, baseUrl: string, clientKey: string): Promise<Result<StoredReceiptLinks, StoreFailure>> {
    const made = newStoredReceipt(request, (n) => new Uint8Array(randomBytes(n)));
    if (!made.ok) return err({ status: 400, message: made.error });
    const decision = await this.limiter.hit(`receipts:client:${clientKey}`, RECEIPTS_PER_CLIENT);
    if (!decision.allowed)
      return err({ status: 429, message: `Too many bills shared from here. Try again in ${decision.retryAfterSeconds} seconds.`, retryAfterSeconds: decision.retryAfterSeconds });
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

  async breakdown(receiptId: string | undefined, dinerId: string | undefined): Promise<Result<DinerBreakdown, string>> {
    if (!receiptId || !dinerId) return err(BREAKDOWN_MESSAGES.missingIds);
    if (!/^[a-z0-9]{1,40}$/.test(receiptId) || !/^[a-z0-9]{1,40}$/.test(dinerId)) return err(BREAKDOWN_MESSAGES.receiptNotFound);
    try {
      const receipt = await this.store.find(receiptId);
      if (receipt === null) return err(BREAKDOWN_MESSAGES.receiptNotFound);
      return dinerBreakdown(receipt, dinerId);
    } catch {
      return err(BREAKDOWN_MESSAGES.loadFailed);
    }
  }
}
