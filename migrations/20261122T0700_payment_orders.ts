import { sql, type Kysely } from 'kysely';

// Frozen in time: later changes get a new migration, never an edit here.
// Orders we started with a provider; the ledger's purchases are the credited side.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'paypal', 'test')`))
    .addColumn('provider_ref', 'text', (c) => c.unique())
    .addColumn('anonymous_user_id', 'text', (c) => c.notNull())
    .addColumn('offer_type', 'text', (c) => c.notNull().check(sql`offer_type in ('package', 'subscription')`))
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull().check(sql`tokens > 0`))
    .addColumn('amount_pence', 'integer', (c) => c.notNull().check(sql`amount_pence > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('GBP'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_orders').execute();
}
