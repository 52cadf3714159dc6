import type { DinerPayment, PaidBy } from '../domain/paying-back/payments';
import type { StoredReceipt } from '../domain/sharing/stored-receipt';

/** Hashes of the secrets that open a stored bill; the secrets themselves never reach the store. */
export interface BillAccess {
  readonly organiserSecretHash: string;
  /** Capability hash by diner id, for every diner new to the bill. */
  readonly dinerCapabilityHashes: ReadonlyMap<string, string>;
  readonly expiresAt: Date;
}

/**
 * Every bill kept on the server, in one store shared by every app process (Postgres): bills the app
 * stores for getting paid back (opened by secrets, until they expire) and receipts stored through the
 * API for the short /r/{id}/{dinerId} links (no secrets, no expiry: `access` is null).
 */
export interface StoredBills {
  /** Writes the whole bill or nothing. */
  create(bill: StoredReceipt, access: BillAccess | null): Promise<void>;
  /**
   * The organiser's edit: items, tip and diners replaced in one transaction; diners kept by id keep
   * their capability and payment state, diners left out are removed with theirs.
   */
  replace(bill: StoredReceipt, access: BillAccess): Promise<void>;
  /**
   * The bill while it has not expired, with its organiser's secret hash and when it expires (both
   * null for receipts stored through the API).
   */
  find(receiptId: string, now: Date): Promise<{ readonly bill: StoredReceipt; readonly organiserSecretHash: string | null; readonly expiresAt: Date | null } | null>;
  /** The diner a link opens: by capability hash, or by plain id for receipts stored through the API (they have no capabilities). */
  dinerFor(receiptId: string, key: { readonly capabilityHash: string; readonly plainId: string }): Promise<string | null>;
  payments(receiptId: string): Promise<DinerPayment[]>;
  /**
   * Records what a diner has paid so far (`amountPence`, their whole share at the time of the mark).
   * Idempotent; a mark for more than the one recorded replaces it, never one for less (two marks
   * racing each other end at the larger).
   */
  markPaid(receiptId: string, dinerId: string, by: PaidBy, at: Date, amountPence: number): Promise<void>;
  markUnpaid(receiptId: string, dinerId: string): Promise<void>;
}
