import { sql, type Kysely } from 'kysely';

// How a stored receipt's tip is shared; receipts stored before this were equal.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('receipts')
    .addColumn('tip_split', 'text', (c) =>
      c
        .notNull()
        .defaultTo('equal')
        .check(sql`tip_split in ('equal', 'proportional')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('receipts').dropColumn('tip_split').execute();
}
