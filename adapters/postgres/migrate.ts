import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';

export type MigrationOutcome = { ok: true; applied: string[] } | { ok: false; failed: string; error: unknown };

export async function migrateToLatest(db: Kysely<any>, migrations: Record<string, Migration>): Promise<MigrationOutcome> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    return { ok: false, failed, error };
  }
  return { ok: true, applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
