// The figures of main before issue 19 (commit 3d2670a), recorded on the development machine (2
// cores shared with other work, so timings swing by 2x and more between runs: compare within one
// run where a benchmark offers it, such as the share page against the bare server). Printed beside
// each figure by `npm run bench` and `npm run bench:ledger`; update them when a change lands.
// - links, receipts, bundle, load: `npm run bench` at 14:19, load average about 2.
// - ledger: bench-ledger.ts (with its 0 and 1,000 prior-entry cases) run against 3d2670a's adapters
//   at 15:06, load average about 20.
// - lighthouse: bench-lighthouse.mjs (with its /b/ page) at 14:57, load average about 20; /app
//   scored 68 in another run minutes before, and 91–97 when issue 19 was filed.

export const BASELINE_LABEL = 'baseline (main 3d2670a)';

/** @type {Record<string, number>} */
const BASELINE = {
  'links 2x4: signed /b/': 147,
  'links 4x10: signed /b/': 237,
  'links 8x20: signed /b/': 380,
  'links 8x40: signed /b/': 503,
  'ledger PGlite: sequential, 100 users, 0 prior entries': 64,
  'ledger PGlite: 16 in flight, 100 users, 0 prior entries': 39,
  'ledger PGlite: sequential, 100 users, 1,000 prior entries': 28,
  'ledger PGlite: 16 in flight, 100 users, 1,000 prior entries': 63,
  'ledger PGlite: 16 in flight, 1 user (row lock contention)': 58,
  'ledger Postgres: sequential, 100 users, 0 prior entries': 56,
  'ledger Postgres: 16 in flight, 100 users, 0 prior entries': 188,
  'ledger Postgres: sequential, 100 users, 1,000 prior entries': 62,
  'ledger Postgres: 16 in flight, 100 users, 1,000 prior entries': 229,
  'ledger Postgres: 16 in flight, 1 user (row lock contention)': 77,
  'ledger Postgres: reference, one-row durable commits, sequential': 131,
  'receipts: wildreceipt item F1': 0.818,
  'receipts: total found, all': 80.6,
  'receipts: median time per image': 1118,
  'bundle: JavaScript shipped by /app, gzip': 112657,
  'bundle: loaded on demand by /app, gzip': 0,
  'load: bare node:http, the share page bytes': 27418,
  'load: share page GET /b/{token}': 985,
  'load: share page GET /b/{token} p50': 7,
  'load: share page GET /b/{token} p99': 37,
  'load: GET /api/usage': 1163,
  'load: POST get-token-balance': 1053,
  'load: POST analyze-receipt (fake reader)': 1287,
  'load: share page / bare node:http': 3.6,
  'lighthouse /: performance': 100,
  'lighthouse /app: performance': 86,
  'lighthouse /privacy-policy: performance': 100,
  'lighthouse /b/: performance': 100,
  'lighthouse /: JS transfer': 5282,
  'lighthouse /app: JS transfer': 114707,
  'lighthouse /b/: JS transfer': 0,
};

/**
 * The recorded figure for a row of the bench table, or undefined when there is none.
 * @param {string} name
 * @returns {number | undefined}
 */
export const baselineOf = (name) => BASELINE[name];
