import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The HTML Astro prerendered for a route, read from the built client directory. Middleware cannot
 * rewrite to a prerendered page (its component is not in the server bundle), and the static file
 * handler answers before middleware runs, so a host-dependent `/` serves the file itself.
 */
const cache = new Map<string, Promise<string | null>>();

export function prerenderedHtml(route: string): Promise<string | null> {
  let html = cache.get(route);
  if (!html) {
    html = read(route);
    cache.set(route, html);
  }
  return html;
}

async function read(route: string): Promise<string | null> {
  const client = clientDirectory();
  if (!client) return null;
  return readFile(path.join(client, route, 'index.html'), 'utf8').catch(() => null);
}

/** dist/client, the sibling of the dist/server directory this bundle runs from. */
function clientDirectory(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (path.basename(dir) !== 'server') {
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  return path.join(path.dirname(dir), 'client');
}
