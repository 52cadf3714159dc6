import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorkerScript } from '../../../adapters/ocr/pooled-worker';

/**
 * The reader pool's worker script. The build writes it beside the server's entry
 * (dist/server/reading-worker.mjs, by src/integrations/reading-worker.ts); from source (tests,
 * astro dev, the tsx scripts) it is the TypeScript file itself, run through tsx's loader.
 */
export function readingWorkerScript(): WorkerScript {
  if (import.meta.url.endsWith('.ts')) return { url: new URL('../../../adapters/ocr/reading-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
  return { url: pathToFileURL(`${builtServerDirectory(fileURLToPath(import.meta.url))}/reading-worker.mjs`), execArgv: [] };
}

/** dist/server: this bundle's chunk sits in it or in a folder under it. */
function builtServerDirectory(file: string): string {
  let dir = dirname(file);
  while (!dir.endsWith('/server') && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
