import { describe, expect, it } from 'vitest';
import {
  AUTO_RECOVERY_KEY,
  CODES_REVOKED_MESSAGE,
  NO_CODES_TO_REVOKE_MESSAGE,
  NO_TOKENS_MESSAGE,
  RECOVERY_FAILED_MESSAGE,
  REVOKE_FAILED_MESSAGE,
  TokenRecoveryClient,
} from '../../../src/client/scan-credits/token-recovery';
import { browserWorld, MemoryStorage, usageOf, type Route } from '../../support/browser-fakes';

function recoveryWorld(routes: Record<string, Route>) {
  const w = browserWorld(routes);
  const session = new MemoryStorage();
  const recovery = new TokenRecoveryClient({ metering: w.metering, identity: w.identity, session });
  return { ...w, session, recovery };
}

describe('token recovery in the browser', () => {
  it('recovers the server balance of this device', async () => {
    const w = recoveryWorld({
      '/api/usage': () => ({ status: 200, body: usageOf(0) }),
      '/api/recovery': (body) => ({ status: 200, body: { anonymousUserId: body.anonymousUserId, tokens: 25 } }),
    });
    await w.metering.loadUsage();
    expect(await w.recovery.recover()).toEqual({ ok: true, tokens: 25, message: 'Successfully recovered 25 tokens!' });
    expect(w.metering.$state.get().usage).toMatchObject({ tokens: 25, canUse: true });
  });

  it('says when there is nothing to recover, and when the network fails', async () => {
    const none = recoveryWorld({ '/api/recovery': (body) => ({ status: 200, body: { anonymousUserId: body.anonymousUserId, tokens: 0 } }) });
    expect(await none.recovery.recover()).toEqual({ ok: false, message: NO_TOKENS_MESSAGE });
    const offline = recoveryWorld({});
    expect(await offline.recovery.recover()).toEqual({ ok: false, message: RECOVERY_FAILED_MESSAGE });
  });

  it('sends unreported local purchases again before giving up', async () => {
    let serverUp = false;
    let confirmed = 0;
    const w = recoveryWorld({
      // The server credits nothing from a report; here the provider's confirmation lands meanwhile.
      '/functions/v1/store-token-purchase': () => (serverUp ? ((confirmed = 10), { status: 200, body: { success: true, confirmed: true } }) : { status: 503, body: {} }),
      '/api/recovery': (body) => ({ status: 200, body: { anonymousUserId: body.anonymousUserId, tokens: confirmed } }),
    });
    await w.metering.reportPurchase({ tokens: 10, amount: 2.99, paymentId: 'pi_1', provider: 'stripe' });
    serverUp = true;
    expect(await w.recovery.recover()).toMatchObject({ ok: true, tokens: 10 });
    const reports = w.net.calls.filter((c) => c.path === '/functions/v1/store-token-purchase');
    expect(reports).toHaveLength(2);
    expect(reports[1]!.body).toEqual(reports[0]!.body);
    expect(w.metering.localPurchases((await w.identity.current()).id)).toEqual([]);
  });

  it('a recovery code makes this device use the buyer identity', async () => {
    const buyer = '44444444-4444-4444-8444-444444444444';
    const w = recoveryWorld({
      '/api/recovery': (body) =>
        body.recoveryCode === 'ABCD-EFGH-JKMN-PQRS'
          ? { status: 200, body: { anonymousUserId: buyer, tokens: 12 } }
          : { status: 404, body: { error: 'That recovery code was not found. Check it and try again.', code: 'unknown_code' } },
      '/api/usage': (_, _url, headers) => ({ status: 200, body: usageOf(headers.get('x-anonymous-id') === buyer ? 12 : 0) }),
    });
    expect(await w.recovery.redeem('WRONG-CODE')).toEqual({ ok: false, message: 'That recovery code was not found. Check it and try again.' });
    expect(await w.recovery.redeem('ABCD-EFGH-JKMN-PQRS')).toEqual({ ok: true, tokens: 12, message: 'Successfully recovered 12 tokens!' });
    expect((await w.identity.current()).id).toBe(buyer);
    expect(w.metering.$state.get().usage?.tokens).toBe(12);
  });

  it('tries automatically once per browser session, and only when tokens are 0', async () => {
    const w = recoveryWorld({ '/api/recovery': (body) => ({ status: 200, body: { anonymousUserId: body.anonymousUserId, tokens: 3 } }) });
    expect(await w.recovery.recoverOncePerSession(5)).toBeNull();
    expect(await w.recovery.recoverOncePerSession(0)).toMatchObject({ ok: true, tokens: 3 });
    expect(w.session.getItem(AUTO_RECOVERY_KEY)).toBe('1');
    expect(await w.recovery.recoverOncePerSession(0)).toBeNull();
    expect(w.net.calls.filter((c) => c.path === '/api/recovery')).toHaveLength(1);
  });

  it('fetches a new recovery code for the purchase notice', async () => {
    const w = recoveryWorld({ '/api/recovery-code': () => ({ status: 200, body: { recoveryCode: 'ABCD-EFGH-JKMN-PQRS', expiresAt: '2027-11-22T12:00:00.000Z' } }) });
    expect(await w.recovery.newRecoveryCode()).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(await recoveryWorld({ '/api/recovery-code': () => ({ status: 404, body: { error: 'x' } }) }).recovery.newRecoveryCode()).toBeNull();
  });

  it("revokes this device's recovery codes, and says when there were none", async () => {
    const w = recoveryWorld({ '/api/recovery-code/revoke': () => ({ status: 200, body: { revoked: 2 } }) });
    expect(await w.recovery.revokeCodes()).toEqual({ ok: true, message: CODES_REVOKED_MESSAGE });
    expect(w.net.calls.find((c) => c.path === '/api/recovery-code/revoke')?.body).toEqual({ anonymousUserId: (await w.identity.current()).id });
    expect(await recoveryWorld({ '/api/recovery-code/revoke': () => ({ status: 200, body: { revoked: 0 } }) }).recovery.revokeCodes()).toEqual({ ok: true, message: NO_CODES_TO_REVOKE_MESSAGE });
    expect(await recoveryWorld({}).recovery.revokeCodes()).toEqual({ ok: false, message: REVOKE_FAILED_MESSAGE });
  });
});
