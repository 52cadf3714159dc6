import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresRateLimiter } from '../../adapters/postgres/postgres-rate-limiter';
import { PostgresRecoveryCodes } from '../../adapters/postgres/postgres-recovery-codes';
import { PostgresTokenCredits } from '../../adapters/postgres/postgres-token-credits';
import { pence } from '../../domain/money';
import { TokenRecovery } from '../../src/application/tokens/token-recovery';
import { FakeClock } from '../support/clock';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

describeEachDatabase('token recovery', (open) => {
  let t: TestDatabase;
  let clock: FakeClock;
  let credits: PostgresTokenCredits;
  let recovery: TokenRecovery;
  beforeAll(async () => {
    t = await open();
    clock = new FakeClock(new Date('2026-11-22T12:00:00Z'));
    credits = new PostgresTokenCredits(t.db, clock);
    recovery = new TokenRecovery(new PostgresRecoveryCodes(t.db, clock), credits, new PostgresRateLimiter(t.db, clock));
  });
  afterAll(() => t.close());

  const buyer = async (tokens: number) => {
    const id = randomUUID();
    await credits.creditConfirmedPayment({ anonymousUserId: id, tokens, amountPence: pence(599), currency: 'GBP', provider: 'test', providerPaymentId: `t_${randomUUID()}` });
    return id;
  };

  it('recovers the server balance of this device', async () => {
    const id = await buyer(25);
    expect(await recovery.recoverOnThisDevice(id, 'ip-a')).toEqual({ ok: true, value: { anonymousUserId: id, tokens: 25 } });
  });

  it('issues codes only after a confirmed purchase; any of them restores the buyer on another device', async () => {
    expect(await recovery.recoveryCodeFor(randomUUID(), 'ip-a')).toEqual({ ok: false, error: { code: 'no_purchase' } });
    const id = await buyer(10);
    const first = await recovery.recoveryCodeFor(id, 'ip-a');
    const second = await recovery.recoveryCodeFor(id, 'ip-a');
    if (!first.ok || !second.ok) throw new Error('codes expected');
    expect(first.value).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(first.value).not.toBe(second.value);
    const otherDevice = randomUUID();
    expect(await recovery.redeem(otherDevice, first.value.toLowerCase(), 'ip-a')).toEqual({ ok: true, value: { anonymousUserId: id, tokens: 10 } });
    expect(await recovery.redeem(otherDevice, second.value.replace(/-/g, ' '), 'ip-a')).toEqual({ ok: true, value: { anonymousUserId: id, tokens: 10 } });
  });

  it('stores only a hash of each code', async () => {
    const id = await buyer(3);
    const code = await recovery.recoveryCodeFor(id, 'ip-a');
    if (!code.ok) throw new Error('code expected');
    const rows = await t.db.selectFrom('recovery_codes').select('code_hash').where('anonymous_user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code.value.replace(/-/g, ''));
  });

  it('refuses unknown and malformed codes, and limits attempts per device', async () => {
    const device = randomUUID();
    expect(await recovery.redeem(device, 'ABCD-EFGH-JKMN-PQRS', 'ip-b')).toEqual({ ok: false, error: { code: 'unknown_code' } });
    expect(await recovery.redeem(device, 'not a code', 'ip-b')).toEqual({ ok: false, error: { code: 'invalid_code' } });
    for (let i = 0; i < 3; i++) await recovery.redeem(device, 'ABCD-EFGH-JKMN-PQRS', 'ip-b');
    expect(await recovery.redeem(device, 'ABCD-EFGH-JKMN-PQRS', 'ip-b')).toEqual({ ok: false, error: { code: 'rate_limited', retryAfterSeconds: 900 } });
    clock.advance(15 * 60_000);
    expect(await recovery.redeem(device, 'ABCD-EFGH-JKMN-PQRS', 'ip-b')).toEqual({ ok: false, error: { code: 'unknown_code' } });
  });

  it('limits attempts per client address across devices', async () => {
    const results = [];
    for (let i = 0; i < 21; i++) results.push(await recovery.redeem(randomUUID(), 'ABCD-EFGH-JKMN-PQRS', 'ip-c'));
    expect(results.filter((r) => !r.ok && r.error.code === 'rate_limited')).toHaveLength(1);
  });
});
