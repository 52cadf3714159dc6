import type { Kysely } from 'kysely';

// Issue 28, docs/product.md: a paid mark records the amount paid, so a bill changed after it
// shows what is still to come; and a stored bill names the diner who paid the restaurant, who is
// owed and never owing. Marks made before this have no amount (they count as the whole share).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('diner_payments').addColumn('amount_pence', 'integer').execute();
  await db.schema.alterTable('receipts').addColumn('payer_diner_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('receipts').dropColumn('payer_diner_id').execute();
  await db.schema.alterTable('diner_payments').dropColumn('amount_pence').execute();
}
