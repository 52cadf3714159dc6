import { sql, type Kysely } from 'kysely';

// Frozen in time: later changes get a new migration, never an edit here.
// The maintained balance meets the TEST MODE marks: `balance` keeps the entries that count with real
// payment keys, `all_balance` every entry (what counts while payments run in TEST MODE). Both are
// set again from the ledger, now that its entries carry their marks.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('token_balances')
    .addColumn('all_balance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`lock table token_ledger in share mode`.execute(db);
  await sql`
    insert into token_balances (anonymous_user_id, balance, all_balance)
    select anonymous_user_id, greatest(0, coalesce(sum(tokens) filter (where not test_mode), 0)), sum(tokens)
    from token_ledger group by anonymous_user_id
    on conflict (anonymous_user_id) do update set balance = excluded.balance, all_balance = excluded.all_balance`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('token_balances').dropColumn('all_balance').execute();
}
