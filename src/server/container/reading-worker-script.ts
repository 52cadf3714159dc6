import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WorkerScript } from '../../../adapters/ocr/pooled-worker';
import { builtServerDirectory } from '../built-server-directory';

/**
 * The reader pool's worker script. The build writes it beside the server's entry
 * (dist/server/reading-worker.mjs, by src/integrations/reading-worker.ts); from source (tests,
 * astro dev, the tsx scripts) it is the TypeScript file itself, run through tsx's loader.
 */
export function readingWorkerScript(): WorkerScript {
  const built = builtServerDirectory(import.meta.url);
  if (built === null) return { url: new URL('../../../adapters/ocr/reading-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
  return { url: pathToFileURL(join(built, 'reading-worker.mjs')), execArgv: [] };
}
