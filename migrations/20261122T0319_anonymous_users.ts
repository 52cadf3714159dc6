import { sql, type Kysely } from 'kysely';

// Frozen in time: later changes get a new migration, never an edit here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('anonymous_users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('anonymous_users').execute();
}
