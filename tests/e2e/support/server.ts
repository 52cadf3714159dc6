import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBuiltServer } from '../../support/built-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Starts the built server (`dist/`) on a free port with its own embedded database, once for all e2e files. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wp-e2e-'));
  const server = await startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: '', ...e2eEnvironment() });
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/**
 * Variables the e2e server needs beyond the defaults: none but the reader, pinned to the local
 * one (the default without a key) so scans through the UI are read by PaddleOCR even where an
 * OpenAI key happens to be set.
 */
function e2eEnvironment(): Record<string, string> {
  return { RECEIPT_ENGINE: 'local' };
}
