import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../../support/databases';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe';
import type { Services } from '../../../src/server/services';
import { anAnonymousId } from '../../support/builders';
import type { AnonymousId } from '../../../domain/anonymous-id';

const SECRET = 'whsec_route_test_secret';

// The real routes, on the real composition root (the ledger's TokenCredits on embedded PGlite, and
// on a real Postgres where concurrent deliveries truly overlap), with Stripe keys pointing the
// official SDK at a local fake: what Stripe's servers would send, byte for byte.
describeEachDatabase('POST /api/webhooks/stripe and /functions/v1/create-payment-intent', (open) => {
  let fake: FakeStripe;
  let dataDir: string;
  let database: TestDatabase;
  let routes: {
    webhook: (ctx: APIContext) => Promise<Response>;
    createIntent: (ctx: APIContext) => Promise<Response>;
    status: (ctx: APIContext) => Promise<Response>;
  };
  let services: Services;

  beforeAll(async () => {
    fake = await startFakeStripe();
    dataDir = await mkdtemp(join(tmpdir(), 'wp-pay-'));
    database = await open();
    // Stubbed, and given back after the suite: a server another file starts inherits this process's variables.
    for (const [name, value] of Object.entries({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE_URL: fake.url,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
    }))
      vi.stubEnv(name, value);
    // A fresh composition root per database: services() builds it once per module instance.
    vi.resetModules();
    routes = {
      webhook: (await import('../../../src/pages/api/webhooks/stripe')).POST as never,
      createIntent: (await import('../../../src/pages/functions/v1/create-payment-intent')).POST as never,
      status: (await import('../../../src/pages/api/payments/[ref]')).GET as never,
    };
    services = await (await import('../../../src/server/container/app')).services();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await services.close();
    await database.close();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const context = (request: Request, params: Record<string, string> = {}) => ({ request, params, locals: { services: async () => services } }) as unknown as APIContext;
  const deliver = (body: string, signature: string) =>
    routes.webhook(context(new Request('http://localhost/api/webhooks/stripe', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body })));
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
  // Stripe's own serialisation: pretty-printed, so re-serialising it changes the bytes.
  const eventFor = (id: string) => JSON.stringify({ id: `evt_${id}`, object: 'event', type: 'payment_intent.succeeded', data: { object: { id, object: 'payment_intent' } } }, null, 2);
  // Each purchase is made by its own anonymous id, so its balance counts its credits (25 tokens each)
  // on the ledger's Postgres TokenCredits.
  const buyers = new Map<string, AnonymousId>();
  const creditsFor = async (ref: string) => (await services.metering.balance(buyers.get(ref)!)) / 25;

  async function buy(pkg = 'medium'): Promise<string> {
    const anonymousUserId = anAnonymousId();
    const response = await routes.createIntent(
      context(
        new Request('http://localhost/functions/v1/create-payment-intent', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            amount: 599,
            currency: 'gbp',
            description: '25 Premium Tokens',
            metadata: { type: 'package', package: pkg, tokens: pkg === 'medium' ? 25 : undefined, anonymousUserId },
          }),
        }),
      ),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { client_secret: string; id: string };
    expect(body.client_secret).toBe(`${body.id}_secret_fake`);
    buyers.set(body.id, anonymousUserId);
    return body.id;
  }

  it('create-payment-intent answers the documents errors as JSON 4xx', async () => {
    const post = (body: string, type = 'application/json') =>
      routes.createIntent(context(new Request('http://localhost/functions/v1/create-payment-intent', { method: 'POST', headers: { 'content-type': type }, body })));
    const invalid = await post(JSON.stringify({ amount: 1, currency: 'gbp', metadata: { type: 'package', package: 'medium', anonymousUserId: randomUUID() } }));
    expect([invalid.status, await invalid.json()]).toEqual([400, { error: 'Invalid package selected', code: 'invalid_package' }]);
    const unknown = await post(JSON.stringify({ metadata: { type: 'package', package: 'gigantic', anonymousUserId: randomUUID() } }));
    expect([unknown.status, await unknown.json()]).toEqual([400, { error: 'Invalid package selected', code: 'invalid_package' }]);
    expect((await post('{not json')).status).toBe(400);
    expect((await post('{}')).status).toBe(400);
    expect((await post('x', 'text/plain')).status).toBe(415);
  });

  it('the same signed event delivered 3 times concurrently credits once (repeated over many purchases)', async () => {
    const purchases = 20;
    let creditedTwice = 0;
    for (let i = 0; i < purchases; i++) {
      const ref = await buy();
      fake.cardOutcome(ref, 'succeeded');
      const payload = eventFor(ref);
      const signature = sign(payload);
      const responses = await Promise.all([deliver(payload, signature), deliver(payload, signature), deliver(payload, signature)]);
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
      if ((await creditsFor(ref)) > 1) creditedTwice++;
      expect(await creditsFor(ref)).toBe(1);
    }
    console.log(`[${database.url ? 'Postgres' : 'PGlite'}] duplicate deliveries credited twice: ${creditedTwice} of ${purchases} purchases (3 concurrent deliveries each)`);
  });

  it('a webhook racing the return page credits once; the page only ever shows the verified state', async () => {
    const ref = await buy();
    fake.cardOutcome(ref, 'succeeded');
    const payload = eventFor(ref);
    const page = () => routes.status(context(new Request(`http://localhost/api/payments/${ref}`), { ref })).then((r) => r.json() as Promise<{ status: string }>);
    const [before, , during] = await Promise.all([page(), deliver(payload, sign(payload)), page()]);
    expect(['pending', 'succeeded']).toContain(before.status);
    expect(['pending', 'succeeded']).toContain(during.status);
    expect(await page()).toEqual({ status: 'succeeded', tokens: 25, balance: 25, credited: true, paymentId: ref });
    expect(await creditsFor(ref)).toBe(1);
  });

  it.each([
    ['a flipped body byte', (p: string) => ({ body: p.replace('"payment_intent.succeeded"', '"payment_intent.succeedeD"'), signature: sign(p) })],
    ['a stale timestamp', (p: string) => ({ body: p, signature: sign(p, { timestamp: Math.floor(Date.now() / 1000) - 600 }) })],
    ['a wrong secret', (p: string) => ({ body: p, signature: sign(p, { secret: 'whsec_someone_else' }) })],
    ['a re-serialised body', (p: string) => ({ body: JSON.stringify(JSON.parse(p)), signature: sign(p) })],
    ['no signature', (p: string) => ({ body: p, signature: '' })],
  ])('%s is rejected with 400 and no ledger entry', async (_name, tamper) => {
    const ref = await buy();
    fake.cardOutcome(ref, 'succeeded');
    const { body, signature } = tamper(eventFor(ref));
    const response = await deliver(body, signature);
    expect([response.status, await response.json()]).toEqual([400, { error: 'Invalid signature', code: 'invalid_signature' }]);
    expect(await creditsFor(ref)).toBe(0);
  });

  it('a failure after success changes nothing', async () => {
    const ref = await buy();
    fake.cardOutcome(ref, 'succeeded');
    const ok = eventFor(ref);
    await deliver(ok, sign(ok));
    const balance = await services.metering.balance(buyers.get(ref)!);
    fake.cardOutcome(ref, 'canceled');
    const failed = JSON.stringify({ id: `evt_fail_${ref}`, object: 'event', type: 'payment_intent.payment_failed', data: { object: { id: ref, object: 'payment_intent' } } });
    await deliver(failed, sign(failed));
    await deliver(ok, sign(ok));
    const status = await routes.status(context(new Request(`http://localhost/api/payments/${ref}`), { ref }));
    expect(await status.json()).toMatchObject({ status: 'succeeded', tokens: 25 });
    expect(await services.metering.balance(buyers.get(ref)!)).toBe(balance);
    expect(await creditsFor(ref)).toBe(1);
  });
});
