import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseTarget } from '../../adapters/postgres/connect';
import { MAX_FREE_BILLS } from '../../domain/scan-credits/freemium';
import { aSharedBill, buySmallPackage, call } from '../support/app-client';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { createFreshDatabase } from '../support/fresh-database';
import { fakeOpenAiEnvironment, startFakeOpenAi } from '../support/fake-openai';
import { tinyImage } from '../support/images';
import { shareBody } from '../support/share-packets';

// Bounded: five runs of LOAD_SECONDS each (4 s by default) on 10 connections, plus start-up.
const SECONDS = Number(process.env.LOAD_SECONDS ?? 4);
const CONNECTIONS = 10;
const SMALL_PACKAGE_TOKENS = 10;

interface Measured {
  readonly target: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly statuses: Record<string, number>;
  readonly errors: number;
  readonly timeouts: number;
}

/** What the scans answered each anonymous id: 200s by how they were paid, and every status. */
interface ScanTally {
  free: number;
  token: number;
  statuses: Record<number, number>;
  /** Sent and not answered when autocannon stopped: the server may have settled them unseen. */
  unanswered: number;
}

// The built server on loopback (a fresh database on the test Postgres, else embedded PGlite),
// reading receipts through the OpenAI SDK from a local fake that answers at once, with a request
// log line per request as production runs. Each page is measured beside a bare node:http server
// answering its bytes. Figures are printed, never asserted; what is asserted is that nothing failed
// and the ledger adds up.
describe('load on the built server', () => {
  let reader: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let dataDir: string;
  let database: { target: DatabaseTarget; drop(): Promise<void> };
  let server: BuiltServer;
  let bareShare: { url: string; process: ChildProcess };
  let bareApp: { url: string; process: ChildProcess };
  let sharePath: string;

  beforeAll(async () => {
    reader = await startFakeOpenAi();
    dataDir = await mkdtemp(join(tmpdir(), 'wp-load-'));
    database = await databaseForTheServer(dataDir);
    const databaseEnv = database.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : { DATABASE_URL: '' };
    server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...databaseEnv, ...fakeOpenAiEnvironment(reader.url) });
    const share = await call(server.url, 'POST', '/api/shares', shareBody(aSharedBill()));
    sharePath = new URL((JSON.parse(share.body) as { url: string }).url, server.url).pathname;
    bareShare = await startBareServer(server.url + sharePath, join(dataDir, 'share-page.html'));
    bareApp = await startBareServer(`${server.url}/app`, join(dataDir, 'app-page.html'));
  });
  afterAll(async () => {
    bareShare?.process.kill('SIGTERM');
    bareApp?.process.kill('SIGTERM');
    await server?.stop();
    await reader?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the share page, usage, balance and scans with no error, and the ledger adds up afterwards', async () => {
    const readers = Array.from({ length: 200 }, (): string => randomUUID());
    // Few scanning ids, so each goes past its free bills; half of them have bought tokens.
    const scanners = Array.from({ length: 8 }, (): string => randomUUID());
    const buyers = new Set(scanners.slice(0, 4));
    for (const id of buyers) await buySmallPackage(server.url, id);
    const image = (await tinyImage('png', 300, 400)).toString('base64');
    const tallies = new Map(scanners.map((id) => [id, { free: 0, token: 0, statuses: {}, unanswered: 0 } as ScanTally]));
    let turn = 0;
    const nextOf = (ids: string[]) => ids[turn++ % ids.length]!;
    const json = { 'content-type': 'application/json', origin: server.url };

    const pages = [
      await measure('bare node:http, the share page bytes', bareShare.url),
      await measure('share page GET /b/{token}', server.url + sharePath),
      await measure('bare node:http, the /app bytes', bareApp.url),
      await measure('app page GET /app', `${server.url}/app`),
    ];
    const endpoints = [
      await measure('GET /api/usage', server.url, { method: 'GET', path: '/api/usage', setupRequest: (r) => ({ ...r, headers: { ...r.headers, 'x-anonymous-id': nextOf(readers) } }) }),
      await measure('POST get-token-balance', server.url, {
        method: 'POST',
        path: '/functions/v1/get-token-balance',
        headers: json,
        setupRequest: (r) => ({ ...r, body: JSON.stringify({ anonymousUserId: nextOf(readers) }) }),
      }),
      await measure('POST analyze-receipt (fake reader)', server.url, {
        method: 'POST',
        path: '/functions/v1/analyze-receipt',
        headers: json,
        setupRequest: (r, context: { id?: string }) => {
          context.id = nextOf(scanners);
          tallies.get(context.id)!.unanswered++;
          return { ...r, body: JSON.stringify({ image, anonymousUserId: context.id }) };
        },
        onResponse: (status, body, context: { id?: string }) => {
          const tally = tallies.get(context.id!)!;
          tally.unanswered--;
          tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
          if (status === 200) tally[(JSON.parse(body) as { paidWith: string }).paidWith === 'token' ? 'token' : 'free']++;
        },
      }),
    ];
    const figures = [...pages, ...endpoints];
    const ratios = [
      { page: 'share page', ofBare: pages[1]!.requestsPerSecond / pages[0]!.requestsPerSecond },
      { page: '/app', ofBare: pages[3]!.requestsPerSecond / pages[2]!.requestsPerSecond },
    ];
    console.log(table(figures, ratios));
    await reportFigures(figures, ratios);

    for (const figure of figures) {
      expect({ target: figure.target, errors: figure.errors, timeouts: figure.timeouts }).toEqual({ target: figure.target, errors: 0, timeouts: 0 });
      expect(Object.keys(figure.statuses).filter((status) => Number(status) >= 500)).toEqual([]);
    }
    for (const figure of [...pages, ...endpoints.slice(0, 2)]) expect(Object.keys(figure.statuses)).toEqual(['200']);
    expect(Object.keys(endpoints[2]!.statuses).filter((s) => !['200', '402', '429'].includes(s))).toEqual([]);
    expect([...tallies.values()].some((t) => t.free + t.token > 0)).toBe(true);

    const balances = new Map<string, number>();
    for (const id of scanners) {
      const answer = await call(server.url, 'POST', '/functions/v1/get-token-balance', { anonymousUserId: id });
      balances.set(id, (JSON.parse(answer.body) as { tokenBalance: { totalTokens: number } }).tokenBalance.totalTokens);
    }
    await server.stop();
    const ledger = await ledgerOf(database.target, scanners);
    const scanned = [...tallies.values()];
    console.log(
      `[load] ledger after the run: ${scanners.length} scanning ids, ${scanned.reduce((n, t) => n + t.free, 0)} scans on free bills and ${scanned.reduce((n, t) => n + t.token, 0)} on tokens, checked against ${database.target.kind}`,
    );
    for (const id of scanners) {
      const tally = tallies.get(id)!;
      const bought = buyers.has(id) ? SMALL_PACKAGE_TOKENS : 0;
      const { settledFree, settledToken, ...rest } = ledger.get(id)!;
      // Every scan answered 200 was settled, and nothing else was but scans still unanswered when
      // the run stopped; the user's counters and balance agree with what was settled.
      expect(settledFree + settledToken - (tally.free + tally.token)).toBeGreaterThanOrEqual(0);
      expect(settledFree + settledToken - (tally.free + tally.token)).toBeLessThanOrEqual(tally.unanswered);
      expect([settledFree >= tally.free, settledToken >= tally.token]).toEqual([true, true]);
      // Scans racing each other never get past the free bills or the tokens bought.
      expect([settledFree <= MAX_FREE_BILLS, settledToken <= bought]).toEqual([true, true]);
      expect({ id, ...rest, apiBalance: balances.get(id) }).toEqual({
        id,
        openReservations: 0,
        billsUsed: settledFree,
        credits: bought,
        tokensSpent: settledToken,
        ledgerSum: bought - settledToken,
        apiBalance: bought - settledToken,
      });
    }
  });
});

async function measure(target: string, url: string, request?: autocannon.Request): Promise<Measured> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...(request ? { requests: [request] } : {}) });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => [status, stat.count ?? 0]));
  return { target, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, statuses, errors: result.errors, timeouts: result.timeouts };
}

interface Ratio {
  readonly page: string;
  /** Its requests per second over the bare server's with the same bytes. */
  readonly ofBare: number;
}

function table(figures: Measured[], ratios: readonly Ratio[]): string {
  const rows = [['target', 'req/s', 'p50 ms', 'p99 ms', 'statuses', 'errors', 'timeouts']];
  for (const f of figures)
    rows.push([
      f.target,
      f.requestsPerSecond.toFixed(0),
      String(f.p50),
      String(f.p99),
      Object.entries(f.statuses)
        .map(([s, n]) => `${s}:${n}`)
        .join(' '),
      String(f.errors),
      String(f.timeouts),
    ]);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const lines = rows.map((r) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`);
  lines.splice(1, 0, `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  const shares = ratios.map((r) => `[load] ${r.page} throughput = ${(r.ofBare * 100).toFixed(1)}% of the bare node:http server`);
  return `[load] ${CONNECTIONS} connections, ${SECONDS} s per target, loopback, request logs on\n${lines.join('\n')}\n${shares.join('\n')}`;
}

/** For `npm run bench`: the figures as rows of its table, when LOAD_FIGURES_FILE names a file. */
async function reportFigures(figures: Measured[], ratios: readonly Ratio[]): Promise<void> {
  const file = process.env.LOAD_FIGURES_FILE;
  if (!file) return;
  const rows = figures.flatMap((f) => [
    { name: `load: ${f.target}`, figure: Math.round(f.requestsPerSecond), unit: 'req/s', note: `${CONNECTIONS} connections, ${SECONDS} s` },
    { name: `load: ${f.target} p50`, figure: f.p50, unit: 'ms', note: '' },
    {
      name: `load: ${f.target} p99`,
      figure: f.p99,
      unit: 'ms',
      note: Object.entries(f.statuses)
        .map(([s, n]) => `${s}:${n}`)
        .join(' '),
    },
  ]);
  for (const r of ratios) rows.push({ name: `load: ${r.page} / bare node:http`, figure: Math.round(r.ofBare * 1000) / 10, unit: '%', note: 'same bytes, same run, request logs on; target ≥ 40%' });
  await writeFile(file, JSON.stringify(rows));
}

async function databaseForTheServer(dataDir: string): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  const postgres = inject('postgres');
  if (postgres.url === null) {
    console.warn(`[load] ${postgres.reason}: the server runs on embedded PGlite`);
    return { target: { kind: 'pglite', dataDir }, drop: async () => undefined };
  }
  const fresh = await createFreshDatabase(postgres.url);
  return { target: { kind: 'postgres', url: fresh.url }, drop: fresh.drop };
}

/** A bare server answering with the bytes and content type the page answered (kept in `bodyFile`). */
async function startBareServer(pageUrl: string, bodyFile: string): Promise<{ url: string; process: ChildProcess }> {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  await writeFile(bodyFile, Buffer.from(await page.arrayBuffer()));
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-server.mjs'), bodyFile, page.headers.get('content-type') ?? 'text/html'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [port] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${port.toString().trim()}/`, process: child };
}

/** Per anonymous id, what the database holds after the run (read once the server has stopped). */
async function ledgerOf(target: DatabaseTarget, ids: string[]) {
  const db = await connectDatabase(target);
  try {
    const result = new Map<string, { openReservations: number; settledFree: number; settledToken: number; billsUsed: number; credits: number; tokensSpent: number; ledgerSum: number }>();
    for (const id of ids) {
      const reservations = await sql<{
        status: string;
        paid_with: string;
        n: number;
      }>`select status, paid_with, count(*)::int as n from scan_reservations where anonymous_user_id = ${id} group by status, paid_with`.execute(db);
      const reservationCount = (status: string, paidWith?: string) =>
        reservations.rows.filter((r) => r.status === status && (paidWith === undefined || r.paid_with === paidWith)).reduce((sum, r) => sum + r.n, 0);
      const bills = await sql<{ n: number }>`select coalesce(sum(bills_used), 0)::int as n from monthly_usage where anonymous_user_id = ${id}`.execute(db);
      const entries = await sql<{
        kind: string;
        n: number;
        total: number;
      }>`select kind, count(*)::int as n, sum(tokens)::int as total from token_ledger where anonymous_user_id = ${id} group by kind`.execute(db);
      const entry = (kind: string) => entries.rows.find((r) => r.kind === kind) ?? { n: 0, total: 0 };
      result.set(id, {
        openReservations: reservationCount('reserved'),
        settledFree: reservationCount('settled', 'free bill'),
        settledToken: reservationCount('settled', 'token'),
        billsUsed: bills.rows[0]!.n,
        credits: entry('credit').total,
        tokensSpent: entry('debit').n - entry('refund').n,
        ledgerSum: entries.rows.reduce((sum, r) => sum + r.total, 0),
      });
    }
    return result;
  } finally {
    await db.destroy();
  }
}
