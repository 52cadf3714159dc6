import type { StoredReceipt } from '../domain/sharing/stored-receipt';

/** Stored receipts behind the short /r/{id}/{dinerId} links. */
export interface ReceiptStore {
  save(receipt: StoredReceipt): Promise<void>;
  find(id: string): Promise<StoredReceipt | null>;
}
