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
});
