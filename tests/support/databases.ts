import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { describe } from 'vitest';
import { connectDatabase } from '../../adapters/postgres/connect';
import type { Database } from '../../adapters/postgres/database';
import { migrateToLatest } from '../../adapters/postgres/migrate';
import { migrations } from '../../migrations';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  readonly db: Kysely<Database>;
  /** Opens a second, independent connection pool (Postgres) to the same database; PGlite shares its one. */
  readonly url: string | null;
  close(): Promise<void>;
}

type Target = { name: string; open: () => Promise<TestDatabase> };

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const unreachable = await postgresReachable();
if (unreachable !== null) console.warn(`[integration] Postgres at ${POSTGRES_URL} is not reachable (${unreachable}): its suite is skipped.`);

async function openPglite(): Promise<TestDatabase> {
  const db = await connectDatabase({ kind: 'pglite', dataDir: null });
  await mustMigrate(db);
  return { db, url: null, close: () => db.destroy() };
}

/** A fresh database per suite on the shared server, so suites never see each other's rows. */
async function openPostgres(): Promise<TestDatabase> {
  const name = `wp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const db = await connectDatabase({ kind: 'postgres', url: url.toString() });
  await mustMigrate(db);
  return {
    db,
    url: url.toString(),
    close: async () => {
      await db.destroy();
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
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

/** Runs the same suite against embedded PGlite and the real Postgres (skipped, with a printed reason, when unreachable). */
export function describeEachDatabase(title: string, suite: (open: () => Promise<TestDatabase>) => void): void {
  for (const target of targets) {
    const skip = target.name === 'Postgres' && unreachable !== null;
    (skip ? describe.skip : describe)(`${title} [${target.name}]`, () => suite(target.open));
  }
}
