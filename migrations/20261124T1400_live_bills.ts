import { sql, type Kysely } from 'kysely';

// Live bills. Claims are rows, one per (item, unit, diner): claiming is an
// insert that ignores a duplicate and unclaiming a delete, so two phones claiming one item at the
// same moment both land. Capabilities are kept as SHA-256 hashes only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_bills')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'locked', 'finished')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('tip_percent', 'double precision')
    .addColumn('tip_pence', 'integer')
    .addColumn('tip_split', 'text', (c) => c.notNull().check(sql`tip_split in ('equal', 'proportional')`))
    .addColumn('organiser_key_hash', 'text', (c) => c.notNull())
    .addColumn('table_key_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('live_bills_one_tip', sql`(tip_percent is null) <> (tip_pence is null)`)
    .execute();
  await db.schema.createIndex('live_bills_expires_at').on('live_bills').column('expires_at').execute();
  await db.schema
    .createTable('live_bill_items')
    .addColumn('bill_id', 'text', (c) => c.notNull().references('live_bills.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_pence', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('item', 'service', 'vat', 'discount')`))
    .addColumn('units', 'integer', (c) => c.notNull().check(sql`units between 1 and 20`))
    .addPrimaryKeyConstraint('live_bill_items_pk', ['bill_id', 'id'])
    .execute();
  await db.schema
    .createTable('live_bill_diners')
    .addColumn('bill_id', 'text', (c) => c.notNull().references('live_bills.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text')
    .addPrimaryKeyConstraint('live_bill_diners_pk', ['bill_id', 'id'])
    .execute();
  await db.schema
    .createTable('live_bill_claims')
    .addColumn('bill_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('unit', 'integer', (c) => c.notNull())
    .addColumn('diner_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_bill_claims_pk', ['bill_id', 'item_id', 'unit', 'diner_id'])
    .addForeignKeyConstraint('live_bill_claims_item', ['bill_id', 'item_id'], 'live_bill_items', ['bill_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('live_bill_claims_diner', ['bill_id', 'diner_id'], 'live_bill_diners', ['bill_id', 'id'], (c) => c.onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['live_bill_claims', 'live_bill_diners', 'live_bill_items', 'live_bills']) await db.schema.dropTable(table).execute();
}
