import { sql, type Kysely } from 'kysely';

// Frozen in time: later changes get a new migration, never an edit here.
// A diner back in their seat on another phone: that phone asks (its key's hash waits in
// asking_key_hash, the ask's id in asking_id) and the organiser lets it in with one tap; the seat's
// key becomes the asking phone's, and seat_id names the ask it was let in by, so the phone that held
// the seat before sees it has moved. And the rate a hand-out's stored bill is paid back at, so each
// phone's share card gives both currencies.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('live_bills').addColumn('pay_back_currency', 'text').addColumn('pay_back_rate', 'text').execute();
  await db.schema.alterTable('live_bill_diners').addColumn('pay_converted', 'integer').execute();
  await db.schema.alterTable('live_bill_diners').addColumn('asking_id', 'text').addColumn('asking_key_hash', 'text').addColumn('seat_id', 'text').execute();
  await db.schema
    .alterTable('live_bill_diners')
    .addCheckConstraint('live_bill_diners_asking', sql`(asking_id is null) = (asking_key_hash is null)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('live_bill_diners').dropConstraint('live_bill_diners_asking').execute();
  await db.schema.alterTable('live_bill_diners').dropColumn('asking_id').dropColumn('asking_key_hash').dropColumn('seat_id').execute();
  await db.schema.alterTable('live_bills').dropColumn('pay_back_currency').dropColumn('pay_back_rate').execute();
  await db.schema.alterTable('live_bill_diners').dropColumn('pay_converted').execute();
}
