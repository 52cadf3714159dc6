import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { openPostgres, postgresUnavailable, type TestDatabase } from '../support/databases';
import { openEventStream } from '../support/event-stream';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { aTableBill, liveOpenBody, billOnPhone } from '../support/live-bills';
import { shareBody } from '../support/share-packets';

const WEBHOOK_SECRET = 'whsec_two_processes';
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`[integration] two server processes on one Postgres skipped: ${unavailable}`);

/**
 * The deployment of docs/operations.md "Deployment": two built app processes (each with its own data directory,
 * nothing shared but the environment) behind a load balancer, on one Postgres of their own.
 */
describe.skipIf(unavailable !== null)('two server processes on one Postgres', () => {
  let database: TestDatabase;
  let stripe: FakeStripe;
  let servers: BuiltServer[];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await openPostgres();
    stripe = await startFakeStripe();
    const shared = {
      DATABASE_URL: database.url!,
      SHARE_SIGNING_KEYS: `k1:${'s'.repeat(40)}`,
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: stripe.url,
      TRUSTED_PROXY_HOPS: '1', // the test plays the load balancer, naming the client in X-Forwarded-For
    };
    for (let i = 0; i < 2; i++) dataDirs.push(await mkdtemp(join(tmpdir(), `wp-two-${i}-`)));
    servers = await Promise.all(dataDirs.map((dir) => startBuiltServer({ ...shared, DATA_DIR: dir })));
  }, 120_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await stripe?.close();
    await database?.close();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const post = (server: BuiltServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('counts one client address across both processes', async () => {
    const client = { 'x-forwarded-for': '203.0.113.50' };
    const statuses: number[] = [];
    // The limiter counts in fixed hourly windows (adapters/postgres/postgres-rate-limiter.ts): attempts
    // that straddle the top of the hour are counted in two windows, so start afresh in the next one.
    const leftThisHour = 3_600_000 - (Date.now() % 3_600_000);
    if (leftThisHour < 60_000) await new Promise((resolve) => setTimeout(resolve, leftThisHour + 1000));
    // 20 recovery attempts per address an hour, alternating between the processes.
    for (let i = 0; i < 20; i++) statuses.push((await post(servers[i % 2]!, '/api/recovery', { anonymousUserId: randomUUID(), recoveryCode: 'ABCD-EFGH-JKMN-PQRS' }, client)).status);
    expect(statuses.every((s) => s === 404)).toBe(true);
    for (const server of servers) {
      const refused = await post(server, '/api/recovery', { anonymousUserId: randomUUID(), recoveryCode: 'ABCD-EFGH-JKMN-PQRS' }, client);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Too many recovery attempts/), code: 'rate_limited' });
    }
    const otherClient = await post(servers[1]!, '/api/recovery', { anonymousUserId: randomUUID(), recoveryCode: 'ABCD-EFGH-JKMN-PQRS' }, { 'x-forwarded-for': '198.51.100.7' });
    expect(otherClient.status).toBe(404);
  }, 150_000);

  it('opens on one process a share link signed by the other', async () => {
    const created = await post(servers[0]!, '/api/shares', shareBody({ diners: [{ id: 'a', name: 'Ann' }], items: [{ name: 'Soup', pricePence: 650, assignedTo: ['a'] }], tipPence: 100 }));
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const opened = await fetch(`${servers[1]!.url}/api/shares/${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ bill: { diners: [{ name: 'Ann' }], items: [{ name: 'Soup', pricePence: 650 }], tipPence: 100 } });
  });

  it('credits a payment once when both processes receive its webhook, twice each', async () => {
    const anonymousUserId = randomUUID();
    const intent = await post(servers[0]!, '/functions/v1/create-payment-intent', { metadata: { type: 'package', package: 'medium', anonymousUserId } });
    expect(intent.status).toBe(200);
    const { id } = (await intent.json()) as { id: string };
    stripe.cardOutcome(id, 'succeeded');
    const payload = JSON.stringify({ id: `evt_${id}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id, object: 'payment_intent' } } }, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const deliveries = [...servers, ...servers].map((server) =>
      fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload }),
    );
    expect((await Promise.all(deliveries)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const server of servers) {
      const balance = await post(server, '/functions/v1/get-token-balance', { anonymousUserId });
      expect(await balance.json()).toEqual({ tokenBalance: { totalTokens: 25 } });
    }
  });

  it('shows a claim sent to one process on a phone watching the live bill through the other, and catches a reconnecting phone up', async () => {
    const opened = await post(servers[0]!, '/api/live-bills', liveOpenBody(aTableBill().build()));
    expect(opened.status).toBe(201);
    const { billId, tableKey } = (await opened.json()) as { billId: string; tableKey: string };
    const events = (server: BuiltServer, headers: Record<string, string> = {}) => openEventStream(`${server.url}/api/live-bills/${billId}/events?key=${tableKey}`, headers);
    const phone = await events(servers[1]!);
    expect(phone.status).toBe(200);
    await phone.next((e) => e.event === 'bill' && e.id === '0');

    const joined = await post(servers[0]!, `/api/live-bills/${billId}/commands`, { key: tableKey, command: { type: 'join', dinerId: 'ann' } });
    const { joined: ann } = (await joined.json()) as { joined: { dinerKey: string } };
    const claimed = await post(servers[0]!, `/api/live-bills/${billId}/commands`, { key: ann.dinerKey, command: { type: 'claim', itemId: 'soup', unit: 0, dinerId: 'ann', claimed: true } });
    expect(claimed.status).toBe(200);
    // Once the process has a version of the bill, the next comes as the change that made it, a few dozen bytes.
    expect(await billOnPhone(phone, 2)).toMatchObject({ version: 2, claims: [['soup', 0, 'ann']] });
    expect(phone.events.find((e) => e.id === '2')).toMatchObject({ event: 'change', data: expect.stringMatching(/^\{"type":"claim".{0,120}\}$/) });
    phone.close();

    // Back after missing version 2: it is sent the bill as it is now, and nothing older.
    const back = await events(servers[0]!, { 'last-event-id': '1' });
    const caughtUp = await back.next((e) => e.event === 'bill');
    expect(caughtUp.id).toBe('2');
    back.close();
    // Claims by someone else's key are refused, and change nothing.
    const forged = await post(servers[1]!, `/api/live-bills/${billId}/commands`, { key: ann.dinerKey, command: { type: 'claim', itemId: 'soup', unit: 0, dinerId: 'bob', claimed: true } });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ error: 'You can only change your own items', code: 'forbidden' });
  });
});
