// What reading receipts does to the rest of the server: `npm run bench:scan-load` (builds first).
// The built server (local reader, request logs on as in production) on loopback, on a fresh
// database of the local Postgres as production runs (the embedded PGlite when it is unreachable,
// which holds some 450 MiB more).
// A client asks GET /api/health every 20 ms, first for SCAN_LOAD_IDLE_SECONDS (default 5) with
// nothing else running (the baseline), then while two clients scan the real receipts of
// ../shared/receipts/wildreceipt back to back, SCAN_LOAD_READINGS (default 50) readings in all.
// Before that, one client alone reads SCAN_LOAD_SOLO (default 10) receipts: its answer times are
// the reading time. Meanwhile seven diners of a live bill take turns to claim or unclaim an item,
// one claim every CLAIM_EVERY_MS (each diner within its claims-per-minute limit), and the eighth
// diner's phone streams the bill: the time from sending a claim to that
// phone seeing it, idle and while scanning. Prints health and claim p99 and max beside the idle
// baseline, the reading median, and the server's resident memory after the readings (and its
// peak). Figures only; never fails on them.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer } from '../tests/support/built-server';
import { openEventStream, type EventStreamReader } from '../tests/support/event-stream';
import { freshBenchDatabase } from './bench-database';
import { emitRows, say } from './bench-output.mjs';
import { aBill } from '../tests/support/builders';
import { liveOpenBody } from '../tests/support/live-bills';

const IDLE_SECONDS = Number(process.env.SCAN_LOAD_IDLE_SECONDS ?? 5);
const READINGS = Number(process.env.SCAN_LOAD_READINGS ?? 50);
const SOLO = Number(process.env.SCAN_LOAD_SOLO ?? 10);
const HEALTH_EVERY_MS = 20;
const CLAIM_EVERY_MS = 250;
let healthFailures = 0;
const claimRefusals: string[] = [];
const RECEIPTS = join(import.meta.dirname, '..', '..', 'shared', 'receipts', 'wildreceipt');

const photos = await Promise.all(
  (await readdir(RECEIPTS))
    .filter((f) => /\.(jpe?g|png)$/i.test(f))
    .sort()
    .map(async (f) => (await readFile(join(RECEIPTS, f))).toString('base64')),
);
const loadAtStart = loadavg()[0]!;
const dataDir = await mkdtemp(join(tmpdir(), 'wp-bench-scan-load-'));
const database = await freshBenchDatabase();
// Every scan from its own address and id, so the per-address and per-device limits never refuse one.
const server = await startBuiltServer({ DATA_DIR: dataDir, DATABASE_URL: database.url, RECEIPT_ENGINE: 'local', LOG_LEVEL: 'info', TRUSTED_PROXY_HOPS: '1', FREE_SCANS_PER_ADDRESS_PER_DAY: '100000' });
try {
  let sent = 0;
  const scan = async (): Promise<{ ms: number; status: number }> => {
    const n = sent++;
    const started = performance.now();
    const answer = await fetch(`${server.url}/functions/v1/analyze-receipt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify({ image: photos[n % photos.length], anonymousUserId: randomUUID() }),
    });
    await answer.arrayBuffer();
    return { ms: performance.now() - started, status: answer.status };
  };
  // A connection the server closed as idle while its loop was held up fails the request: counted, not fatal.
  const scanOrFailure = () => scan().catch(() => ({ ms: NaN, status: 0 }));

  say(`Warming up the reader, then ${SOLO} readings by one client…`);
  await scan();
  const solo: number[] = [];
  for (let i = 0; i < SOLO; i++) solo.push((await scan()).ms);

  const table = await openTable(server.url);
  say(`${IDLE_SECONDS} s of /api/health and live claims with nothing else running…`);
  let idleClaims: number[] = [];
  const idle = await healthWhile(server.url, async () => {
    idleClaims = await claimsWhile(table, () => new Promise((done) => setTimeout(done, IDLE_SECONDS * 1000)));
  });

  say(`/api/health while two clients read ${READINGS} receipts back to back…`);
  let peak = await rssOf(server.process.pid!);
  const sampler = setInterval(() => void rssOf(server.process.pid!).then((rss) => (peak = Math.max(peak, rss))), 100);
  const scans: { ms: number; status: number }[] = [];
  let busyClaims: number[] = [];
  const busy = await healthWhile(server.url, async () => {
    let left = READINGS;
    busyClaims = await claimsWhile(table, () =>
      Promise.all(
        [0, 1].map(async () => {
          while (left-- > 0) scans.push(await scanOrFailure());
        }),
      ),
    );
  });
  table.phone.close();
  clearInterval(sampler);
  const after = await rssOf(server.process.pid!);
  const failed = scans.filter((s) => s.status !== 200).length;
  const answered = scans
    .filter((s) => s.status !== 0)
    .map((s) => s.ms)
    .sort((a, b) => a - b);

  const note = `${database.kind}, ${availableParallelism()} cores, load average ${loadAtStart.toFixed(2)} at the start and ${loadavg()[0]!.toFixed(2)} at the end`;
  const rows = [
    { name: 'scan-load: /api/health p99, idle', figure: round(percentile(idle, 0.99)), unit: 'ms', note: `${idle.length} requests, the baseline; ${note}` },
    { name: 'scan-load: /api/health max, idle', figure: round(Math.max(...idle)), unit: 'ms', note: '' },
    { name: 'scan-load: /api/health p99, two clients scanning', figure: round(percentile(busy, 0.99)), unit: 'ms', note: `${busy.length} requests; target ≤ 50 ms` },
    { name: 'scan-load: /api/health max, two clients scanning', figure: round(Math.max(...busy)), unit: 'ms', note: healthFailures ? `${healthFailures} health requests failed!` : '' },
    { name: 'scan-load: live claim to another phone p99, idle', figure: round(percentile(idleClaims, 0.99)), unit: 'ms', note: `${idleClaims.length} claims, the baseline` },
    {
      name: 'scan-load: live claim to another phone p99, two clients scanning',
      figure: round(percentile(busyClaims, 0.99)),
      unit: 'ms',
      note: `${busyClaims.length} claims; max ${round(Math.max(...busyClaims))} ms; target ≤ 500 ms${claimRefusals.length ? `; ${claimRefusals.length} refused, e.g. ${claimRefusals[0]}!` : ''}`,
    },
    {
      name: 'scan-load: reading median, one client',
      figure: round(
        percentile(
          solo.sort((a, b) => a - b),
          0.5,
        ),
      ),
      unit: 'ms',
      note: `${SOLO} readings, the scan's answer time; target ≤ 1.5 s`,
    },
    {
      name: 'scan-load: scan answer median, two clients',
      figure: round(percentile(answered, 0.5)),
      unit: 'ms',
      note: `${scans.length} scans${failed ? `, ${failed} not 200!` : ''}, queueing for the readers included`,
    },
    { name: `scan-load: server RSS after ${1 + SOLO + READINGS} readings`, figure: mib(after), unit: 'MiB', note: `peak while two scanned ${mib(peak)} MiB; target ≤ 1.2 GB` },
  ];
  say(rows.map((r) => `${r.name.padEnd(50)} ${String(r.figure).padStart(7)} ${r.unit.padEnd(4)} ${r.note}`).join('\n'));
  emitRows(rows);
} finally {
  await server.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * Answer times (ms, sorted) of GET /api/health asked every HEALTH_EVERY_MS, one at a time, while
 * `work` runs; a request that fails counts as the time it took to fail.
 */
async function healthWhile(url: string, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let working = true;
  const asking = (async () => {
    while (working) {
      const started = performance.now();
      const answered = await fetch(`${url}/api/health`).then(
        (r) => r.arrayBuffer().then(() => r.ok),
        () => false,
      );
      if (!answered) healthFailures++;
      times.push(performance.now() - started);
      await new Promise((done) => setTimeout(done, HEALTH_EVERY_MS));
    }
  })();
  await work();
  working = false;
  await asking;
  return times.sort((a, b) => a - b);
}

interface Table {
  readonly url: string;
  readonly billId: string;
  readonly claimerKeys: readonly string[];
  readonly phone: EventStreamReader;
}

/** A live bill of one four-unit item and eight joined diners; the last diner's phone streams it. */
async function openTable(url: string): Promise<Table> {
  const post = async (path: string, body: unknown) => {
    const answer = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as Record<string, unknown>;
  };
  const diners = Array.from({ length: 8 }, (_, d) => ({ id: `d${d}`, name: `Diner ${d + 1}` }));
  const bill = diners.reduce((b, d) => b.withDiner(d.id, d.name), aBill()).withLine({ id: 'i1', name: '4 x Beer', pricePence: 2000 });
  const opened = (await post('/api/live-bills', liveOpenBody(bill.build()))) as { billId: string; tableKey: string };
  const join = async (dinerId: string) =>
    ((await post(`/api/live-bills/${opened.billId}/commands`, { key: opened.tableKey, command: { type: 'join', dinerId } })) as { joined: { dinerKey: string } }).joined.dinerKey;
  const keys: string[] = [];
  for (const diner of diners) keys.push(await join(diner.id));
  const phoneKey = keys.pop()!;
  const phone = await openEventStream(`${url}/api/live-bills/${opened.billId}/events?key=${phoneKey}`);
  if (phone.status !== 200) throw new Error(`stream refused: ${phone.status}`);
  return { url, billId: opened.billId, claimerKeys: keys, phone };
}

/** Times (ms, sorted) from sending a claim to the other phone seeing its version, one claim every CLAIM_EVERY_MS while `work` runs. */
async function claimsWhile(table: Table, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let working = true;
  const claiming = (async () => {
    for (let n = 0; working; n++) {
      const diner = n % table.claimerKeys.length;
      const claimed = Math.floor(n / table.claimerKeys.length) % 2 === 0;
      const started = performance.now();
      const answer = await fetch(`${table.url}/api/live-bills/${table.billId}/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: table.url },
        body: JSON.stringify({ key: table.claimerKeys[diner], command: { type: 'claim', itemId: 'i1', unit: diner % 4, dinerId: `d${diner}`, claimed } }),
      });
      if (answer.ok) {
        const { version } = ((await answer.json()) as { bill: { version: number } }).bill;
        await table.phone.next((e) => (e.event === 'bill' || e.event === 'change') && Number(e.id) >= version);
        times.push(performance.now() - started);
      } else claimRefusals.push(`${answer.status} ${await answer.text()}`);
      await new Promise((done) => setTimeout(done, CLAIM_EVERY_MS));
    }
  })();
  await work();
  working = false;
  await claiming;
  return times.sort((a, b) => a - b);
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function round(n: number): number {
  return Math.round(n);
}

function mib(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
