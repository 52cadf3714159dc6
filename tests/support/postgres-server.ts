import { execFile } from 'node:child_process';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { url: string } | { url: null; reason: string };
  }
}

const LOCAL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Finds the real Postgres for the integration suites, once per run: the local server (the
 * development and CI machines have one), else a throwaway container where a Docker engine runs.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const localProblem = await unreachable(LOCAL);
  if (localProblem === null) return void project.provide('postgres', { url: LOCAL });
  if (!(await dockerEngineRuns())) {
    const reason = `no Postgres at ${LOCAL} (${localProblem}) and no Docker engine for a container`;
    console.warn(`[integration] ${reason}: the Postgres suites are skipped.`);
    return void project.provide('postgres', { url: null, reason });
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:17-alpine').start();
  project.provide('postgres', { url: container.getConnectionUri() });
  return async () => void (await container.stop());
}

/** Why the Postgres at `url` cannot be reached, or null when it answers. */
export async function unreachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function dockerEngineRuns(): Promise<boolean> {
  return new Promise((resolve) => execFile('docker', ['info'], { timeout: 5000 }, (error) => resolve(error === null)));
}
