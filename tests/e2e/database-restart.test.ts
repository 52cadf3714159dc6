import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../../src/server/http/json';
import { aSharedBill, call, smallPackageIntent, testCardPayment, type Answer } from '../support/app-client';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';

/** What the test was told, call by call: writes the server acknowledged must be in the database exactly once. */
interface Acknowledged {
  readonly orders: string[];
  readonly purchases: string[];
  readonly receipts: string[];
}

// The server on a Postgres cluster of its own, which the test stops (cleanly, then as in a crash)
// and starts again while clients keep writing (checkouts, test-mode card payments, stored bills)
// and reading (usage, balance, a stored bill's page).
describe('the database restarted during a load', () => {
  let postgres: ThrowawayPostgres | null = null;
  let server: BuiltServer;
  let dataDir: string;
  let unavailable = '';

  beforeAll(async () => {
    const cluster = await startThrowawayPostgres();
    if ('unavailable' in cluster) {
      unavailable = cluster.unavailable;
      console.warn(`[database restart] skipped: ${unavailable}`);
      return;
    }
    postgres = cluster;
    dataDir = await mkdtemp(join(tmpdir(), 'wp-restart-'));
    // Behind a (pretend) load balancer: each visitor has an address of its own, as on the internet,
    // so per-IP limits on checkouts and stored bills do not turn this load into 429s.
    server = await startBuiltServer({ DATABASE_URL: postgres.url, DATA_DIR: dataDir, TRUSTED_PROXY_HOPS: '1' });
  });
  afterAll(async () => {
    await server?.stop();
    await postgres?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 200, 4xx or 503 with Retry-After throughout, recovers by itself, and keeps every acknowledged write exactly once', async (context) => {
    if (postgres === null) return context.skip(unavailable);
    const cluster = postgres;
    const answers: Answer[] = [];
    const failures: string[] = [];
    const acknowledged: Acknowledged = { orders: [], purchases: [], receipts: [] };
    let running = true;
    const record = async (request: Promise<Answer>): Promise<Answer | null> => {
      try {
        const answer = await request;
        answers.push(answer);
        // A client backs off a little when told to come back later (not the full Retry-After: the outage is short).
        if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
        return answer;
      } catch (error) {
        failures.push(String(error));
        return null;
      }
    };

    let visitors = 0;
    async function client(): Promise<void> {
      while (running) {
        const buyer = randomUUID();
        const from = { from: `198.18.${(visitors >> 8) & 255}.${visitors++ & 255}` };
        const intent = await record(call(server.url, 'POST', '/functions/v1/create-payment-intent', smallPackageIntent(buyer), from));
        if (intent?.status === 200) {
          const { id, client_secret } = JSON.parse(intent.body) as { id: string; client_secret: string };
          acknowledged.orders.push(id);
          const paid = await record(call(server.url, 'POST', '/api/test-mode/card', testCardPayment(client_secret), from));
          if (paid?.status === 200 && paid.body.includes('"succeeded"')) acknowledged.purchases.push(buyer);
        }
        const stored = await record(call(server.url, 'POST', '/api/receipts', aSharedBill(), from));
        if (stored?.status === 201) {
          const { receiptId, diners } = JSON.parse(stored.body) as { receiptId: string; diners: { dinerId: string }[] };
          acknowledged.receipts.push(receiptId);
          await record(call(server.url, 'GET', `/r/${receiptId}/${diners[0]!.dinerId}`, undefined, from));
        }
        await record(call(server.url, 'GET', '/api/usage', undefined, { ...from, anonymousId: buyer }));
        await record(call(server.url, 'POST', '/functions/v1/get-token-balance', { anonymousUserId: buyer }, from));
      }
    }

    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const clients = [client(), client(), client()];
    await pause(1500);
    for (const mode of ['fast', 'immediate'] as const) {
      await cluster.stop(mode);
      await pause(2500);
      await cluster.start();
      const before = acknowledged.orders.length;
      await waitFor(() => acknowledged.orders.length > before + 2, `writes after the ${mode} restart`);
    }
    running = false;
    await Promise.all(clients);

    const statuses = count(answers.map((a) => a.status));
    console.log(
      `[database restart] answers by status: ${JSON.stringify(statuses)}; acknowledged: ${acknowledged.orders.length} checkouts, ${acknowledged.purchases.length} payments, ${acknowledged.receipts.length} stored bills`,
    );
    expect(failures).toEqual([]);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503).map((a) => `${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
    const refusals = answers.filter((a) => a.status === 503);
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      // A diner's page (/r/…) is a page: it says the documents' 'Failed to load receipt' in HTML.
      if (refusal.headers.get('content-type')?.startsWith('text/html')) {
        expect(refusal.body).toContain('Failed to load receipt');
        continue;
      }
      expect(JSON.parse(refusal.body)).toEqual({ error: UNAVAILABLE_MESSAGE });
      expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    try {
      const counts = async (query: string, keys: string[]) => (await db.query<{ key: string; n: number }>(query, [keys])).rows;
      const exactlyOnce = (rows: { key: string; n: number }[], keys: string[]) =>
        expect(Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]))).toEqual(Object.fromEntries(keys.map((k) => [k, 1])));
      exactlyOnce(await counts('select provider_ref as key, count(*) as n from payment_orders where provider_ref = any($1) group by provider_ref', acknowledged.orders), acknowledged.orders);
      exactlyOnce(await counts('select id as key, count(*) as n from receipts where id = any($1) group by id', acknowledged.receipts), acknowledged.receipts);
      exactlyOnce(
        await counts(
          "select anonymous_user_id::text as key, count(*) as n from token_ledger where kind = 'credit' and anonymous_user_id = any($1::uuid[]) group by anonymous_user_id",
          acknowledged.purchases,
        ),
        acknowledged.purchases,
      );
      // A payment whose answer was lost in the outage may or may not be credited, but never twice.
      const doubled = await db.query("select anonymous_user_id from token_ledger where kind = 'credit' group by anonymous_user_id having count(*) > 1");
      expect(doubled.rows).toEqual([]);
    } finally {
      await db.end();
    }
  });
});

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function count(values: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
