import { sql, type Kysely } from 'kysely';

// Backend tables. Ids are short random text (they appear in /r/ links and QR codes).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant', 'text')
    .addColumn('dining_date', 'text', (c) => c.check(sql`dining_date ~ '^\\d{4}-\\d{2}-\\d{2}$'`))
    .addColumn('service_charge_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('service_charge_pence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tip_total_pence', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`tip_total_pence >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('receipt_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('receipt_id', 'text', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_pence', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('item', 'discount')`))
    .execute();
  await db.schema.createIndex('receipt_items_receipt_id').on('receipt_items').column('receipt_id').execute();
  await db.schema
    .createTable('diners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('receipt_id', 'text', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('monzo', 'text')
    .addColumn('revolut', 'text')
    .addColumn('paypal', 'text')
    .execute();
  await db.schema.createIndex('diners_receipt_id').on('diners').column('receipt_id').execute();
  await db.schema
    .createTable('assignments')
    .addColumn('receipt_item_id', 'text', (c) => c.notNull().references('receipt_items.id').onDelete('cascade'))
    .addColumn('diner_id', 'text', (c) => c.notNull().references('diners.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('assignments_pk', ['receipt_item_id', 'diner_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['assignments', 'diners', 'receipt_items', 'receipts']) await db.schema.dropTable(table).execute();
}
