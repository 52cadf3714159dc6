import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The line public/sw.js carries for development; the build replaces it.
const PLACEHOLDER = "const SHELL = { version: 'dev', assets: [] };";
const PRECACHED = /\.(js|css|svg|png|webp|woff2)$/;
// A chunk this large is not part of the manual-split shell; the runtime cache still takes it on use.
const MAX_PRECACHED_BYTES = 1_500_000;

/**
 * Writes the hashed build assets into dist/client/sw.js, so the service worker precaches exactly
 * the files of this build and a new build gets a new cache (old ones are dropped on activation).
 */
export function serviceWorkerPrecache(): AstroIntegration {
  return {
    name: 'whos-paying:service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const swPath = path.join(client, 'sw.js');
        const source = await readFile(swPath, 'utf8');
        if (!source.includes(PLACEHOLDER)) throw new Error(`public/sw.js lost its placeholder line: ${PLACEHOLDER}`);
        const assets = await precachedAssets(client, '_astro');
        const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
        await writeFile(swPath, source.replace(PLACEHOLDER, `const SHELL = ${JSON.stringify({ version, assets })};`));
        logger.info(`sw.js precaches ${assets.length} assets (version ${version})`);
      },
    },
  };
}

async function precachedAssets(client: string, assetsDir: string): Promise<string[]> {
  const root = path.join(client, assetsDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const urls: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !PRECACHED.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await stat(file)).size > MAX_PRECACHED_BYTES) continue;
    urls.push(`/${path.relative(client, file).split(path.sep).join('/')}`);
  }
  return urls.sort();
}
