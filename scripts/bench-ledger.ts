// Reservations per second against PGlite and the real Postgres: `npm run bench:ledger`.
// One Node process (one core for our code; Postgres runs in its own server process). It prints
// figures and never fails on timing. BENCH_SECONDS sets each case's length (default 5),
// BENCH_DATABASE_URL the Postgres server (default the local test server; skipped if unreachable).
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../adapters/postgres/connect';
import type { Database } from '../adapters/postgres/database';
import { migrateToLatest } from '../adapters/postgres/migrate';
import { PostgresScanAllowance } from '../adapters/postgres/postgres-scan-allowance';
import { PostgresTokenCredits } from '../adapters/postgres/postgres-token-credits';
import { systemClock } from '../adapters/system-clock';
import { pence } from '../domain/money';
import { migrations } from '../migrations';
import { emitRows, say } from './bench-output.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Case {
  readonly name: string;
  readonly users: number;
  readonly concurrency: number;
}

const figures: { name: string; figure: number | string; unit: string; note: string }[] = [];

const CASES: Case[] = [
  { name: 'sequential, 100 users', users: 100, concurrency: 1 },
  { name: '16 in flight, 100 users', users: 100, concurrency: 16 },
  { name: '16 in flight, 1 user (row lock contention)', users: 1, concurrency: 16 },
];

async function runCase(db: Kysely<Database>, c: Case): Promise<{ perSecond: number; cpuMsEach: number; refused: number }> {
  const allowance = new PostgresScanAllowance(db, systemClock);
  const credits = new PostgresTokenCredits(db, systemClock);
  const users = Array.from({ length: c.users }, () => randomUUID());
  // Enough tokens that every reservation succeeds: the case measures the paying path, not refusals.
  for (const id of users) await credits.creditConfirmedPayment({ anonymousUserId: id, tokens: 1_000_000, amountPence: pence(0), currency: 'GBP', provider: 'test', providerPaymentId: `bench_${id}` });
  let done = 0;
  let refused = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: c.concurrency }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i += c.concurrency) {
        const result = await allowance.reserve(users[i % users.length]!);
        if (result.ok) done++;
        else refused++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return { perSecond: done / ((performance.now() - started) / 1000), cpuMsEach: (cpu.user + cpu.system) / 1000 / Math.max(1, done), refused };
}

async function bench(label: string, db: Kysely<Database>): Promise<void> {
  const migrated = await migrateToLatest(db, migrations);
  if (!migrated.ok) throw new Error(`migration ${migrated.failed} failed`, { cause: migrated.error });
  for (const c of CASES) {
    const { perSecond, cpuMsEach, refused } = await runCase(db, c);
    say(
      `${label.padEnd(9)} | ${c.name.padEnd(42)} | ${perSecond.toFixed(0).padStart(6)} reservations/s | ${cpuMsEach.toFixed(2).padStart(5)} ms Node CPU each${refused ? ` | ${refused} refused!` : ''}`,
    );
    figures.push({
      name: `ledger ${label}: ${c.name}`,
      figure: Math.round(perSecond),
      unit: 'reservations/s',
      note: `${cpuMsEach.toFixed(2)} ms Node CPU each, ${SECONDS} s${refused ? `, ${refused} refused!` : ''}`,
    });
  }
}

async function withThrowawayPostgres(run: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    figures.push({ name: 'ledger Postgres', figure: 'skipped', unit: '', note: `${POSTGRES} not reachable` });
    say(`Postgres  | skipped: ${POSTGRES} is not reachable (${error instanceof Error ? error.message : error})`);
    return;
  }
  const name = `wp_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  const db = await connectDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await run(db);
  } finally {
    await db.destroy();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

say(
  `Scan reservations (reserve: row lock, free-bill counter or ledger debit), ${SECONDS} s per case, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
);
const pglite = await connectDatabase({ kind: 'pglite', dataDir: null });
await bench('PGlite', pglite);
await pglite.destroy();
await withThrowawayPostgres((db) => bench('Postgres', db));
emitRows(figures);
