import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('../../adapters/ocr/reading-worker.ts', import.meta.url));

/**
 * Builds the reader pool's worker script into the server bundle as dist/server/reading-worker.mjs:
 * a worker thread is started from a file, which nothing imports, so the bundler would otherwise
 * leave it out (src/server/container/reading-worker-script.ts finds it there).
 */
export function readingWorkerEntry(): AstroIntegration {
  return {
    name: 'whos-paying:reading-worker',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'whos-paying:reading-worker-entry',
                apply: 'build',
                applyToEnvironment: (environment) => environment.name === 'ssr',
                buildStart() {
                  this.emitFile({ type: 'chunk', id: SOURCE, fileName: 'reading-worker.mjs' });
                },
              },
            ],
          },
        });
      },
    },
  };
}
