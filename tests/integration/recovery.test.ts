import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresRateLimiter } from '../../adapters/postgres/postgres-rate-limiter';
import { PostgresRecoveryCodes } from '../../adapters/postgres/postgres-recovery-codes';
import { PostgresScanCredits } from '../../adapters/postgres/postgres-scan-credits';
import { minorUnits } from '../../domain/money';
import { TokenRecovery } from '../../src/application/scan-credits/token-recovery';
import { FakeClock } from '../support/clock';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { anAnonymousId } from '../support/builders';
import type { AnonymousId } from '../../domain/anonymous-id';

describeEachDatabase('token recovery', (open) => {
  let t: TestDatabase;
  let clock: FakeClock;
  let credits: PostgresScanCredits;
  let recovery: TokenRecovery;
  beforeAll(async () => {
    t = await open();
    clock = new FakeClock(new Date('2026-11-22T12:00:00Z'));
    credits = new PostgresScanCredits(t.db, clock);
    recovery = new TokenRecovery(new PostgresRecoveryCodes(t.db, clock), credits, new PostgresRateLimiter(t.db, clock), clock, 365);
  });
  afterAll(() => t.close());

  const buyer = async (tokens: number) => {
    const id = anAnonymousId();
    await credits.creditConfirmedPayment({ anonymousUserId: id, tokens, amountPence: minorUnits(599), currency: 'GBP', provider: 'test', providerPaymentId: `t_${randomUUID()}` });
    return id;
  };

  it('recovers the server balance of this device', async () => {
    const id = await buyer(25);
    expect(await recovery.recoverOnThisDevice(id, 'ip-a')).toEqual({ ok: true, value: { anonymousUserId: id, tokens: 25 } });
  });

  const codeFor = async (id: AnonymousId, client = 'ip-a') => {
    const issued = await recovery.recoveryCodeFor(id, client);
    if (!issued.ok) throw new Error(`code expected: ${issued.error.code}`);
    return issued.value.code;
  };

  it('issues codes only after a confirmed purchase; any of them restores the buyer on another device', async () => {
    expect(await recovery.recoveryCodeFor(anAnonymousId(), 'ip-a')).toEqual({ ok: false, error: { code: 'no_purchase' } });
    const id = await buyer(10);
    const first = await recovery.recoveryCodeFor(id, 'ip-a');
    const second = await recovery.recoveryCodeFor(id, 'ip-a');
    if (!first.ok || !second.ok) throw new Error('codes expected');
    expect(first.value.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(first.value.code).not.toBe(second.value.code);
    expect(first.value.expiresAt).toEqual(new Date(clock.now().getTime() + 365 * 86_400_000));
    const otherDevice = anAnonymousId();
    expect(await recovery.redeem(otherDevice, first.value.code.toLowerCase(), 'ip-a')).toEqual({ ok: true, value: { anonymousUserId: id, tokens: 10 } });
    expect(await recovery.redeem(otherDevice, second.value.code.replace(/-/g, ' '), 'ip-a')).toEqual({ ok: true, value: { anonymousUserId: id, tokens: 10 } });
  });

  it('a code works once on another device: the same device may ask again, a third device is refused', async () => {
    const id = await buyer(4);
    const code = await codeFor(id);
    const [second, third] = [anAnonymousId(), anAnonymousId()];
    expect(await recovery.redeem(second, code, 'ip-d')).toMatchObject({ ok: true, value: { anonymousUserId: id } });
    expect(await recovery.redeem(second, code, 'ip-d')).toMatchObject({ ok: true, value: { anonymousUserId: id } });
    expect(await recovery.redeem(third, code, 'ip-d')).toEqual({ ok: false, error: { code: 'used_code' } });
    expect(await recovery.redeem(id, code, 'ip-d')).toMatchObject({ ok: true, value: { anonymousUserId: id } });
  });

  it('two devices redeeming one code at once: exactly one gets it', async () => {
    const id = await buyer(4);
    const code = await codeFor(id);
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => recovery.redeem(anAnonymousId(), code, `ip-race-${i}`)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.error.code === 'used_code')).toHaveLength(5);
  });

  it('a code expires after the configured days', async () => {
    const shortLived = new TokenRecovery(new PostgresRecoveryCodes(t.db, clock), credits, new PostgresRateLimiter(t.db, clock), clock, 2);
    const id = await buyer(4);
    const issued = await shortLived.recoveryCodeFor(id, 'ip-e');
    if (!issued.ok) throw new Error('code expected');
    clock.advance(2 * 86_400_000 - 1000);
    expect(await recovery.redeem(id, issued.value.code, 'ip-e')).toMatchObject({ ok: true });
    clock.advance(1000);
    expect(await recovery.redeem(anAnonymousId(), issued.value.code, 'ip-e')).toEqual({ ok: false, error: { code: 'expired_code' } });
  });

  it('the holder revokes one code or all of them; revoked codes restore nothing', async () => {
    const id = await buyer(4);
    const [one, two, three] = [await codeFor(id), await codeFor(id), await codeFor(id)];
    expect(await recovery.revoke(anAnonymousId(), one, 'ip-f')).toEqual({ ok: true, value: 0 }); // not the holder
    expect(await recovery.revoke(id, one, 'ip-f')).toEqual({ ok: true, value: 1 });
    expect(await recovery.redeem(anAnonymousId(), one, 'ip-f')).toEqual({ ok: false, error: { code: 'revoked_code' } });
    expect(await recovery.redeem(anAnonymousId(), two, 'ip-f')).toMatchObject({ ok: true });
    expect(await recovery.revoke(id, null, 'ip-f')).toEqual({ ok: true, value: 2 });
    expect(await recovery.redeem(anAnonymousId(), three, 'ip-f')).toEqual({ ok: false, error: { code: 'revoked_code' } });
    expect(await recovery.revoke(id, null, 'ip-f')).toEqual({ ok: true, value: 0 });
    expect(await recovery.revoke(id, 'nope', 'ip-f')).toEqual({ ok: false, error: { code: 'invalid_code' } });
  });

  it('stores only a hash of each code', async () => {
    const id = await buyer(3);
    const code = await codeFor(id);
    const rows = await t.db.selectFrom('recovery_codes').select('code_hash').where('anonymous_user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code.replace(/-/g, ''));
  });

  it('refuses unknown and malformed codes, and limits attempts per device', async () => {
    const device = anAnonymousId();
    expect(await recovery.redeem(device, 'ABCD-EFGH-JKMN-PQRS', 'ip-b')).toEqual({ ok: false, error: { code: 'unknown_code' } });
    expect(await recovery.redeem(device, 'not a code', 'ip-b')).toEqual({ ok: false, error: { code: 'invalid_code' } });
    for (let i = 0; i < 3; i++) await recovery.redeem(device, 'ABCD-EFGH-JKMN-PQRS', 'ip-b');
    expect(await recovery.redeem(device, 'ABCD-EFGH-JKMN-PQRS', 'ip-b')).toEqual({ ok: false, error: { code: 'rate_limited', retryAfterSeconds: 900 } });
    clock.advance(15 * 60_000);
    expect(await recovery.redeem(device, 'ABCD-EFGH-JKMN-PQRS', 'ip-b')).toEqual({ ok: false, error: { code: 'unknown_code' } });
  });

  it('limits attempts per client address across devices', async () => {
    const results = [];
    for (let i = 0; i < 21; i++) results.push(await recovery.redeem(anAnonymousId(), 'ABCD-EFGH-JKMN-PQRS', 'ip-c'));
    expect(results.filter((r) => !r.ok && r.error.code === 'rate_limited')).toHaveLength(1);
  });
});
