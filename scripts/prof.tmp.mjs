import { chromium } from 'playwright-core';
const url = process.argv[2] ?? 'http://127.0.0.1:4399/app';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 390, height: 800 } });
const p = await ctx.newPage();
const cdp = await ctx.newCDPSession(p);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await p.addInitScript(() => {
  window.__long = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({ type: 'longtask', buffered: true });
});
await cdp.send('Profiler.start');
await p.goto(url);
await p.getByRole('button', { name: 'Upload Photo' }).waitFor();
await p.waitForTimeout(6000);
const { profile } = await cdp.send('Profiler.stop');
console.log('long tasks', JSON.stringify(await p.evaluate(() => window.__long)));
const self = new Map();
const dt = profile.timeDeltas; const counts = new Map();
profile.samples.forEach((id, i) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)));
for (const n of profile.nodes) {
  const t = counts.get(n.id) ?? 0; if (!t) continue;
  const f = n.callFrame; const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + t);
}
const byUrl = new Map();
for (const n of profile.nodes) { const t = counts.get(n.id) ?? 0; const u = n.callFrame.url.split('/').pop() || n.callFrame.functionName; byUrl.set(u, (byUrl.get(u) ?? 0) + t); }
console.log('by url (ms):', JSON.stringify([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => [k, Math.round(v / 1000)])));
console.log('top self (ms):', JSON.stringify([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => [k, Math.round(v / 1000)])));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
const callers = new Map();
for (const n of profile.nodes) if (n.callFrame.functionName === 'appendChild') { const t = counts.get(n.id) ?? 0; let q = parent.get(n.id); const chain = []; for (let i = 0; i < 4 && q; i++) { chain.push(`${q.callFrame.functionName}@${q.callFrame.url.split('/').pop()}`); q = parent.get(q.id); } const k = chain.join(' < '); callers.set(k, (callers.get(k) ?? 0) + t); }
console.log('appendChild callers (ms):', JSON.stringify([...callers].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => [k, Math.round(v / 1000)])));
await b.close();
