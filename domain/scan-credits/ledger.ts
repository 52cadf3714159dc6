// The token ledger is append-only: a balance is the sum of the entries (a store may keep it in a
// row for speed, but that row must always equal this sum).
// A credit adds a purchase's tokens, a debit takes the one token a scan reserves, and a refund
// gives that token back when the reading fails. Corrections are new entries, never edits.

export type LedgerEntryKind = 'credit' | 'debit' | 'refund';

export interface LedgerEntry {
  readonly kind: LedgerEntryKind;
  /** Signed change in tokens: positive for credits and refunds, -1 for a debit. */
  readonly tokens: number;
}

const SCAN_COST_TOKENS = 1;

export const debitForScan = (): LedgerEntry => ({ kind: 'debit', tokens: -SCAN_COST_TOKENS });
export const refundForScan = (): LedgerEntry => ({ kind: 'refund', tokens: SCAN_COST_TOKENS });

export function creditForPurchase(tokens: number): LedgerEntry {
  if (!Number.isSafeInteger(tokens) || tokens <= 0) throw new RangeError(`A credit must be a positive whole number of tokens, got ${tokens}`);
  return { kind: 'credit', tokens };
}

export function balanceOf(entries: Iterable<Pick<LedgerEntry, 'tokens'>>): number {
  let balance = 0;
  for (const entry of entries) balance += entry.tokens;
  return balance;
}

/** The sign each kind must carry; the database checks the same rule. */
export function isWellFormed(entry: LedgerEntry): boolean {
  if (!Number.isSafeInteger(entry.tokens)) return false;
  return entry.kind === 'debit' ? entry.tokens < 0 : entry.tokens > 0;
}
