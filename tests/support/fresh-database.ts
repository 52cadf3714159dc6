// Outside vitest too: the benchmarks make their databases with it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** An empty database of its own on a Postgres server (its URL), dropped by `drop`. */
export async function createFreshDatabase(server: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wp_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
