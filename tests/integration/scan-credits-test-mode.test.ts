import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresScanAllowance } from '../../adapters/postgres/postgres-scan-allowance';
import { PostgresScanCredits } from '../../adapters/postgres/postgres-scan-credits';
import { PostgresUsage } from '../../adapters/postgres/postgres-usage';
import { minorUnits } from '../../domain/money';
import type { ConfirmedPayment, PaymentsMode } from '../../ports/scan-credits';
import { FakeClock } from '../support/clock';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

const payment = (anonymousUserId: string, tokens: number, provider: ConfirmedPayment['provider']): ConfirmedPayment => ({
  anonymousUserId,
  tokens,
  amountPence: minorUnits(299),
  currency: 'GBP',
  provider,
  providerPaymentId: `pay_${randomUUID()}`,
});

/** The same database seen by a server in TEST MODE and by one with real payment keys (issue 16). */
describeEachDatabase('TEST MODE tokens never count while real keys are configured', (open) => {
  let t: TestDatabase;
  const clock = new FakeClock(new Date('2026-11-22T12:00:00Z'));
  const adapters = (mode: PaymentsMode) => ({
    allowance: new PostgresScanAllowance(t.db, clock, mode),
    credits: new PostgresScanCredits(t.db, clock, mode),
    usage: new PostgresUsage(t.db, clock, mode),
  });
  let test: ReturnType<typeof adapters>;
  let live: ReturnType<typeof adapters>;
  beforeAll(async () => {
    t = await open();
    test = adapters('test');
    live = adapters('live');
  });
  afterAll(() => t.close());

  /** A user whose three free bills this month are used. */
  const userWithoutFreeBills = async () => {
    const id = randomUUID();
    for (let i = 0; i < 3; i++) {
      const r = await test.allowance.reserve(id);
      if (r.ok) await test.allowance.settle(r.value.id);
    }
    return id;
  };

  it('tokens bought in TEST MODE are marked in the ledger and count only in TEST MODE', async () => {
    const id = await userWithoutFreeBills();
    expect(await test.credits.creditConfirmedPayment(payment(id, 999, 'test'))).toEqual({ credited: true, balance: 999 });
    expect(await live.credits.balance(id)).toBe(0);
    expect(await live.usage.usageFor(id)).toMatchObject({ tokens: 0, canUse: false });
    expect(await live.allowance.reserve(id)).toEqual({ ok: false, error: 'allowance used' });
    const marks = await t.db.selectFrom('token_ledger').select(['kind', 'test_mode']).where('anonymous_user_id', '=', id).execute();
    expect(marks).toEqual([{ kind: 'credit', test_mode: true }]);
  });

  it('scans paid in each mode come out of that mode’s tokens; a refund carries its debit’s mark', async () => {
    const id = await userWithoutFreeBills();
    await test.credits.creditConfirmedPayment(payment(id, 10, 'test'));
    await live.credits.creditConfirmedPayment(payment(id, 5, 'stripe'));
    expect([await test.credits.balance(id), await live.credits.balance(id)]).toEqual([15, 5]);
    const testScan = await test.allowance.reserve(id);
    const liveScan = await live.allowance.reserve(id);
    if (!testScan.ok || !liveScan.ok) throw new Error('both scans should be paid with a token');
    expect([await test.credits.balance(id), await live.credits.balance(id)]).toEqual([13, 4]);
    await live.allowance.refund(testScan.value.id); // refunded by whichever process: the token goes back where it came from
    expect([await test.credits.balance(id), await live.credits.balance(id)]).toEqual([14, 4]);
    await test.allowance.settle(liveScan.value.id);
    const rows = await t.db.selectFrom('token_ledger').select(['kind', 'tokens', 'test_mode']).where('anonymous_user_id', '=', id).orderBy('id').execute();
    expect(rows).toEqual([
      { kind: 'credit', tokens: 10, test_mode: true },
      { kind: 'credit', tokens: 5, test_mode: false },
      { kind: 'debit', tokens: -1, test_mode: true },
      { kind: 'debit', tokens: -1, test_mode: false },
      { kind: 'refund', tokens: 1, test_mode: true },
    ]);
  });

  it('live spending never draws on TEST MODE tokens, under concurrent scans', async () => {
    const id = await userWithoutFreeBills();
    await test.credits.creditConfirmedPayment(payment(id, 50, 'test'));
    await live.credits.creditConfirmedPayment(payment(id, 2, 'paypal'));
    const scans = await Promise.all(Array.from({ length: 6 }, () => live.allowance.reserve(id)));
    expect(scans.filter((s) => s.ok)).toHaveLength(2);
    expect([await live.credits.balance(id), await test.credits.balance(id)]).toEqual([0, 50]);
  });

  it('the database refuses a credit whose mark does not match its purchase', async () => {
    const id = randomUUID();
    await live.credits.creditConfirmedPayment(payment(id, 3, 'stripe'));
    const purchase = await t.db.selectFrom('token_purchases').select('id').where('anonymous_user_id', '=', id).executeTakeFirstOrThrow();
    await expect(
      sql`insert into token_ledger (anonymous_user_id, kind, tokens, purchase_id, created_at, test_mode) values (${id}, 'credit', 3, ${purchase.id}, now(), true)`.execute(t.db),
    ).rejects.toThrow(/made in TEST MODE/);
  });
});
