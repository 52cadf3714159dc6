import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import type { Database } from './database';
import { pgliteNotificationSource, pgNotificationSource, registerNotificationSource } from './notifications';

/** `poolSize`: connections this process may hold (the server's DATABASE_POOL_SIZE; pg's own 10 when unset, as in tests). */
export type DatabaseTarget = { readonly kind: 'postgres'; readonly url: string; readonly poolSize?: number } | { readonly kind: 'pglite'; readonly dataDir: string | null };

/** `pg` for a real Postgres; PGlite (embedded, in-process) in `dataDir`, or in memory when it is null. */
export async function connectDatabase(target: DatabaseTarget): Promise<Kysely<Database>> {
  if (target.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, connectionTimeoutMillis: 5000 });
    // A client that loses its server must not crash the process: an idle one is reported on the
    // pool, a checked-out one on itself (its query fails and the pool drops it on release).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    registerNotificationSource(
      db,
      pgNotificationSource(() => new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 5000 })),
    );
    return db;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let pglite;
  if (target.dataDir === null) pglite = new PGlite();
  else {
    const dir = join(target.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    pglite = new PGlite(dir);
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  registerNotificationSource(db, pgliteNotificationSource(pglite));
  return db;
}
