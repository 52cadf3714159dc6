import { newStoredBill, type KeptIds } from '../../domain/paying-back/new-stored-bill';
import { billOfStoredReceiptRequest, type StoredReceiptRequest } from '../../src/contracts/stored-receipts';
import type { StoredReceipts } from '../../src/application/paying-back/stored-receipts';

/**
 * A receipt as the documents' POST /api/receipts reads it, stored as the server stores it: the
 * stored bill, and its diners' stored ids by the request's ids (or the validation text).
 */
export function storedReceiptOf(request: StoredReceiptRequest, random: (length: number) => Uint8Array, ids?: { readonly kept?: KeptIds; readonly scoped?: boolean }) {
  const read = billOfStoredReceiptRequest(request);
  return read.ok ? newStoredBill(read.value.bill, read.value.terms, random, ids) : read;
}

/** The documents' body as POST /api/receipts reads it, stored through the use case. */
export function createStoredReceipt(receipts: StoredReceipts, body: StoredReceiptRequest, clientKey: string) {
  const read = billOfStoredReceiptRequest(body);
  if (!read.ok) throw new Error(read.error);
  return receipts.create(read.value.bill, read.value.terms, clientKey);
}
