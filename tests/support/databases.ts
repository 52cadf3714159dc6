import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { connectDatabase } from '../../adapters/postgres/connect';
import type { Database } from '../../adapters/postgres/database';
import { migrateToLatest } from '../../adapters/postgres/migrate';
import { migrations } from '../../migrations';

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
  const server = postgres.url;
  const name = `wp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = await connectDatabase({ kind: 'postgres', url: url.toString() });
  await mustMigrate(db);
  return {
    db,
    url: url.toString(),
    close: async () => {
      await db.destroy();
      const dropper = new pg.Client({ connectionString: server });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
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
