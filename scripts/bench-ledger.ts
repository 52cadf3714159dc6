// Reservations per second against PGlite and the real Postgres: `npm run bench:ledger`.
// One Node process (one core for our code; Postgres runs in its own server process). It prints
// figures and never fails on timing. BENCH_SECONDS sets each case's length (default 5),
// BENCH_DATABASE_URL the Postgres server (default the local test server; skipped if unreachable),
// DATABASE_POOL_SIZE the pool as the server reads it. On Postgres it also runs pgbench (when
// installed) with 1 and 16 clients on the same database, and prints each rate beside pgbench's.
import { spawnSync } from 'node:child_process';
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../adapters/postgres/connect';
import type { Database } from '../adapters/postgres/database';
import { migrateToLatest } from '../adapters/postgres/migrate';
import { PostgresScanAllowance } from '../adapters/postgres/postgres-scan-allowance';
import { PostgresScanCredits } from '../adapters/postgres/postgres-scan-credits';
import { systemClock } from '../adapters/system-clock';
import { minorUnits } from '../domain/money';
import { migrations } from '../migrations';
import { readConfig } from '../src/server/config';
import { baselineOf } from './bench-baselines.mjs';
import { emitRows, say } from './bench-output.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Case {
  readonly name: string;
  readonly users: number;
  readonly concurrency: number;
  /** Ledger entries each user already has before the case starts (a debit and its refund per past scan). */
  readonly history: number;
}

const figures: { name: string; figure: number | string; unit: string; note: string }[] = [];

// The same two cases with no history and with 1,000 past entries per user: a reservation's cost
// must not grow with the user's history.
const CASES: Case[] = [
  { name: 'sequential, 100 users, 0 prior entries', users: 100, concurrency: 1, history: 0 },
  { name: '16 in flight, 100 users, 0 prior entries', users: 100, concurrency: 16, history: 0 },
  { name: 'sequential, 100 users, 1,000 prior entries', users: 100, concurrency: 1, history: 1000 },
  { name: '16 in flight, 100 users, 1,000 prior entries', users: 100, concurrency: 16, history: 1000 },
  { name: '16 in flight, 1 user (row lock contention)', users: 1, concurrency: 16, history: 0 },
];

async function runCase(db: Kysely<Database>, c: Case): Promise<{ perSecond: number; cpuMsEach: number; refused: number }> {
  const allowance = new PostgresScanAllowance(db, systemClock);
  const credits = new PostgresScanCredits(db, systemClock);
  const users = Array.from({ length: c.users }, () => randomUUID());
  // Enough tokens that every reservation succeeds: the case measures the paying path, not refusals.
  for (const id of users)
    await credits.creditConfirmedPayment({ anonymousUserId: id, tokens: 1_000_000, amountPence: minorUnits(0), currency: 'GBP', provider: 'test', providerPaymentId: `bench_${id}` });
  if (c.history > 0) await addHistory(db, users, c.history);
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

/**
 * Past scans that were debited and refunded: `entries` ledger entries per user and half as many
 * closed reservations, written in one statement. The balance is unchanged (each pair sums to zero).
 */
async function addHistory(db: Kysely<Database>, users: string[], entries: number): Promise<void> {
  await sql`
    with past as (
      insert into scan_reservations (id, anonymous_user_id, paid_with, month_start, status, reserved_at, closed_at)
      select gen_random_uuid(), u, 'token', '2026-01-01', 'refunded', now() - interval '1 day', now() - interval '1 day'
      from unnest(${users}::uuid[]) as u, generate_series(1, ${entries / 2}::integer)
      returning id, anonymous_user_id)
    insert into token_ledger (anonymous_user_id, kind, tokens, reservation_id, created_at)
    select anonymous_user_id, entry.kind, entry.tokens, id, now() - interval '1 day'
    from past, (values ('debit', -1), ('refund', 1)) as entry (kind, tokens)`.execute(db);
  // As autovacuum would have by then: statistics and the visibility map of a settled table.
  await sql`vacuum analyze`.execute(db);
}

/**
 * The server's ceiling for anything that commits one at a time: one-row inserts, each its own
 * durable commit, one after another. A sequential reservation cannot beat it.
 */
async function commitCeiling(db: Kysely<Database>): Promise<number> {
  await sql`create table bench_commits (n integer)`.execute(db);
  let done = 0;
  const started = performance.now();
  while (performance.now() - started < SECONDS * 1000) {
    await sql`insert into bench_commits values (1)`.execute(db);
    done++;
  }
  return done / ((performance.now() - started) / 1000);
}

async function bench(label: string, db: Kysely<Database>, url?: string): Promise<void> {
  const migrated = await migrateToLatest(db, migrations);
  if (!migrated.ok) throw new Error(`migration ${migrated.failed} failed`, { cause: migrated.error });
  const rates = new Map<Case, number>();
  for (const c of CASES) {
    const { perSecond, cpuMsEach, refused } = await runCase(db, c);
    rates.set(c, perSecond);
    const name = `ledger ${label}: ${c.name}`;
    say(
      `${label.padEnd(9)} | ${c.name.padEnd(46)} | ${perSecond.toFixed(0).padStart(6)} reservations/s | ${cpuMsEach.toFixed(2).padStart(5)} ms Node CPU each | baseline ${String(baselineOf(name) ?? '-').padStart(5)}${refused ? ` | ${refused} refused!` : ''}`,
    );
    figures.push({ name, figure: Math.round(perSecond), unit: 'reservations/s', note: `${cpuMsEach.toFixed(2)} ms Node CPU each, ${SECONDS} s${refused ? `, ${refused} refused!` : ''}` });
  }
  if (label !== 'Postgres') return;
  const ceiling = await commitCeiling(db);
  say(`${label.padEnd(9)} | ${'reference: one-row durable commits, sequential'.padEnd(46)} | ${ceiling.toFixed(0).padStart(6)} commits/s      | the disk's limit for sequential reservations`);
  figures.push({ name: `ledger ${label}: reference, one-row durable commits, sequential`, figure: Math.round(ceiling), unit: 'commits/s', note: 'the ceiling of any sequential write' });
  if (url !== undefined) comparePgbench(url, rates);
}

/** Sequential reservations beside pgbench with 1 client, 16 in flight beside 16 clients (no history, 100 users). */
function comparePgbench(url: string, rates: ReadonlyMap<Case, number>): void {
  const init = spawnSync('pgbench', ['-i', '-q', '-s', '1', url], { encoding: 'utf8' });
  if (init.status !== 0) {
    say(`Postgres  | pgbench skipped: ${init.error?.message ?? init.stderr.trim().split('\n').at(-1)}`);
    return;
  }
  for (const [clients, c] of [
    [1, CASES[0]!],
    [16, CASES[1]!],
  ] as const) {
    const run = spawnSync('pgbench', ['-n', '-c', String(clients), '-j', String(Math.min(clients, availableParallelism())), '-T', String(SECONDS), url], { encoding: 'utf8' });
    const tps = Number(/tps = ([\d.]+)/.exec(run.stdout)?.[1] ?? NaN);
    const ratio = rates.get(c)! / tps;
    say(
      `Postgres  | ${`reference: pgbench TPC-B-like, ${clients} client${clients > 1 ? 's' : ''}`.padEnd(46)} | ${tps.toFixed(0).padStart(6)} transactions/s | '${c.name}' at ${ratio.toFixed(2)} of it`,
    );
    figures.push({ name: `ledger Postgres: ${c.name} / pgbench ${clients}`, figure: Number(ratio.toFixed(2)), unit: 'ratio', note: `pgbench ${tps.toFixed(0)} transactions/s, ${SECONDS} s` });
  }
}

async function withThrowawayPostgres(run: (db: Kysely<Database>, url: string) => Promise<void>): Promise<void> {
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
  const config = readConfig({ DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE });
  if (!config.ok || config.config.database.kind !== 'postgres') throw new Error(`invalid configuration: ${config.ok ? 'not Postgres' : config.problems.join(', ')}`);
  const db = await connectDatabase(config.config.database);
  say(`Postgres  | pool of ${config.config.database.poolSize} connections (DATABASE_POOL_SIZE)`);
  try {
    await run(db, url.toString());
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
await withThrowawayPostgres((db, url) => bench('Postgres', db, url));
emitRows(figures);
