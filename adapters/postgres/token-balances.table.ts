/**
 * Each user's token balances, kept equal to sums of their ledger entries: every statement that
 * appends an entry changes this row too.
 */
export interface TokenBalancesTable {
  anonymous_user_id: string;
  /** The entries that count with real payment keys (TEST MODE ones left out); never negative (the database checks it). */
  balance: number;
  /** All entries, TEST MODE ones included: what counts while payments run in TEST MODE. */
  all_balance: number;
}
