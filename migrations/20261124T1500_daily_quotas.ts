import { sql, type Kysely } from 'kysely';

// Daily budgets counted by every process together: free scans per client address, AI reader spend.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('daily_quotas')
    .addColumn('quota', 'text', (c) => c.notNull().check(sql`length(quota) between 1 and 200`))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().check(sql`used >= 0`))
    .addPrimaryKeyConstraint('daily_quotas_pk', ['quota', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('daily_quotas').execute();
}
