/**
 * Each user's token balance, kept equal to the sum of their ledger entries: every statement that
 * appends an entry changes this row too. Never negative (the database checks it).
 */
export interface TokenBalancesTable {
  anonymous_user_id: string;
  balance: number;
}
