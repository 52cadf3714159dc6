import type { StoredReceipt } from '../../domain/sharing/stored-receipt';
import type { ReceiptStore } from '../../ports/receipt-store';

/** In-memory ReceiptStore for tests. */
export class MemoryReceiptStore implements ReceiptStore {
  private readonly receipts = new Map<string, StoredReceipt>();

  async save(receipt: StoredReceipt): Promise<void> {
    if (this.receipts.has(receipt.id)) throw new Error(`receipt ${receipt.id} already exists`);
    this.receipts.set(receipt.id, structuredClone(receipt));
  }

  async find(id: string): Promise<StoredReceipt | null> {
    return this.receipts.get(id) ?? null;
  }
}
