import { sql, type Kysely } from 'kysely';

// Frozen in time: later changes get a new migration, never an edit here.
// A tab: a group's running account across bills, reached by a capability link (its key's hash is kept).
// Each bill is kept whole as the one domain Bill (its diners are the tab's people) with who paid it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tabs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('rates', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('tab_people')
    .addColumn('tab_id', 'text', (c) => c.notNull().references('tabs.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pay_to', 'jsonb')
    .addPrimaryKeyConstraint('tab_people_pk', ['tab_id', 'id'])
    .execute();
  await db.schema
    .createTable('tab_bills')
    .addColumn('tab_id', 'text', (c) => c.notNull().references('tabs.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('bill', 'jsonb', (c) => c.notNull())
    .addColumn('payers', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('tab_bills_pk', ['tab_id', 'id'])
    .execute();
  await db.schema
    .createTable('tab_transfers')
    .addColumn('tab_id', 'text', (c) => c.notNull().references('tabs.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('from_person', 'text', (c) => c.notNull())
    .addColumn('to_person', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('made_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tab_transfers_pk', ['tab_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tab_transfers').execute();
  await db.schema.dropTable('tab_bills').execute();
  await db.schema.dropTable('tab_people').execute();
  await db.schema.dropTable('tabs').execute();
}
