import { spawn } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const port = 4555;
const server = spawn(process.execPath, ['scripts/serve.mjs'], { env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: '/tmp/lh/data', DATABASE_URL: '' }, stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 2500));
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  for (const path of (process.argv[2] ?? '/app').split(',')) {
    const r = await lighthouse(`http://127.0.0.1:${port}${path}`, { port: chrome.port, onlyCategories: ['performance'], output: 'json' });
    const a = r.lhr.audits;
    console.log(path, 'score', r.lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].displayValue, 'LCP', a['largest-contentful-paint'].displayValue, 'TBT', a['total-blocking-time'].displayValue, 'SI', a['speed-index'].displayValue, 'CLS', a['cumulative-layout-shift'].displayValue);
    console.log(' long tasks', JSON.stringify((a['long-tasks'].details?.items ?? []).map((i) => [i.url?.slice(-40), Math.round(i.duration), Math.round(i.startTime)])));
    console.log(' bootup', JSON.stringify((a['bootup-time'].details?.items ?? []).map((i) => [i.url?.slice(-40), Math.round(i.total), Math.round(i.scripting), Math.round(i.scriptParseCompile)])));
    console.log(' mainthread', JSON.stringify((a['mainthread-work-breakdown'].details?.items ?? []).map((i) => [i.group, Math.round(i.duration)])));
    console.log(' lcp element', JSON.stringify(a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? ''));
  }
} finally {
  await chrome.kill();
  server.kill();
}
