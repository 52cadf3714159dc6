import { sql, type Kysely } from 'kysely';

// A scan reservation names the server that made it (host and port: the one process that can hold
// them at a time) and the client address's free scan it took, so that a reservation left by a
// process that died is given back, that free scan with it, when the server starts again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scan_reservations')
    .addColumn('owner', 'text', (c) => c.check(sql`length(owner) between 1 and 300`))
    .execute();
  await db.schema
    .alterTable('scan_reservations')
    .addColumn('free_scan_quota', 'text', (c) => c.check(sql`length(free_scan_quota) between 1 and 200`))
    .execute();
  await db.schema.alterTable('scan_reservations').addColumn('free_scan_day', 'date').execute();
  // The sweeps look for open reservations of any user by age: a partial index keeps that cheap as closed ones pile up.
  await db.schema.createIndex('scan_reservations_open_by_age').on('scan_reservations').columns(['reserved_at']).where(sql.ref('status'), '=', 'reserved').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scan_reservations_open_by_age').execute();
  await db.schema.alterTable('scan_reservations').dropColumn('free_scan_day').execute();
  await db.schema.alterTable('scan_reservations').dropColumn('free_scan_quota').execute();
  await db.schema.alterTable('scan_reservations').dropColumn('owner').execute();
}
