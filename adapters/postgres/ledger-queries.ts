import { sql, type Kysely, type Transaction } from 'kysely';
import type { FreeBillCounter } from '../../domain/freemium';
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

/** The balance is never stored: it is the sum of the user's ledger entries. */
export async function ledgerBalance(db: Executor, anonymousUserId: string): Promise<number> {
  const row = await db
    .selectFrom('token_ledger')
    .select(sql<number>`coalesce(sum(tokens), 0)::integer`.as('balance'))
    .where('anonymous_user_id', '=', anonymousUserId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

export async function freeBillCounter(db: Executor, anonymousUserId: string, monthStart: string): Promise<FreeBillCounter | null> {
  const row = await db
    .selectFrom('monthly_usage')
    .select(['bills_used', sql<string>`month_start::text`.as('month_start')])
    .where('anonymous_user_id', '=', anonymousUserId)
    .where('month_start', '=', monthStart)
    .executeTakeFirst();
  return row ? { billsUsed: row.bills_used, lastResetDate: row.month_start } : null;
}
