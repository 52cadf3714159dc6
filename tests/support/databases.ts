import type { Kysely } from 'kysely';
import { describe, inject } from 'vitest';
import { connectDatabase } from '../../adapters/postgres/connect';
import type { Database } from '../../adapters/postgres/database';
import { migrateToLatest } from '../../adapters/postgres/migrate';
import { migrations } from '../../migrations';
import { createFreshDatabase } from './fresh-database';

const postgres = inject('postgres');

export interface TestDatabase {
  readonly db: Kysely<Database>;
  /** The database's URL on the real Postgres, for a second connection pool; null on PGlite. */
  readonly url: string | null;
  close(): Promise<void>;
}

type Target = { name: string; open: () => Promise<TestDatabase> };

async function openPglite(): Promise<TestDatabase> {
  const db = await connectDatabase({ kind: 'pglite', dataDir: null });
  await mustMigrate(db);
  return { db, url: null, close: () => db.destroy() };
}

/** A fresh database per suite on the shared server, so suites never see each other's rows. */
export async function openPostgres(): Promise<TestDatabase> {
  if (postgres.url === null) throw new Error(postgres.reason);
  const fresh = await createFreshDatabase(postgres.url);
  const db = await connectDatabase({ kind: 'postgres', url: fresh.url });
  await mustMigrate(db);
  return {
    db,
    url: fresh.url,
    close: async () => {
      await db.destroy();
      await fresh.drop();
    },
  };
}

async function mustMigrate(db: Kysely<Database>): Promise<void> {
  const outcome = await migrateToLatest(db, migrations);
  if (!outcome.ok) throw new Error(`migration ${outcome.failed} failed`, { cause: outcome.error });
}

const targets: Target[] = [
  { name: 'PGlite', open: openPglite },
  { name: 'Postgres', open: openPostgres },
];

/** Why the real Postgres suites are skipped, or null when it is reachable. */
export function postgresUnavailable(): string | null {
  return postgres.url === null ? postgres.reason : null;
}

/** Runs the same suite against embedded PGlite and the real Postgres (skipped, with a printed reason, when unreachable). */
export function describeEachDatabase(title: string, suite: (open: () => Promise<TestDatabase>) => void): void {
  for (const target of targets) {
    const skip = target.name === 'Postgres' && postgres.url === null;
    (skip ? describe.skip : describe)(`${title} [${target.name}]`, () => suite(target.open));
  }
}
