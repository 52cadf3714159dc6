import { sql, type Kysely } from 'kysely';

// Tokens credited in TEST MODE are marked, with the scans they paid for, so they never count while
// real payment keys are configured (issue 16). Existing rows are marked from their purchase: test
// credits, and the debits and refunds of users who never bought with a real provider.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('token_ledger')
    .addColumn('test_mode', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('scan_reservations')
    .addColumn('test_mode', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // The ledger refuses UPDATE; this one-off marking is the only exception, inside the migration's transaction.
  await sql`alter table token_ledger disable trigger token_ledger_append_only`.execute(db);
  await sql`
    update token_ledger set test_mode = true
    where (kind = 'credit' and purchase_id in (select id from token_purchases where provider = 'test'))
       or (kind <> 'credit' and anonymous_user_id in (
            select anonymous_user_id from token_purchases group by anonymous_user_id having bool_and(provider = 'test')))`.execute(db);
  await sql`
    update scan_reservations set test_mode = true
    where id in (select reservation_id from token_ledger where kind = 'debit' and test_mode)`.execute(db);
  await sql`alter table token_ledger enable trigger token_ledger_append_only`.execute(db);
  // A credit's mark follows its purchase's provider, whatever code writes it.
  await sql`
    create function token_ledger_credit_mode() returns trigger language plpgsql as $$
    begin
      if new.kind = 'credit' and new.test_mode <> ((select provider from token_purchases where id = new.purchase_id) = 'test') then
        raise exception 'a credit is test_mode exactly when its purchase was made in TEST MODE';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger token_ledger_credit_mode before insert on token_ledger for each row execute function token_ledger_credit_mode()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger token_ledger_credit_mode on token_ledger`.execute(db);
  await sql`drop function token_ledger_credit_mode()`.execute(db);
  await db.schema.alterTable('scan_reservations').dropColumn('test_mode').execute();
  await sql`alter table token_ledger disable trigger token_ledger_append_only`.execute(db);
  await db.schema.alterTable('token_ledger').dropColumn('test_mode').execute();
  await sql`alter table token_ledger enable trigger token_ledger_append_only`.execute(db);
}
