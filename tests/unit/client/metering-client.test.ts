import { describe, expect, it } from 'vitest';
import { CACHE_MS, LOCAL_PURCHASES_KEY, PAUSE_AFTER_401_MS } from '../../../src/client/scan-credits/metering-client';
import { browserWorld, usageOf } from '../../support/browser-fakes';

describe('metering client', () => {
  it('loads usage with the anonymous id and serves it from cache for 60 s', async () => {
    let tokens = 2;
    const w = browserWorld({ '/api/usage': () => ({ status: 200, body: usageOf(tokens, 1) }) });
    expect(w.metering.$state.get().status).toBe('idle');
    expect(await w.metering.loadUsage()).toMatchObject({ tokens: 2, billsUsed: 1 });
    const { id } = await w.identity.current();
    expect(w.metering.$state.get()).toMatchObject({ status: 'ready', anonymousUserId: id });
    // A bearer secret: in a header, never in the URL that proxies log.
    expect([w.net.calls[0]!.query, w.net.calls[0]!.headers.get('x-anonymous-id')]).toEqual(['', id]);
    tokens = 7;
    w.advance(CACHE_MS - 1);
    expect((await w.metering.loadUsage())?.tokens).toBe(2);
    w.advance(1);
    expect((await w.metering.loadUsage())?.tokens).toBe(7);
    expect(w.net.calls.filter((c) => c.path === '/api/usage')).toHaveLength(2);
  });

  it('caches the balance for 60 s', async () => {
    let total = 4;
    const w = browserWorld({ '/functions/v1/get-token-balance': () => ({ status: 200, body: { tokenBalance: { totalTokens: total } } }) });
    expect(await w.metering.tokenBalance()).toBe(4);
    total = 9;
    w.advance(CACHE_MS - 1);
    expect(await w.metering.tokenBalance()).toBe(4);
    w.advance(1);
    expect(await w.metering.tokenBalance()).toBe(9);
    expect(w.net.calls[0]!.body).toEqual({ anonymousUserId: (await w.identity.current()).id });
  });

  it('after a 401, pauses server balance calls for 60 s and falls back to local completed purchases', async () => {
    let status = 401;
    const w = browserWorld({
      '/functions/v1/get-token-balance': () => ({ status, body: { tokenBalance: { totalTokens: 50 } } }),
      '/functions/v1/store-token-purchase': () => ({ status: 503, body: {} }),
    });
    await w.metering.reportPurchase({ tokens: 10, amount: 2.99, paymentId: 'pi_1', provider: 'stripe' });
    await w.metering.reportPurchase({ tokens: 25, amount: 5.99, paymentId: 'pi_2', provider: 'paypal', status: 'pending' });
    expect(await w.metering.tokenBalance()).toBe(10);
    status = 200;
    w.advance(PAUSE_AFTER_401_MS - 1);
    expect(await w.metering.tokenBalance()).toBe(10);
    expect(w.net.calls.filter((c) => c.path === '/functions/v1/get-token-balance')).toHaveLength(1);
    w.advance(1);
    expect(await w.metering.tokenBalance()).toBe(50);
  });

  it('falls back to local purchases when the balance call fails', async () => {
    const w = browserWorld({ '/functions/v1/store-token-purchase': () => ({ status: 500, body: {} }) });
    await w.metering.reportPurchase({ tokens: 10, amount: 2.99, paymentId: 'pi_1', provider: 'stripe' });
    expect(await w.metering.tokenBalance()).toBe(10);
  });

  it('keeps a purchase report locally only when the server cannot take it', async () => {
    let up = true;
    const w = browserWorld({ '/functions/v1/store-token-purchase': () => (up ? { status: 200, body: { success: true, confirmed: true } } : { status: 500, body: {} }) });
    expect(await w.metering.reportPurchase({ tokens: 10, amount: 2.99, paymentId: 'pi_1', provider: 'stripe' })).toMatchObject({ confirmed: true });
    expect(w.storage.getItem(LOCAL_PURCHASES_KEY)).toBeNull();
    up = false;
    expect(await w.metering.reportPurchase({ tokens: 25, amount: 5.99, paymentId: 'pi_2', provider: 'stripe' })).toBeNull();
    const { id } = await w.identity.current();
    expect(w.metering.localPurchases(id)).toEqual([
      expect.objectContaining({ anonymousUserId: id, tokens: 25, paymentId: 'pi_2', currency: 'GBP', status: 'completed', localId: expect.stringMatching(/^local_/), createdAt: expect.any(String) }),
    ]);
    expect(w.net.calls[0]!.body).toEqual({ anonymousUserId: id, tokens: 10, amount: 2.99, currency: 'GBP', paymentId: 'pi_1', provider: 'stripe', status: 'completed' });
  });

  it('reports an error state when usage cannot be loaded the first time', async () => {
    const w = browserWorld({});
    expect(await w.metering.loadUsage()).toBeNull();
    expect(w.metering.$state.get().status).toBe('error');
  });
});
