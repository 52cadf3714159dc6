import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';

describe('configuration', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const result = readConfig({});
    expect(result).toMatchObject({
      ok: true,
      config: { port: 4321, host: '127.0.0.1', database: { kind: 'pglite', dataDir: './data' }, receiptEngine: 'local', stripe: null, paypal: null, trustedProxyHops: 0 },
    });
  });

  it('uses Postgres when DATABASE_URL is set and OpenAI when a key is set', () => {
    const result = readConfig({ DATABASE_URL: 'postgres://u@h:5432/db', OPENAI_API_KEY: 'sk-test' });
    expect(result).toMatchObject({ ok: true, config: { database: { kind: 'postgres' }, receiptEngine: 'openai' } });
  });

  it('gives the receipt reader 30 s unless OPENAI_TIMEOUT_SECONDS says otherwise', () => {
    expect(readConfig({})).toMatchObject({ ok: true, config: { openai: { timeoutMs: 30_000 } } });
    expect(readConfig({ OPENAI_TIMEOUT_SECONDS: '0.5' })).toMatchObject({ ok: true, config: { openai: { timeoutMs: 500 } } });
    for (const bad of ['0', 'soon', '-3', '3600']) {
      const result = readConfig({ OPENAI_TIMEOUT_SECONDS: bad });
      expect(result.ok ? [] : result.problems.map((p) => p.split(':')[0])).toEqual(['OPENAI_TIMEOUT_SECONDS']);
    }
  });

  it('reads receipts in RECEIPT_READERS worker threads, by default one per core but one, at least one', () => {
    expect(readConfig({})).toMatchObject({ ok: true, config: { receiptReaders: Math.max(1, availableParallelism() - 1) } });
    expect(readConfig({ RECEIPT_READERS: '3' })).toMatchObject({ ok: true, config: { receiptReaders: 3 } });
    for (const bad of ['0', 'two', '1.5', '65']) expect(readConfig({ RECEIPT_READERS: bad }), bad).toMatchObject({ ok: false, problems: [expect.stringMatching(/^RECEIPT_READERS:/)] });
  });

  it('holds DATABASE_POOL_SIZE connections to Postgres, 20 by default', () => {
    const url = 'postgres://u@h:5432/db';
    expect(readConfig({ DATABASE_URL: url })).toMatchObject({ ok: true, config: { database: { kind: 'postgres', poolSize: 20 } } });
    expect(readConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '32' })).toMatchObject({ ok: true, config: { database: { poolSize: 32 } } });
    for (const bad of ['0', 'many', '2.5', '501'])
      expect(readConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: bad }), bad).toMatchObject({ ok: false, problems: [expect.stringMatching(/^DATABASE_POOL_SIZE:/)] });
  });

  it('names every bad variable at once', () => {
    const result = readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_BASE_URL: 'not a url' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'PUBLIC_BASE_URL']);
  });

  it('trusts as many proxies as TRUSTED_PROXY_HOPS says, a small whole number', () => {
    expect(readConfig({ TRUSTED_PROXY_HOPS: '2' })).toMatchObject({ ok: true, config: { trustedProxyHops: 2 } });
    for (const bad of ['-1', 'one', '1.5', '99']) expect(readConfig({ TRUSTED_PROXY_HOPS: bad }), bad).toMatchObject({ ok: false, problems: [expect.stringMatching(/^TRUSTED_PROXY_HOPS:/)] });
  });

  it('refuses half-configured payment providers and an openai engine with no endpoint', () => {
    const result = readConfig({ STRIPE_SECRET_KEY: 'sk', PAYPAL_CLIENT_ID: 'id', RECEIPT_ENGINE: 'openai' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toHaveLength(3);
  });

  it('reads signing keys newest first and rejects short secrets', () => {
    const ok = readConfig({ SHARE_SIGNING_KEYS: `k2:${'b'.repeat(32)},k1:${'a'.repeat(40)}` });
    expect(ok).toMatchObject({ ok: true, config: { shareSigningKeys: [{ kid: 'k2' }, { kid: 'k1' }] } });
    expect(readConfig({ SHARE_SIGNING_KEYS: 'k1:short' }).ok).toBe(false);
  });

  describe('payments in production (no free tokens by misconfiguration)', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    const problemsOf = (env: Record<string, string>) => {
      const result = readConfig(env);
      return result.ok ? [] : result.problems;
    };

    it('refuses NODE_ENV=production without real keys, naming the missing ones and the way out', () => {
      const [problem, ...rest] = problemsOf({ NODE_ENV: 'production' });
      expect(rest).toEqual([]);
      expect(problem).toMatch(/^PAYMENTS_MODE: NODE_ENV=production needs real payment keys \(missing STRIPE_SECRET_KEY, .*PAYPAL_CLIENT_SECRET\).*PAYMENTS_MODE=test/);
      expect(problemsOf({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 's', STRIPE_PUBLISHABLE_KEY: 'p', STRIPE_WEBHOOK_SECRET: 'w' })[0]).toMatch(/missing PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET\)/);
      expect(problemsOf({ PAYMENTS_MODE: 'live' })[0]).toMatch(/^PAYMENTS_MODE: PAYMENTS_MODE=live needs real payment keys/);
    });

    it('starts in production with every key (live), or in TEST MODE when asked for explicitly', () => {
      expect(readConfig({ NODE_ENV: 'production', ...keys })).toMatchObject({ ok: true, config: { paymentsMode: 'live' } });
      expect(readConfig({ NODE_ENV: 'production', PAYMENTS_MODE: 'test' })).toMatchObject({ ok: true, config: { paymentsMode: 'test', stripe: null, paypal: null } });
      expect(readConfig({})).toMatchObject({ ok: true, config: { paymentsMode: 'test' } });
      expect(readConfig({ STRIPE_SECRET_KEY: 's', STRIPE_PUBLISHABLE_KEY: 'p', STRIPE_WEBHOOK_SECRET: 'w' })).toMatchObject({ ok: true, config: { paymentsMode: 'live' } });
    });

    it('refuses PAYMENTS_MODE=test together with keys, and an unknown mode', () => {
      expect(problemsOf({ PAYMENTS_MODE: 'test', ...keys })).toEqual([expect.stringMatching(/^PAYMENTS_MODE: test runs every provider in TEST MODE/)]);
      expect(problemsOf({ PAYMENTS_MODE: 'free' })).toEqual([expect.stringMatching(/^PAYMENTS_MODE:/)]);
    });
  });

  it('reads the free-scan budget per address and the AI spend ceiling', () => {
    expect(readConfig({})).toMatchObject({ ok: true, config: { freeScansPerAddressPerDay: 10, openai: { dailyBudgetCentipence: 100_000, costPerScanCentipence: 100 } } });
    expect(readConfig({ FREE_SCANS_PER_ADDRESS_PER_DAY: '4', OPENAI_DAILY_BUDGET_PENCE: '0', OPENAI_COST_PER_SCAN_PENCE: '0.25' })).toMatchObject({
      ok: true,
      config: { freeScansPerAddressPerDay: 4, openai: { dailyBudgetCentipence: 0, costPerScanCentipence: 25 } },
    });
    for (const [name, bad] of [
      ['FREE_SCANS_PER_ADDRESS_PER_DAY', '0'],
      ['OPENAI_DAILY_BUDGET_PENCE', '-1'],
      ['OPENAI_COST_PER_SCAN_PENCE', 'free'],
    ]) {
      expect(readConfig({ [name!]: bad! }), name).toMatchObject({ ok: false, problems: [expect.stringMatching(new RegExp(`^${name}:`))] });
    }
  });
});
