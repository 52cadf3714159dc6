// The database a benchmark's server runs on: a fresh database of the local Postgres, as production
// runs (BENCH_DATABASE_URL names another server), else the embedded PGlite when it is unreachable.
import pg from 'pg';
import { createFreshDatabase } from '../tests/support/fresh-database';

const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  readonly kind: string;
  /** DATABASE_URL for the server: '' for the embedded PGlite. */
  readonly url: string;
  drop(): Promise<void>;
}

export async function freshBenchDatabase(): Promise<BenchDatabase> {
  const probe = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    await probe.end();
  } catch {
    return { kind: 'PGlite (Postgres unreachable)', url: '', drop: async () => undefined };
  }
  return { kind: 'Postgres', ...(await createFreshDatabase(POSTGRES)) };
}
