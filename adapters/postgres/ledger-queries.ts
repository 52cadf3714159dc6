import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { FreeBillCounter } from '../../domain/scan-credits/freemium';
import type { PaymentsMode } from '../../ports/scan-credits';
import type { Database } from './database';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Records that the user was seen now, creating the row on first sight. Inside a transaction this
 * also locks the user's row (ON CONFLICT DO UPDATE takes a row lock), which serialises that
 * user's metering writes across connections and server processes.
 */
export async function touchUser(db: Executor, anonymousUserId: string, now: Date): Promise<void> {
  await db
    .insertInto('anonymous_users')
    .values({ id: anonymousUserId, created_at: now, last_seen_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ last_seen_at: now }))
    .execute();
}

/**
 * touchUser as the first CTE of a larger statement, so a read or a write and the "seen now" take
 * one round trip; it returns the user's id, so later CTEs can wait for the row (and its lock).
 */
export const seenNow = (anonymousUserId: string, now: Date) => sql`
  seen as (
    insert into anonymous_users (id, created_at, last_seen_at) values (${anonymousUserId}::uuid, ${now}::timestamptz, ${now}::timestamptz)
    on conflict (id) do update set last_seen_at = excluded.last_seen_at
    returning id)`;

/**
 * The maintained balance that counts in this payments mode: one row read, however long the user's
 * history (0 before any credit). With real keys, TEST MODE entries never count.
 */
export const balanceOf = (anonymousUserId: string, mode: PaymentsMode) =>
  mode === 'live'
    ? sql<number>`coalesce((select balance from token_balances where anonymous_user_id = ${anonymousUserId}::uuid), 0)`
    : sql<number>`coalesce((select greatest(all_balance, 0) from token_balances where anonymous_user_id = ${anonymousUserId}::uuid), 0)`;

/** The balance column a debit is checked against in this payments mode. */
export const spendableColumn = (mode: PaymentsMode) => (mode === 'live' ? sql.ref('token_balances.balance') : sql.ref('token_balances.all_balance'));

/**
 * What an entry of `tokens` (a SQL expression) changes in token_balances: every entry changes
 * all_balance; only an entry written with real keys changes the live balance too.
 */
export const balanceChange = (tokens: RawBuilder<unknown>, testMode: boolean) =>
  testMode ? sql`all_balance = token_balances.all_balance + ${tokens}` : sql`all_balance = token_balances.all_balance + ${tokens}, balance = token_balances.balance + ${tokens}`;

/** Marks the user seen, then reads the month's free-bill counter and the token balance: one round trip. */
export async function meteringState(db: Executor, anonymousUserId: string, now: Date, monthStart: string, mode: PaymentsMode): Promise<{ counter: FreeBillCounter | null; balance: number }> {
  const { rows } = await sql<{ bills_used: number | null; balance: number }>`
    with ${seenNow(anonymousUserId, now)}
    select
      (select bills_used from monthly_usage where anonymous_user_id = ${anonymousUserId}::uuid and month_start = ${monthStart}::date) as bills_used,
      ${balanceOf(anonymousUserId, mode)} as balance`.execute(db);
  const row = rows[0]!;
  return { counter: row.bills_used === null ? null : { billsUsed: row.bills_used, lastResetDate: monthStart }, balance: row.balance };
}
