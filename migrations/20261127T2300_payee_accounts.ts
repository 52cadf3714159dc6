import type { Kysely } from 'kysely';

// The organiser may be paid back by bank transfer (an IBAN, and its BIC if given) or by UPI: kept
// with the bill, as its payee's name is, so each diner's page can show a payment code with their share.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('receipts').addColumn('payee_iban', 'text').execute();
  await db.schema.alterTable('receipts').addColumn('payee_bic', 'text').execute();
  await db.schema.alterTable('receipts').addColumn('payee_upi', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('receipts').dropColumn('payee_upi').execute();
  await db.schema.alterTable('receipts').dropColumn('payee_bic').execute();
  await db.schema.alterTable('receipts').dropColumn('payee_iban').execute();
}
