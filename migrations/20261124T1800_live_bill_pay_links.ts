import { sql, type Kysely } from 'kysely';

// Frozen in time: later changes get a new migration, never an edit here.
// After Finish the organiser hands each diner's phone their own pay-back page (a path of ours,
// `/r/{receiptId}/{capability}`) and what it asks them to pay; the bill says who they pay.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('live_bills').addColumn('pay_to', 'text').execute();
  await db.schema.alterTable('live_bill_diners').addColumn('pay_path', 'text').addColumn('pay_pence', 'integer').execute();
  await db.schema
    .alterTable('live_bill_diners')
    .addCheckConstraint('live_bill_diners_pay_link', sql`(pay_path is null) = (pay_pence is null)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('live_bill_diners').dropConstraint('live_bill_diners_pay_link').execute();
  await db.schema.alterTable('live_bill_diners').dropColumn('pay_path').dropColumn('pay_pence').execute();
  await db.schema.alterTable('live_bills').dropColumn('pay_to').execute();
}
