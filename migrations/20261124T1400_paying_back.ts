import { sql, type Kysely } from 'kysely';

// Getting paid back: bills the app stores carry the hash of the
// organiser's secret and of each diner's capability (never the secrets), who shares the tip, the
// organiser's name, service-charge lines and an expiry; who has paid lives in diner_payments.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('receipts')
    .addColumn('organiser_secret_hash', 'text')
    .addColumn('payee_name', 'text')
    .addColumn('tip_sharers', 'text', (c) =>
      c
        .notNull()
        .defaultTo('diners_with_items')
        .check(sql`tip_sharers in ('diners_with_items', 'all_diners')`),
    )
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('receipt_items').dropConstraint('receipt_items_kind_check').execute();
  await db.schema
    .alterTable('receipt_items')
    .addCheckConstraint('receipt_items_kind_check', sql`kind in ('item', 'discount', 'service')`)
    .execute();
  await db.schema
    .alterTable('diners')
    .addColumn('capability_hash', 'text', (c) => c.unique())
    .execute();
  await db.schema
    .createTable('diner_payments')
    .addColumn('diner_id', 'text', (c) => c.primaryKey().references('diners.id').onDelete('cascade'))
    .addColumn('receipt_id', 'text', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('marked_by', 'text', (c) => c.notNull().check(sql`marked_by in ('diner', 'organiser')`))
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('diner_payments_receipt_id').on('diner_payments').column('receipt_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('diner_payments').execute();
  await db.schema.alterTable('diners').dropColumn('capability_hash').execute();
  await db.schema.alterTable('receipt_items').dropConstraint('receipt_items_kind_check').execute();
  await db.schema
    .alterTable('receipt_items')
    .addCheckConstraint('receipt_items_kind_check', sql`kind in ('item', 'discount')`)
    .execute();
  for (const column of ['organiser_secret_hash', 'payee_name', 'tip_sharers', 'expires_at']) await db.schema.alterTable('receipts').dropColumn(column).execute();
}
