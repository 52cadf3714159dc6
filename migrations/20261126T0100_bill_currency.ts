import type { Kysely } from 'kysely';

// A bill (stored or live) has one currency (ISO 4217) and its amounts are in that currency's minor unit; every bill
// stored before this was in pounds.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('receipts')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('GBP'))
    .execute();
  // The organiser of a bill in another currency may be paid back in pounds, at a rate typed once.
  await db.schema.alterTable('receipts').addColumn('pay_back_currency', 'text').execute();
  await db.schema.alterTable('receipts').addColumn('pay_back_rate', 'text').execute();
  await db.schema
    .alterTable('live_bills')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('GBP'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('live_bills').dropColumn('currency').execute();
  await db.schema.alterTable('receipts').dropColumn('pay_back_rate').execute();
  await db.schema.alterTable('receipts').dropColumn('pay_back_currency').execute();
  await db.schema.alterTable('receipts').dropColumn('currency').execute();
}
