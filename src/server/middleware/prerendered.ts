import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { builtServerDirectory } from '../built-server-directory';

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
  const server = builtServerDirectory(import.meta.url);
  if (!server) return null;
  // dist/client, the sibling of the dist/server directory this bundle runs from.
  return readFile(path.join(path.dirname(server), 'client', route, 'index.html'), 'utf8').catch(() => null);
}
