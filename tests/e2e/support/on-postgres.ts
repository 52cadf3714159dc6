import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../../support/built-server';
import { createFreshDatabase } from '../../support/fresh-database';
import { unreachable } from '../../support/postgres-server';
import { launchBrowser } from './browser';

const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Why the suites on Postgres are skipped (none answers), or null: for `describe.skipIf`, known before any suite is collected. */
export const noPostgres: string | null = await unreachable(POSTGRES);
if (noPostgres !== null) console.warn(`[e2e] the suites on Postgres are skipped: no Postgres at ${POSTGRES} (${noPostgres})`);

/** A suite's built app processes on one fresh Postgres database, and its browser, once set up. */
export interface OnPostgres {
  servers: BuiltServer[];
  browser: Browser;
}

/**
 * Sets up built app processes on one fresh database before the suite (the first runs the
 * migrations); with two, what reaches a phone served by one has gone through Postgres from the
 * other. Torn down after the suite; a suite that uses it is skipped when `noPostgres` says why.
 */
export function onPostgres(processes: 1 | 2): OnPostgres {
  const setUp: OnPostgres = { servers: [], browser: undefined as unknown as Browser };
  let database: { url: string; drop(): Promise<void> } | null = null;
  let dataDir = '';
  beforeAll(async () => {
    database = await createFreshDatabase(POSTGRES);
    dataDir = await mkdtemp(join(tmpdir(), 'wp-postgres-'));
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, TRUSTED_PROXY_HOPS: '0' };
    // One after the other: the first runs the migrations.
    for (let n = 0; n < processes; n++) setUp.servers.push(await startBuiltServer(env));
    setUp.browser = await launchBrowser();
  });
  afterAll(async () => {
    await setUp.browser?.close();
    await Promise.all(setUp.servers.map((s) => s.stop()));
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return setUp;
}
