import type { Services } from '../services';
import { readConfig } from '../config';
import { logger } from '../logger';
import { buildServices } from '.';
import { hasReaderMalloc } from './receipt-reader';

// Exit code for a configuration error (sysexits EX_CONFIG).
const EX_CONFIG = 78;

let starting: Promise<Services> | null = null;

/**
 * The process's services, built once on first use (configuration read, migrations run). Only the
 * middleware calls this, to hand it to pages and endpoints as `Astro.locals.services`.
 */
export function services(): Promise<Services> {
  starting ??= start();
  return starting;
}

async function start(): Promise<Services> {
  const result = readConfig(process.env);
  if (!result.ok) {
    console.error(`Who's Paying cannot start: invalid configuration\n${result.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(EX_CONFIG);
  }
  const built = await buildServices(result.config);
  if (result.config.receiptEngine === 'local' && !hasReaderMalloc(process.env)) {
    logger.warn("GLIBC_TUNABLES lacks package.json's config.readerMalloc: the local reader may read each photo twice as slowly (docs/operations.md, malloc)");
  }
  // The reader's workers load their models now, beside the first requests, not on a person's first photo.
  void built.warmUp().catch((error: unknown) => logger.warn({ err: error }, 'the receipt reader did not warm up; the first photo will load it'));
  // scripts/serve.mjs calls this after the last in-flight request, to close the database cleanly.
  (globalThis as Record<symbol, unknown>)[Symbol.for('whospaying.shutdown')] = () => built.close();
  return built;
}
