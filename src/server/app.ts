import type { Kysely } from 'kysely';
import type { DependencyContainer } from 'tsyringe';
import type { Database } from '../../adapters/postgres/database';
import { TOKENS } from '../../ports/tokens';
import { readConfig } from './config';
import { buildContainer } from './container';

// Exit code for a configuration error (sysexits EX_CONFIG).
const EX_CONFIG = 78;

let starting: Promise<DependencyContainer> | null = null;

/** The process-wide container, built once: configuration is read and migrations run on first use. */
export function app(): Promise<DependencyContainer> {
  starting ??= start();
  return starting;
}

async function start(): Promise<DependencyContainer> {
  const result = readConfig(process.env);
  if (!result.ok) {
    console.error(`Who's Paying cannot start: invalid configuration\n${result.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(EX_CONFIG);
  }
  const container = await buildContainer(result.config);
  // scripts/serve.mjs calls this after the last in-flight request, to close the database cleanly.
  (globalThis as Record<symbol, unknown>)[Symbol.for('whospaying.shutdown')] = () => container.resolve<Kysely<Database>>(TOKENS.Database).destroy();
  return container;
}
