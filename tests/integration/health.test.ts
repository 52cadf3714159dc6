import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../adapters/postgres/connect';
import type { Database } from '../../adapters/postgres/database';
import { readConfig, type Config } from '../../src/server/config';
import { HealthCheck } from '../../src/server/container/health';

const SHUTTING_DOWN = Symbol.for('whospaying.shuttingDown');
const config = (readConfig({}) as { ok: true; config: Config }).config;

describe('readiness (GET /api/health)', () => {
  let db: Kysely<Database> | null = null;
  afterEach(async () => {
    delete (globalThis as Record<symbol, unknown>)[SHUTTING_DOWN];
    await db?.destroy().catch(() => undefined);
  });

  it('is ok with the database and adapter modes when the database answers', async () => {
    db = await connectDatabase({ kind: 'pglite', dataDir: null });
    // A first query starts the embedded engine, which on a busy machine can take longer than the
    // probe's 2 s budget; the probe is about a database that is up, so it asks one that has answered.
    await sql`select 1`.execute(db);
    expect(await new HealthCheck(config, db).report()).toEqual({
      status: 'ok',
      database: { kind: 'pglite', reachable: true },
      adapters: { receiptEngine: 'local', stripe: 'test mode', paypal: 'test mode', shareSigningKeys: 'generated' },
    });
  });

  it('is degraded when the database does not answer', async () => {
    db = await connectDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:9/none' });
    expect(await new HealthCheck(config, db).report()).toMatchObject({ status: 'degraded', database: { reachable: false } });
  });

  it('says stopping while the process drains for shutdown', async () => {
    db = await connectDatabase({ kind: 'pglite', dataDir: null });
    (globalThis as Record<symbol, unknown>)[SHUTTING_DOWN] = true;
    expect(await new HealthCheck(config, db).report()).toMatchObject({ status: 'stopping', database: { reachable: true } });
  });
});
