import { sql, type Kysely } from 'kysely';

// Recovery codes expire, are spent by the first other device that redeems them, and can be revoked.
// Codes issued before this get a year from their creation.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('recovery_codes')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('redeemed_by', 'uuid')
    .addColumn('redeemed_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`update recovery_codes set expires_at = created_at + interval '365 days'`.execute(db);
  await sql`alter table recovery_codes alter column expires_at set not null`.execute(db);
  await sql`alter table recovery_codes add constraint recovery_codes_redeemed check ((redeemed_by is null) = (redeemed_at is null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table recovery_codes drop constraint recovery_codes_redeemed`.execute(db);
  await db.schema.alterTable('recovery_codes').dropColumn('expires_at').dropColumn('redeemed_by').dropColumn('redeemed_at').dropColumn('revoked_at').execute();
}
