import type { DinerRepayment, PaidBy } from '../domain/paying-back/repayments';
import type { Result } from '../domain/result';
import type { StoredBill } from '../domain/paying-back/stored-bill';

/** Hashes of the secrets that open a stored bill; the secrets themselves never reach the store. */
export interface BillAccess {
  /** Null on receipts stored through the API: nobody organises them. */
  readonly organiserSecretHash: string | null;
  /** Capability hash by diner id, for every diner new to the bill. */
  readonly dinerCapabilityHashes: ReadonlyMap<string, string>;
  /** Null on receipts stored through the API: they do not expire. */
  readonly expiresAt: Date | null;
}

/** A stored bill as it stands, with who has paid what. */
export interface HeldBill {
  readonly stored: StoredBill;
  readonly organiserSecretHash: string | null;
  readonly expiresAt: Date | null;
  readonly payments: readonly DinerRepayment[];
}

/** One change to a stored bill, decided on the bill as its row lock holds it. */
export type StoredBillChange =
  /**
   * The organiser's edit: items, tip and diners replaced; diners kept by id keep their capability
   * and payment state, diners left out are removed with theirs.
   */
  | { readonly type: 'replace'; readonly stored: StoredBill; readonly access: BillAccess }
  /**
   * What a diner has paid so far (`amountPence`, their whole share as the bill stands). A mark for
   * more than the one recorded replaces it, never one for less.
   */
  | { readonly type: 'markPaid'; readonly dinerId: string; readonly by: PaidBy; readonly at: Date; readonly amountPence: number }
  | { readonly type: 'markUnpaid'; readonly dinerId: string };

/**
 * Decides a change on the bill as it stands under its lock. Pure but for randomness: it may be asked
 * again when the database makes the store try the whole change once more.
 */
export type DecideBillChange<E> = (held: HeldBill) => Result<StoredBillChange, E>;

/** No such bill, or it has expired: the same answer, so ids cannot be probed. */
export interface BillGone {
  readonly code: 'bill_not_found';
}

/** How a diner's link opened: by their capability (they may act on the bill) or by a plain diner id (read only). */
export interface OpenedDiner {
  readonly dinerId: string;
  readonly byCapability: boolean;
}

/**
 * Every bill kept on the server, in one store shared by every app process (Postgres): bills the app
 * stores for getting paid back (opened by secrets, until they expire) and receipts stored through the
 * API for the short /r/{id}/{dinerId} links (no organiser, no expiry).
 */
export interface StoredBills {
  /** Writes the whole bill or nothing. */
  create(stored: StoredBill, access: BillAccess): Promise<void>;
  /**
   * Every change, one at a time per bill whichever process makes it: locks the bill's row, reads the
   * bill, asks `decide` and applies what it decides, in one transaction; answers the bill as it then
   * stands. A deadlock or a serialization failure is tried again inside, a few times.
   */
  change<E>(receiptId: string, now: Date, decide: DecideBillChange<E>): Promise<Result<HeldBill, E | BillGone>>;
  /**
   * The bill while it has not expired, with its organiser's secret hash and when it expires (both
   * null for receipts stored through the API).
   */
  find(receiptId: string, now: Date): Promise<{ readonly stored: StoredBill; readonly organiserSecretHash: string | null; readonly expiresAt: Date | null } | null>;
  /**
   * The diner a link opens: by capability hash; or by plain diner id, read only (the documents' short
   * links, and the reminder's link to each person's own page: what is left and how to pay, never "I've paid").
   */
  dinerFor(receiptId: string, key: { readonly capabilityHash: string; readonly plainId: string }): Promise<OpenedDiner | null>;
  payments(receiptId: string): Promise<DinerRepayment[]>;
}

/** Changes to stored bills as they are committed, by any process sharing the store. */
export interface StoredBillEvents {
  /**
   * `onChange` runs after each change committed to the bill once the call has resolved, and after a
   * lost connection to the store is back (a change may have been missed meanwhile): the bill is to be
   * read again. The returned function stops it.
   */
  subscribe(receiptId: string, onChange: () => void): Promise<() => void>;
}
