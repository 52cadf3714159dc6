// Claim-to-every-phone latency of live bills: `npm run bench:live` (builds first).
// The built server on loopback, on a fresh database of the local Postgres (PGlite when it is not
// reachable); LIVE_BILLS tables (default 100) of 8 diners, each diner's phone on its own event
// stream, each diner claiming LIVE_CLAIMS (default 3) units at random moments within LIVE_SECONDS
// (default 20). Prints p50/p99 of the time from sending a claim to the last of its table's 8 phones
// seeing it, claims lost (accepted but not seen by every phone), and the server's memory per open
// stream. Bounded in count and time; prints figures, never fails on them.
// LIVE_SERVER_NODE_OPTIONS is passed to the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
// LIVE_SERVER_CPU_PERCENT (e.g. 25) holds the server process to that share of one core from its
// start, through a cgroup v1 CPU quota (Linux, as root; Postgres is not held).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { freshBenchDatabase } from './bench-database';
import { holdToCpuShare, type CpuHold } from './cpu-hold';
import { join } from 'node:path';
import { startBuiltServer, type BuiltServer } from '../tests/support/built-server';
import { openEventStream, type EventStreamReader, type ServerEvent } from '../tests/support/event-stream';
import { aBill } from '../tests/support/builders';
import { liveOpenBody } from '../tests/support/live-bills';
import { emitRows, say } from './bench-output.mjs';

const BILLS = Number(process.env.LIVE_BILLS ?? 100);
const DINERS = 8;
const CLAIMS = Number(process.env.LIVE_CLAIMS ?? 3);
const SECONDS = Number(process.env.LIVE_SECONDS ?? 20);
const DRAIN_MS = 10_000;
// Each table's own line per diner: 8 diners x CLAIMS units, so every claim is a new set member.
const TABLE_BILL = Array.from({ length: DINERS }, (_, d) => d)
  .reduce((bill, d) => bill.withDiner(`d${d}`, `Diner ${d + 1}`).withLine({ id: `i${d}`, name: `${CLAIMS} x Drink ${d + 1}`, pricePence: 450 * CLAIMS }), aBill())
  .build();

interface Claim {
  readonly bill: number;
  readonly key: string;
  sentAt: number;
  accepted: boolean;
  readonly seenAt: Map<number, number>;
}

const database = await freshBenchDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'wp-bench-live-'));
let server: BuiltServer | null = null;
let cpuHold: CpuHold | null = null;
const streams: EventStreamReader[] = [];
try {
  server = await startBuiltServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, TRUSTED_PROXY_HOPS: '1', LOG_LEVEL: 'warn', NODE_OPTIONS: process.env.LIVE_SERVER_NODE_OPTIONS ?? '' });
  const url = server.url;
  const cpuPercent = Number(process.env.LIVE_SERVER_CPU_PERCENT ?? 0);
  if (cpuPercent > 0) cpuHold = await holdToCpuShare(server.process.pid!, cpuPercent);
  const post = (path: string, body: unknown, address: string) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify(body) });

  say(`Opening ${BILLS} live bills of ${DINERS} diners on ${database.kind}…`);
  // Tables open and their diners join ten tables at a time.
  const tables = await inBatches(BILLS, 10, async (b) => {
    // Each table is behind its own address (the restaurant's Wi-Fi), as per-address caps see it.
    const address = `10.${Math.floor(b / 250)}.${b % 250}.1`;
    const opened = await post('/api/live-bills', liveOpenBody(TABLE_BILL), address);
    const { billId, tableKey } = (await opened.json()) as { billId: string; tableKey: string };
    const keys: string[] = [];
    for (let d = 0; d < DINERS; d++) {
      const joined = await post(`/api/live-bills/${billId}/commands`, { key: tableKey, command: { type: 'join', dinerId: `d${d}` } }, address);
      keys.push(((await joined.json()) as { joined: { dinerKey: string } }).joined.dinerKey);
    }
    return { billId, tableKey, address, keys };
  });

  const before = await rssOf(server);
  const claims = new Map<string, Claim>();
  let phone = 0;
  for (const [b, table] of tables.entries()) {
    for (let d = 0; d < DINERS; d++) {
      const id = phone++;
      const stream = await openEventStream(`${url}/api/live-bills/${table.billId}/events?key=${table.tableKey}`, { 'x-forwarded-for': table.address }, seenBy(b, id, claims));
      if (stream.status !== 200) throw new Error(`stream refused: ${stream.status}`);
      streams.push(stream);
    }
  }
  const after = await rssOf(server);
  say(`${streams.length} phones connected; claiming for ${SECONDS} s…`);

  const cpuBefore = await cpuMsOf(server);
  const sends: Promise<void>[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  for (const [b, table] of tables.entries())
    for (let d = 0; d < DINERS; d++)
      for (let unit = 0; unit < CLAIMS; unit++) {
        const claim: Claim = { bill: b, key: `i${d}/${unit}/d${d}`, sentAt: 0, accepted: false, seenAt: new Map() };
        claims.set(`${b}:${claim.key}`, claim);
        sends.push(
          delay(Math.random() * SECONDS * 1000).then(async () => {
            claim.sentAt = performance.now();
            // As a phone does: a 503 (the database busy), a 429 (the bill's queue full) or a dropped request is sent again.
            for (let tries = 0; !claim.accepted && tries < 20; tries++) {
              const answer = await post(
                `/api/live-bills/${table.billId}/commands`,
                { key: table.keys[d], command: { type: 'claim', itemId: `i${d}`, unit, dinerId: `d${d}`, claimed: true } },
                table.address,
              ).catch(() => null);
              const status = answer?.status ?? 0;
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
              await answer?.arrayBuffer();
              claim.accepted = answer?.ok === true;
              if (answer !== null && status < 500 && status !== 429) break;
              // After the server's Retry-After (1 s without one), spread out so retries do not arrive together.
              await delay(Number(answer?.headers.get('retry-after') ?? 1) * 1000 * (0.5 + Math.random()));
            }
          }),
        );
      }
  await Promise.all(sends);
  const deadline = performance.now() + DRAIN_MS;
  while (performance.now() < deadline && [...claims.values()].some((c) => c.accepted && c.seenAt.size < DINERS)) await delay(100);
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = (await cpuMsOf(server)) - cpuBefore;
  const throttled = await cpuHold?.throttled();

  const all = [...claims.values()];
  const accepted = all.filter((c) => c.accepted);
  const lost = accepted.filter((c) => c.seenAt.size < DINERS).length;
  const latencies = accepted
    .filter((c) => c.seenAt.size === DINERS)
    .map((c) => Math.max(...c.seenAt.values()) - c.sentAt)
    .sort((a, b) => a - b);
  const perConnectionKb = (after - before) / streams.length / 1024;
  const rows = [
    {
      name: 'live: claim to every phone p50',
      figure: round(percentile(latencies, 0.5)),
      unit: 'ms',
      note: `${BILLS} bills x ${DINERS} phones, ${all.length} claims in ${SECONDS} s, ${database.kind}${cpuHold ? `, server held to ${cpuPercent}% of a core (the quota stopped it ${throttled?.periods} times, ${round(throttled?.ms ?? 0)} ms in all)` : ''}`,
    },
    { name: 'live: claim to every phone p99', figure: round(percentile(latencies, 0.99)), unit: 'ms', note: 'target ≤ 500 ms' },
    {
      name: 'live: claims lost',
      figure: lost,
      unit: 'claims',
      note: `${accepted.length} of ${all.length} accepted; answers (retries included) ${[...statuses].map(([status, n]) => `${status || 'no answer'}: ${n}`).join(', ')}`,
    },
    { name: 'live: server memory per open stream', figure: round(perConnectionKb), unit: 'KiB', note: `RSS ${mib(before)} → ${mib(after)} MiB for ${streams.length} streams` },
    { name: 'live: server CPU per claim', figure: round(cpuMs / Math.max(1, all.length)), unit: 'ms', note: 'the app process only (Postgres apart), answering the claim and sending it to 8 phones' },
    { name: 'live: claims per second', figure: round(accepted.length / Math.min(elapsed, SECONDS)), unit: '/s', note: '' },
  ];
  say(rows.map((r) => `${r.name.padEnd(40)} ${String(r.figure).padStart(8)} ${r.unit.padEnd(7)} ${r.note}`).join('\n'));
  emitRows(rows);
} finally {
  for (const stream of streams) stream.close();
  await server?.stop();
  await cpuHold?.release();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}

/** Records when this phone first sees each claim of its table: in a whole bill, or as the change that made a version. */
function seenBy(bill: number, phone: number, claims: Map<string, Claim>): (event: ServerEvent) => void {
  const saw = (now: number, itemId: string, unit: number, dinerId: string) => {
    const claim = claims.get(`${bill}:${itemId}/${unit}/${dinerId}`);
    if (claim !== undefined && !claim.seenAt.has(phone)) claim.seenAt.set(phone, now);
  };
  return (event) => {
    const now = performance.now();
    if (event.event === 'bill') for (const [itemId, unit, dinerId] of (JSON.parse(event.data) as { claims: [string, number, string][] }).claims) saw(now, itemId, unit, dinerId);
    if (event.event === 'change') {
      const change = JSON.parse(event.data) as { type: string; itemId: string; unit: number; dinerId: string; claimed: boolean };
      if (change.type === 'claim' && change.claimed) saw(now, change.itemId, change.unit, change.dinerId);
    }
  };
}

async function rssOf(running: BuiltServer): Promise<number> {
  const status = await readFile(`/proc/${running.process.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** User and system CPU time of a process so far (Linux /proc, clock ticks of 10 ms). */
async function cpuMsOf(running: BuiltServer): Promise<number> {
  const fields = (await readFile(`/proc/${running.process.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function inBatches<T>(count: number, size: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += size) made.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => make(start + k)))));
  return made;
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

function mib(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}
