import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { openPostgres, postgresUnavailable, type TestDatabase } from '../support/databases';
import { tinyImage } from '../support/images';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`[integration] anonymous ids at the edge on Postgres skipped (PGlite still runs): ${unavailable}`);

const NOT_IDS = ['device-1', 'x'.repeat(36), '3f2b8a4e-8a1b-4c3d-9e0f-123456789abz', "1' or '1'='1"];
const NOT_BILL_IDS = ['NOT-VALID', 'x'.repeat(61), "1' or '1'='1", 'a b'];

type Call = { readonly name: string; readonly send: (server: BuiltServer, id: string) => Promise<Response> };

const postJson = (server: BuiltServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Every endpoint that meters or credits, with a body that is right but for the id. */
async function meteredCalls(): Promise<Call[]> {
  const image = (await tinyImage('png')).toString('base64');
  return [
    { name: 'analyze-receipt (body)', send: (s, id) => postJson(s, '/functions/v1/analyze-receipt', { image, anonymousUserId: id }) },
    { name: 'analyze-receipt (header)', send: (s, id) => postJson(s, '/functions/v1/analyze-receipt', { image }, { 'x-anonymous-id': id }) },
    { name: 'get-token-balance', send: (s, id) => postJson(s, '/functions/v1/get-token-balance', { anonymousUserId: id }) },
    {
      name: 'store-token-purchase',
      send: (s, id) => postJson(s, '/functions/v1/store-token-purchase', { anonymousUserId: id, tokens: 25, amount: 5.99, paymentId: 'pi_123', provider: 'stripe' }),
    },
    { name: 'create-payment-intent', send: (s, id) => postJson(s, '/functions/v1/create-payment-intent', { metadata: { type: 'package', package: 'medium', anonymousUserId: id } }) },
    { name: 'paypal orders', send: (s, id) => postJson(s, '/api/paypal/orders', { type: 'package', package: 'medium', anonymousUserId: id }) },
    { name: 'usage', send: (s, id) => fetch(`${s.url}/api/usage`, { headers: { 'x-anonymous-id': id } }) },
    { name: 'recovery', send: (s, id) => postJson(s, '/api/recovery', { anonymousUserId: id }) },
    { name: 'recovery-code', send: (s, id) => postJson(s, '/api/recovery-code', { anonymousUserId: id }) },
    { name: 'recovery-code revoke', send: (s, id) => postJson(s, '/api/recovery-code/revoke', { anonymousUserId: id }) },
  ];
}

/**
 * An anonymous id that is not a UUID is refused where it comes in, on every endpoint that meters,
 * with a 400 naming the field: it never reaches the database (where Postgres would reject it with
 * an error, and the embedded database would store it).
 */
describe.each([
  { name: 'Postgres', skip: unavailable !== null },
  { name: 'PGlite', skip: false },
])('anonymous ids at the edge on $name', ({ name, skip }) => {
  let server: BuiltServer;
  let database: TestDatabase | null = null;
  let dataDir: string;
  let calls: Call[];

  beforeAll(async () => {
    if (skip) return;
    dataDir = await mkdtemp(join(tmpdir(), 'wp-ids-'));
    database = name === 'Postgres' ? await openPostgres() : null;
    server = await startBuiltServer({ DATABASE_URL: database?.url ?? '', DATA_DIR: dataDir, SHARE_SIGNING_KEYS: `k1:${'i'.repeat(40)}` });
    calls = await meteredCalls();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(skip)('answers 400 naming the field for a bill id or diner id in the path that is no id at all', async () => {
    const organiser = { 'x-organiser-secret': 'abcdefghjkmnpqrstuvwxyz2345' };
    const pathCalls: { readonly field: string; readonly send: (id: string) => Promise<Response> }[] = [
      { field: 'billId', send: (id) => postJson(server, `/api/live-bills/${id}/commands`, { key: 'k'.repeat(22), command: { type: 'lock' } }) },
      { field: 'billId', send: (id) => fetch(`${server.url}/api/live-bills/${id}/events?key=${'k'.repeat(22)}`) },
      { field: 'receiptId', send: (id) => fetch(`${server.url}/api/bills/${id}/payments`, { headers: organiser }) },
      { field: 'receiptId', send: (id) => fetch(`${server.url}/api/bills/${id}/payments/abcdefgh`, { method: 'PUT', headers: organiser }) },
      { field: 'dinerId', send: (id) => fetch(`${server.url}/api/bills/abcdefghjkmnpq/payments/${id}`, { method: 'DELETE', headers: organiser }) },
    ];
    for (const call of pathCalls) {
      for (const id of NOT_BILL_IDS) {
        const response = await call.send(encodeURIComponent(id));
        expect({ field: call.field, id, status: response.status, body: await response.json() }).toEqual({
          field: call.field,
          id,
          status: 400,
          body: { error: `${call.field} is not a valid id`, code: 'invalid_id', field: call.field },
        });
      }
    }
  });

  it.skipIf(skip)('answers 400 naming anonymousUserId for each malformed id on each metered endpoint', async () => {
    for (const call of calls) {
      for (const id of NOT_IDS) {
        const response = await call.send(server, id);
        expect({ call: call.name, id, status: response.status, body: await response.json() }).toEqual({
          call: call.name,
          id,
          status: 400,
          body: { error: 'anonymousUserId must be a UUID', code: 'invalid_anonymous_id' },
        });
      }
    }
  });
});
