import { sql, type Kysely } from 'kysely';

// Frozen in time: later changes get a new migration, never an edit here.
// Money rules live in the schema as well as in the code: the checks below refuse a malformed
// entry even from a future bug, and the ledger refuses UPDATE and DELETE outright.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('monthly_usage')
    .addColumn('anonymous_user_id', 'uuid', (c) => c.notNull().references('anonymous_users.id'))
    .addColumn('month_start', 'date', (c) => c.notNull())
    .addColumn('bills_used', 'integer', (c) => c.notNull().check(sql`bills_used between 0 and 3`))
    .addPrimaryKeyConstraint('monthly_usage_pk', ['anonymous_user_id', 'month_start'])
    .execute();

  await db.schema
    .createTable('scan_reservations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('anonymous_user_id', 'uuid', (c) => c.notNull().references('anonymous_users.id'))
    .addColumn('paid_with', 'text', (c) => c.notNull().check(sql`paid_with in ('free bill', 'token')`))
    .addColumn('month_start', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('reserved')
        .check(sql`status in ('reserved', 'settled', 'refunded')`),
    )
    .addColumn('reserved_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('scan_reservations_user').on('scan_reservations').column('anonymous_user_id').execute();

  await db.schema
    .createTable('token_purchases')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('anonymous_user_id', 'uuid', (c) => c.notNull().references('anonymous_users.id'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'paypal', 'test')`))
    .addColumn('provider_payment_id', 'text', (c) => c.notNull().check(sql`length(provider_payment_id) between 1 and 255`))
    .addColumn('tokens', 'integer', (c) => c.notNull().check(sql`tokens > 0`))
    .addColumn('amount_pence', 'integer', (c) => c.notNull().check(sql`amount_pence >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency = 'GBP'`))
    .addColumn('confirmed_at', 'timestamptz', (c) => c.notNull())
    // One payment, one credit: the provider's id can be recorded once only.
    .addUniqueConstraint('token_purchases_provider_payment_id', ['provider', 'provider_payment_id'])
    .execute();
  await db.schema.createIndex('token_purchases_user').on('token_purchases').column('anonymous_user_id').execute();

  await db.schema
    .createTable('token_ledger')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('anonymous_user_id', 'uuid', (c) => c.notNull().references('anonymous_users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('credit', 'debit', 'refund')`))
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .addColumn('purchase_id', 'bigint', (c) => c.references('token_purchases.id').unique())
    .addColumn('reservation_id', 'uuid', (c) => c.references('scan_reservations.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint(
      'token_ledger_entry_shape',
      sql`(kind = 'credit' and tokens > 0 and purchase_id is not null and reservation_id is null)
       or (kind = 'debit' and tokens = -1 and reservation_id is not null and purchase_id is null)
       or (kind = 'refund' and tokens = 1 and reservation_id is not null and purchase_id is null)`,
    )
    // A reservation is debited at most once and refunded at most once.
    .addUniqueConstraint('token_ledger_reservation_kind', ['reservation_id', 'kind'])
    .execute();
  await db.schema.createIndex('token_ledger_user').on('token_ledger').columns(['anonymous_user_id', 'tokens']).execute();
  await sql`
    create function token_ledger_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'token_ledger is append-only: % is not allowed', tg_op;
    end $$`.execute(db);
  await sql`
    create trigger token_ledger_append_only before update or delete on token_ledger
    for each row execute function token_ledger_is_append_only()`.execute(db);
  await sql`
    create trigger token_ledger_no_truncate before truncate on token_ledger
    for each statement execute function token_ledger_is_append_only()`.execute(db);

  // What browsers report after paying: kept for support, never credited.
  await db.schema
    .createTable('purchase_reports')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('anonymous_user_id', 'uuid', (c) => c.notNull().references('anonymous_users.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .addColumn('amount', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reported_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('purchase_reports_payment', ['provider', 'payment_id'])
    .execute();

  // Only a hash of each code is kept: a copy of the database does not reveal a usable code.
  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('anonymous_user_id', 'uuid', (c) => c.notNull().references('anonymous_users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('anonymous_user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('purchase_reports').execute();
  await db.schema.dropTable('token_ledger').execute();
  await sql`drop function token_ledger_is_append_only()`.execute(db);
  await db.schema.dropTable('token_purchases').execute();
  await db.schema.dropTable('scan_reservations').execute();
  await db.schema.dropTable('monthly_usage').execute();
}
