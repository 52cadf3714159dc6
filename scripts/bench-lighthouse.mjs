// Lighthouse (mobile defaults: emulated phone, simulated slow 4G and CPU slowdown) against the
// built app served as in production, on Debian's Chromium. Prints the scores and the landing
// page's JavaScript transfer size; it measures, it never fails on a score.
//   npm run bench:lighthouse          (builds first)
//   CHROME_PATH=/path/to/chromium     (default /usr/bin/chromium)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import { emitRows, jsonMode, say } from './bench-output.mjs';

const lighthouseVersion = () => createRequire(import.meta.url)('lighthouse/package.json').version;

// '/b/' stands for a share page: a link to a sample bill is made once the server is up.
const PAGES = ['/', '/app', '/privacy-policy', '/b/'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

const port = await freePort();
const dataDir = await mkdtemp(join(tmpdir(), 'wp-lighthouse-'));
const server = spawn(process.execPath, ['scripts/serve.mjs'], {
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' },
  stdio: jsonMode ? 'ignore' : 'inherit',
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  await waitForHealth(`http://127.0.0.1:${port}`);
  const sharePage = await aShareLink(`http://127.0.0.1:${port}`);
  const rows = [];
  for (const path of PAGES) {
    const lhr = await measured(`http://127.0.0.1:${port}${path === '/b/' ? sharePage : path}`, path, chrome.port);
    const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
    const total = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'total');
    rows.push({
      page: path,
      ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
      'JS transfer (bytes)': scripts?.transferSize ?? 0,
      'JS requests': scripts?.requestCount ?? 0,
      'total transfer (bytes)': total?.transferSize ?? 0,
      LCP: lhr.audits['largest-contentful-paint']?.displayValue,
      CLS: lhr.audits['cumulative-layout-shift']?.displayValue,
    });
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual');
    if (failing.length > 0) say(`${path}: audits below 90: ${failing.map((a) => a.id).join(', ')}`);
  }
  say(`Lighthouse ${lighthouseVersion()}, mobile defaults, ${process.env.CHROME_PATH ?? '/usr/bin/chromium'}`);
  if (!jsonMode) console.table(rows);
  // Astro inlines small scripts into the HTML, where Lighthouse counts them as document bytes.
  const landing = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  const inline = [...landing.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => Buffer.byteLength(m[1] ?? ''));
  say(`landing page: ${inline.length} inline scripts, ${inline.reduce((a, b) => a + b, 0)} bytes uncompressed, plus the JS transfer above`);
  emitRows(
    rows.flatMap((row) => [
      ...CATEGORIES.map((c) => ({ name: `lighthouse ${row.page}: ${c}`, figure: row[c], unit: 'score', note: 'mobile defaults' })),
      { name: `lighthouse ${row.page}: JS transfer`, figure: row['JS transfer (bytes)'], unit: 'B', note: `${row['JS requests']} requests; LCP ${row.LCP}, CLS ${row.CLS}` },
    ]),
  );
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * Lighthouse's report of a page. A run whose trace failed (NO_NAVSTART, "please run Lighthouse
 * again") has no scores: it is run again, twice at most, and the reason is said either way.
 */
async function measured(url, path, chromePort) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (lhr.runtimeError === undefined) return lhr;
    process.stderr.write(`${path}: Lighthouse could not measure it (run ${attempt}): ${lhr.runtimeError.code} ${lhr.runtimeError.message}\n`);
    if (attempt === 3) return lhr;
  }
}

/** The path of a share page for a bill of four diners and eight items. */
async function aShareLink(base) {
  const diners = ['Alice', 'Ben', 'Cat', 'Dev'].map((name, i) => ({ id: `d${i}`, name }));
  const items = Array.from({ length: 8 }, (_, i) => ({ name: `Dish ${i + 1}`, pricePence: 450 + 125 * i, assignedTo: [diners[i % 4].id, ...(i % 3 === 0 ? [diners[(i + 1) % 4].id] : [])] }));
  const response = await fetch(`${base}/api/shares`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ diners, items, tipPence: 600 }) });
  if (response.status !== 201) throw new Error(`POST /api/shares answered ${response.status}`);
  return new URL((await response.json()).url).pathname;
}

async function waitForHealth(base) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not become healthy');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
