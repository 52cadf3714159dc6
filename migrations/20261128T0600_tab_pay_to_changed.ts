import type { Kysely } from 'kysely';

// Frozen in time: later changes get a new migration, never an edit here.
// When a person's pay details on a tab were replaced by others: anyone with the tab's link can change
// them, so every transfer to that person says so until they are checked.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tab_people').addColumn('pay_to_changed_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tab_people').dropColumn('pay_to_changed_at').execute();
}
