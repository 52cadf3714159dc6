import { sql, type Kysely, type Transaction } from 'kysely';
import type { FreeBillCounter } from '../../domain/freemium';
import type { PaymentsMode } from '../../ports/token-credits';
import type { Database } from './database';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Records that the user was seen now, creating the row on first sight. Inside a transaction this
 * also locks the user's row (ON CONFLICT DO UPDATE takes a row lock), which serialises every
 * reservation for one user across connections and server processes.
 */
export async function touchUser(db: Executor, anonymousUserId: string, now: Date): Promise<void> {
  await db
    .insertInto('anonymous_users')
    .values({ id: anonymousUserId, created_at: now, last_seen_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ last_seen_at: now }))
    .execute();
}

/**
 * The balance is never stored: it is the sum of the user's ledger entries that count in this
 * payments mode (while live, TEST MODE entries do not), never below zero.
 */
export async function ledgerBalance(db: Executor, anonymousUserId: string, mode: PaymentsMode): Promise<number> {
  const row = await db
    .selectFrom('token_ledger')
    .select(sql<number>`greatest(0, coalesce(sum(tokens), 0))::integer`.as('balance'))
    .where('anonymous_user_id', '=', anonymousUserId)
    .where((eb) => (mode === 'live' ? eb('test_mode', '=', false) : eb.lit(true)))
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** The month's free-bill counter and the token balance, in one round trip. */
export async function meteringState(db: Executor, anonymousUserId: string, monthStart: string, mode: PaymentsMode): Promise<{ counter: FreeBillCounter | null; balance: number }> {
  const { rows } = await sql<{ bills_used: number | null; balance: number }>`
    select
      (select bills_used from monthly_usage where anonymous_user_id = ${anonymousUserId} and month_start = ${monthStart}) as bills_used,
      (select greatest(0, coalesce(sum(tokens), 0))::integer from token_ledger
        where anonymous_user_id = ${anonymousUserId} and (${mode === 'test'} or not test_mode)) as balance`.execute(db);
  const row = rows[0]!;
  return { counter: row.bills_used === null ? null : { billsUsed: row.bills_used, lastResetDate: monthStart }, balance: row.balance };
}
