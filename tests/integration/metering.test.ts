import { randomUUID } from 'node:crypto';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase } from '../../adapters/postgres/connect';
import type { Database } from '../../adapters/postgres/database';
import { PostgresPurchaseReports } from '../../adapters/postgres/postgres-buying-tokens-purchase-reports';
import { PostgresScanAllowance } from '../../adapters/postgres/postgres-scan-allowance';
import { PostgresScanCredits } from '../../adapters/postgres/postgres-scan-credits';
import { PostgresUsage } from '../../adapters/postgres/postgres-usage';
import type { ConfirmedPayment } from '../../ports/scan-credits';
import { minorUnits } from '../../domain/money';
import { RESERVATION_ABANDONED_AFTER_MS } from '../../domain/scan-credits/freemium';
import { FakeClock } from '../support/clock';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

const payment = (anonymousUserId: string, tokens: number, providerPaymentId = `pi_${randomUUID()}`): ConfirmedPayment => ({
  anonymousUserId,
  tokens,
  amountPence: minorUnits(299),
  currency: 'GBP',
  provider: 'stripe',
  providerPaymentId,
});

describeEachDatabase('metering and token ledger', (open) => {
  let t: TestDatabase;
  let clock: FakeClock;
  let allowance: PostgresScanAllowance;
  let credits: PostgresScanCredits;
  let usage: PostgresUsage;
  beforeAll(async () => {
    t = await open();
    clock = new FakeClock(new Date('2026-11-22T12:00:00Z'));
    allowance = new PostgresScanAllowance(t.db, clock);
    credits = new PostgresScanCredits(t.db, clock);
    usage = new PostgresUsage(t.db, clock);
  });
  afterAll(() => t.close());

  const ledgerOf = async (id: string) =>
    (await t.db.selectFrom('token_ledger').select(['kind', 'tokens']).where('anonymous_user_id', '=', id).orderBy('id').execute()).map((e) => `${e.kind} ${e.tokens}`);

  it('a new user has 3 free bills, no tokens, and the month started on the 1st', async () => {
    expect(await usage.usageFor(randomUUID())).toEqual({ billsUsed: 0, maxFreeBills: 3, tokens: 0, lastResetDate: '2026-11-01', canUse: true, daysUntilReset: 9 });
  });

  it('uses the 3 free bills, then refuses when no token is held', async () => {
    const id = randomUUID();
    for (let i = 0; i < 3; i++) expect(await allowance.reserve(id)).toMatchObject({ ok: true, value: { paidWith: 'free bill' } });
    expect(await allowance.reserve(id)).toEqual({ ok: false, error: 'allowance used' });
    expect(await usage.usageFor(id)).toMatchObject({ billsUsed: 3, tokens: 0, canUse: false });
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('after the free bills, a scan takes one token', async () => {
    const id = randomUUID();
    await credits.creditConfirmedPayment(payment(id, 2));
    for (let i = 0; i < 3; i++) await allowance.reserve(id);
    expect(await allowance.reserve(id)).toMatchObject({ ok: true, value: { paidWith: 'token' } });
    expect(await usage.usageFor(id)).toMatchObject({ billsUsed: 3, tokens: 1, canUse: true });
    expect(await ledgerOf(id)).toEqual(['credit 2', 'debit -1']);
  });

  it('resets the free bills on a new calendar month in Europe/London', async () => {
    const id = randomUUID();
    const local = new FakeClock(new Date('2026-03-31T22:30:00Z')); // 23:30 in London (BST starts on 29 March)
    const scoped = new PostgresScanAllowance(t.db, local);
    const scopedUsage = new PostgresUsage(t.db, local);
    for (let i = 0; i < 3; i++) await scoped.reserve(id);
    expect(await scopedUsage.usageFor(id)).toMatchObject({ billsUsed: 3, lastResetDate: '2026-03-01', canUse: false, daysUntilReset: 1 });
    local.set('2026-03-31T23:00:00Z'); // midnight in London, still March in UTC
    expect(await scopedUsage.usageFor(id)).toEqual({ billsUsed: 0, maxFreeBills: 3, tokens: 0, lastResetDate: '2026-04-01', canUse: true, daysUntilReset: 30 });
    expect(await scoped.reserve(id)).toMatchObject({ ok: true, value: { paidWith: 'free bill' } });
  });

  it('a refund gives the token back once; settling keeps it; neither can be repeated', async () => {
    const id = randomUUID();
    await credits.creditConfirmedPayment(payment(id, 3));
    for (let i = 0; i < 3; i++) await allowance.reserve(id);
    const kept = await allowance.reserve(id);
    const failed = await allowance.reserve(id);
    if (!kept.ok || !failed.ok) throw new Error('reservations expected');
    await allowance.settle(kept.value.id);
    await allowance.refund(kept.value.id); // after a settle: nothing
    await allowance.refund(failed.value.id);
    await allowance.refund(failed.value.id); // twice: once
    await allowance.settle(failed.value.id); // after a refund: nothing
    expect(await credits.balance(id)).toBe(2);
    expect(await ledgerOf(id)).toEqual(['credit 3', 'debit -1', 'debit -1', 'refund 1']);
    const statuses = await t.db.selectFrom('scan_reservations').select(['id', 'status']).where('anonymous_user_id', '=', id).execute();
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toMatchObject({ [kept.value.id]: 'settled', [failed.value.id]: 'refunded' });
  });

  it('a refunded free bill can be used again', async () => {
    const id = randomUUID();
    const first = await allowance.reserve(id);
    if (!first.ok) throw new Error('reservation expected');
    await allowance.refund(first.value.id);
    expect(await usage.usageFor(id)).toMatchObject({ billsUsed: 0 });
    for (let i = 0; i < 3; i++) expect((await allowance.reserve(id)).ok).toBe(true);
    expect((await allowance.reserve(id)).ok).toBe(false);
  });

  it('refunds a reservation left open longer than a reading can run at the next reservation', async () => {
    const id = randomUUID();
    const local = new FakeClock(new Date('2026-11-22T12:00:00Z'));
    const scoped = new PostgresScanAllowance(t.db, local);
    await credits.creditConfirmedPayment(payment(id, 1));
    for (let i = 0; i < 3; i++) await scoped.reserve(id); // free bills, never settled
    const crashed = await scoped.reserve(id); // the token, never settled
    expect(crashed).toMatchObject({ ok: true, value: { paidWith: 'token' } });
    local.advance(RESERVATION_ABANDONED_AFTER_MS);
    expect(await scoped.reserve(id)).toEqual({ ok: false, error: 'allowance used' }); // not yet abandoned
    local.advance(1);
    expect(await scoped.reserve(id)).toMatchObject({ ok: true, value: { paidWith: 'free bill' } });
    expect(await ledgerOf(id)).toEqual(['credit 1', 'debit -1', 'refund 1']);
    expect(await new PostgresUsage(t.db, local).usageFor(id)).toMatchObject({ billsUsed: 1, tokens: 1 });
    if (crashed.ok) await scoped.settle(crashed.value.id); // a late settle finds it closed
    expect(await credits.balance(id)).toBe(1);
  });

  it('ignores settling or refunding an unknown or malformed reservation id', async () => {
    await expect(allowance.settle(randomUUID())).resolves.toBeUndefined();
    await expect(allowance.refund('not-a-uuid')).resolves.toBeUndefined();
  });

  it('credits a payment id once, however often it is confirmed', async () => {
    const id = randomUUID();
    const p = payment(id, 10);
    expect(await credits.creditConfirmedPayment(p)).toEqual({ credited: true, balance: 10 });
    expect(await credits.creditConfirmedPayment(p)).toEqual({ credited: false, balance: 10 });
    expect(await credits.creditConfirmedPayment({ ...p, tokens: 50 })).toEqual({ credited: false, balance: 10 });
    expect(await credits.creditConfirmedPayment({ ...p, provider: 'paypal' })).toEqual({ credited: true, balance: 20 });
  });

  it('credits a payment id once under 20 concurrent confirmations from separate connections', async () => {
    const id = randomUUID();
    const p = payment(id, 25);
    const pools = await extraPools(t, 3);
    const all = [credits, ...pools.map((db) => new PostgresScanCredits(db, clock))];
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => all[i % all.length]!.creditConfirmedPayment(p)));
    await Promise.all(pools.map((db) => db.destroy()));
    expect(outcomes.filter((o) => o.credited)).toHaveLength(1);
    expect(await credits.balance(id)).toBe(25);
    expect(await ledgerOf(id)).toEqual(['credit 25']);
  });

  it('20 simultaneous reservations with 3 free bills and 2 tokens succeed exactly 5 times and leave 0 tokens', async () => {
    const id = randomUUID();
    await credits.creditConfirmedPayment(payment(id, 2));
    const pools = await extraPools(t, 4);
    const all = [allowance, ...pools.map((db) => new PostgresScanAllowance(db, clock))];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => all[i % all.length]!.reserve(id)));
    await Promise.all(pools.map((db) => db.destroy()));
    const paid = results.flatMap((r) => (r.ok ? [r.value.paidWith] : []));
    expect(paid.sort()).toEqual(['free bill', 'free bill', 'free bill', 'token', 'token']);
    expect(results.filter((r) => !r.ok)).toHaveLength(15);
    expect(await usage.usageFor(id)).toMatchObject({ billsUsed: 3, tokens: 0, canUse: false });
    expect(await ledgerOf(id)).toEqual(['credit 2', 'debit -1', 'debit -1']);
  });

  it('the ledger refuses UPDATE and DELETE of its entries', async () => {
    const id = randomUUID();
    await credits.creditConfirmedPayment(payment(id, 1));
    await expect(sql`update token_ledger set tokens = 1000 where anonymous_user_id = ${id}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from token_ledger where anonymous_user_id = ${id}`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await credits.balance(id)).toBe(1);
  });

  it('the schema refuses a malformed ledger entry', async () => {
    const id = randomUUID();
    await credits.creditConfirmedPayment(payment(id, 1));
    const insert = (kind: string, tokens: number) => sql`insert into token_ledger (anonymous_user_id, kind, tokens, created_at) values (${id}, ${kind}, ${tokens}, now())`.execute(t.db);
    await expect(insert('debit', -1)).rejects.toThrow(); // a debit needs its reservation
    await expect(insert('credit', -5)).rejects.toThrow();
  });

  it('a reported purchase credits nothing, and says when the provider has confirmed it', async () => {
    const id = randomUUID();
    const reports = new PostgresPurchaseReports(t.db, clock);
    const report = { anonymousUserId: id, tokens: 25, amount: 5.99, currency: 'GBP', paymentId: `pi_${randomUUID()}`, provider: 'stripe', status: 'completed' };
    expect(await reports.record(report)).toEqual({ confirmed: false });
    expect(await reports.record(report)).toEqual({ confirmed: false });
    expect(await credits.balance(id)).toBe(0);
    await credits.creditConfirmedPayment(payment(id, 25, report.paymentId));
    expect(await reports.record(report)).toEqual({ confirmed: true });
    expect(await credits.balance(id)).toBe(25);
    expect(await t.db.selectFrom('purchase_reports').select('id').where('anonymous_user_id', '=', id).execute()).toHaveLength(1);
  });
});

/** Independent connection pools on Postgres, so concurrency crosses connections; PGlite has one connection. */
async function extraPools(t: TestDatabase, count: number): Promise<Kysely<Database>[]> {
  if (t.url === null) return [];
  return Promise.all(Array.from({ length: count }, () => connectDatabase({ kind: 'postgres', url: t.url! })));
}
