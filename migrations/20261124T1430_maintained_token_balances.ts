import { sql, type Kysely } from 'kysely';

// Frozen in time: later changes get a new migration, never an edit here.
// A reservation must cost the same whatever the user's history: the balance is kept in one row per
// user, changed in the same statement as each ledger entry (a debit only while the row holds a
// token), instead of summing every entry; the ledger stays the append-only record it is checked
// against. Open reservations get a partial index, so finding abandoned ones skips closed history.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('token_balances')
    .addColumn('anonymous_user_id', 'uuid', (c) => c.primaryKey().references('anonymous_users.id'))
    .addColumn('balance', 'integer', (c) => c.notNull().check(sql`balance >= 0`))
    .execute();
  // Existing balances from the ledger; nothing may write to it meanwhile.
  await sql`lock table token_ledger in share mode`.execute(db);
  await sql`
    insert into token_balances (anonymous_user_id, balance)
    select anonymous_user_id, sum(tokens) from token_ledger group by anonymous_user_id`.execute(db);

  await db.schema.createIndex('scan_reservations_open').on('scan_reservations').columns(['anonymous_user_id', 'reserved_at']).where(sql.ref('status'), '=', 'reserved').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scan_reservations_open').execute();
  await db.schema.dropTable('token_balances').execute();
}
