import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * dist/server when the module at `moduleUrl` runs from the build (its chunk sits in that folder or
 * under it), or null when it runs from source (tests, astro dev, the tsx scripts).
 */
export function builtServerDirectory(moduleUrl: string): string | null {
  if (moduleUrl.endsWith('.ts')) return null;
  let dir = path.dirname(fileURLToPath(moduleUrl));
  while (path.basename(dir) !== 'server') {
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  return dir;
}
