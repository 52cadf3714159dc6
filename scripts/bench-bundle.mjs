// Measures the JavaScript the /app page ships: the island component, its renderer and every module
// they import, plus the inline island runtime, raw and gzip (level 9) bytes. Serves the existing
// build (run `astro build` first) on a free port with a throwaway data directory, reads /app as a
// browser would, then stops the server. Prints figures; never fails on size.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { emitRows, say } from './bench-output.mjs';

const page = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? '/app';
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = await mkdtemp(join(tmpdir(), 'wp-bench-'));
const server = spawn(process.execPath, ['scripts/serve.mjs'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'ignore' });
try {
  const base = `http://127.0.0.1:${port}`;
  let html = null;
  for (let i = 0; i < 150 && html === null; i++) {
    html = await fetch(base + page).then(
      (r) => (r.ok ? r.text() : null),
      () => null,
    );
    if (html === null) await new Promise((r) => setTimeout(r, 200));
  }
  if (html === null) throw new Error(`could not fetch ${page}`);

  const entries = new Set([...html.matchAll(/(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]));
  // Static imports load with the page; dynamic import() chunks load only when used (listed apart).
  const modules = new Map();
  const lazy = new Map();
  const queue = [...entries].map((url) => [url, false]);
  while (queue.length > 0) {
    const [url, isLazy] = queue.shift();
    if (modules.has(url) || (isLazy && lazy.has(url))) continue;
    const code = await readFile(join('dist/client', url));
    (isLazy ? lazy : modules).set(url, code);
    if (!isLazy) lazy.delete(url);
    const text = code.toString();
    for (const m of text.matchAll(/(?:from|import)\s*["'`](\.\/[^"'`]+\.js)["'`]/g)) queue.push([posix.join(posix.dirname(url), m[1]), isLazy]);
    for (const m of text.matchAll(/import\s*\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g)) queue.push([posix.join(posix.dirname(url), m[1]), true]);
  }
  for (const url of modules.keys()) lazy.delete(url);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
  const rows = [...modules].map(([url, code]) => [url, code.length, gzipSync(code, { level: 9 }).length]);
  rows.push(['(inline scripts in the page)', Buffer.byteLength(inline), gzipSync(inline, { level: 9 }).length]);
  const width = Math.max(...rows.map((r) => r[0].length));
  say(`JavaScript shipped by ${page} (gzip level 9):`);
  for (const [name, raw, gz] of rows) say(`  ${name.padEnd(width)}  ${String(raw).padStart(8)} B raw  ${String(gz).padStart(7)} B gzip`);
  const total = rows.reduce((a, r) => [a[0] + r[1], a[1] + r[2]], [0, 0]);
  say(`  ${'total'.padEnd(width)}  ${String(total[0]).padStart(8)} B raw  ${String(total[1]).padStart(7)} B gzip`);
  const lazyBytes = [...lazy.values()].reduce((a, code) => [a[0] + code.length, a[1] + gzipSync(code, { level: 9 }).length], [0, 0]);
  emitRows([
    { name: `bundle: JavaScript shipped by ${page}, gzip`, figure: total[1], unit: 'B', note: `${total[0]} B raw, ${rows.length - 1} modules and the inline scripts` },
    { name: `bundle: loaded on demand by ${page}, gzip`, figure: lazyBytes[1], unit: 'B', note: `${lazyBytes[0]} B raw, ${lazy.size} modules` },
  ]);
  if (lazy.size > 0) {
    say('Loaded on demand (dynamic import):');
    for (const [url, code] of lazy) say(`  ${url.padEnd(width)}  ${String(code.length).padStart(8)} B raw  ${String(gzipSync(code, { level: 9 }).length).padStart(7)} B gzip`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
