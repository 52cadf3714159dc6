import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemoryScanCredits } from '../../adapters/memory/memory-scan-credits';
import { PostgresScanAllowance } from '../../adapters/postgres/postgres-scan-allowance';
import { PostgresScanCredits } from '../../adapters/postgres/postgres-scan-credits';
import { PostgresUsage } from '../../adapters/postgres/postgres-usage';
import { MAX_FREE_BILLS, monthStart, RESERVATION_ABANDONED_AFTER_MS } from '../../domain/scan-credits/freemium';
import { minorUnits } from '../../domain/money';
import type { ScanAllowance } from '../../ports/scan-allowance';
import type { ScanCredits } from '../../ports/scan-credits';
import type { UsageQuery } from '../../ports/usage';
import { FakeClock } from '../support/clock';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { anAnonymousId } from '../support/builders';
import type { AnonymousId } from '../../domain/anonymous-id';

// Model-based test: random sequences of scans, settles, refunds (also repeated), credits, duplicate
// credits, waits (abandoned reservations are refunded) and month changes run against the real adapters and a plain model side by side. After
// every step the balance must equal the model's, equal the sum of the ledger entries, and never be
// negative; the free bills used must match the model's for the current London month.

interface Model {
  tokens: number;
  freeUsed: Map<string, number>; // month → free bills used
  reservations: { paidWith: 'free bill' | 'token'; month: string; atMs: number; status: 'reserved' | 'settled' | 'refunded' }[];
  payments: number;
}

interface Real {
  readonly id: AnonymousId;
  readonly clock: FakeClock;
  readonly allowance: ScanAllowance;
  readonly credits: ScanCredits;
  readonly usage: UsageQuery;
  readonly reservationIds: string[];
  readonly paymentIds: string[];
  /** Sum of the user's ledger entries read straight from storage. */
  ledgerSum(): Promise<number>;
}

type Command = fc.AsyncCommand<Model, Real>;

async function checkInvariants(m: Model, r: Real): Promise<void> {
  const balance = await r.credits.balance(r.id);
  expect(balance).toBe(m.tokens);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(await r.ledgerSum()).toBe(balance);
  const usage = await r.usage.usageFor(r.id);
  expect(usage.billsUsed).toBe(m.freeUsed.get(monthStart(r.clock.now())) ?? 0);
  expect(usage.tokens).toBe(m.tokens);
}

function refundInModel(m: Model, reservation: Model['reservations'][number]): void {
  reservation.status = 'refunded';
  if (reservation.paidWith === 'token') m.tokens += 1;
  else m.freeUsed.set(reservation.month, (m.freeUsed.get(reservation.month) ?? 1) - 1);
}

class Reserve implements Command {
  check = () => true;
  async run(m: Model, r: Real) {
    const nowMs = r.clock.now().getTime();
    // Reservations left open too long are refunded first (a reading that never finished).
    for (const open of m.reservations) if (open.status === 'reserved' && open.atMs < nowMs - RESERVATION_ABANDONED_AFTER_MS) refundInModel(m, open);
    const month = monthStart(r.clock.now());
    const used = m.freeUsed.get(month) ?? 0;
    const result = await r.allowance.reserve(r.id);
    const expected = used < MAX_FREE_BILLS ? 'free bill' : m.tokens > 0 ? 'token' : null;
    if (expected === null) expect(result).toEqual({ ok: false, error: 'allowance used' });
    else {
      expect(result).toMatchObject({ ok: true, value: { paidWith: expected } });
      if (!result.ok) return;
      r.reservationIds.push(result.value.id);
      m.reservations.push({ paidWith: expected, month, atMs: nowMs, status: 'reserved' });
      if (expected === 'free bill') m.freeUsed.set(month, used + 1);
      else m.tokens -= 1;
    }
    await checkInvariants(m, r);
  }
  toString = () => 'reserve';
}

class Close implements Command {
  constructor(
    private readonly how: 'settle' | 'refund',
    private readonly pick: number,
  ) {}
  check = (m: Readonly<Model>) => m.reservations.length > 0;
  async run(m: Model, r: Real) {
    const index = this.pick % m.reservations.length;
    const reservation = m.reservations[index]!;
    await r.allowance[this.how](r.reservationIds[index]!);
    if (reservation.status === 'reserved') {
      if (this.how === 'refund') refundInModel(m, reservation);
      else reservation.status = 'settled';
    }
    await checkInvariants(m, r);
  }
  toString = () => `${this.how}(${this.pick})`;
}

class Credit implements Command {
  constructor(private readonly tokens: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const paymentId = `pay_${randomUUID()}`;
    r.paymentIds.push(paymentId);
    const outcome = await r.credits.creditConfirmedPayment({
      anonymousUserId: r.id,
      tokens: this.tokens,
      amountPence: minorUnits(299),
      currency: 'GBP',
      provider: 'test',
      providerPaymentId: paymentId,
    });
    m.tokens += this.tokens;
    m.payments += 1;
    expect(outcome).toEqual({ credited: true, balance: m.tokens });
    await checkInvariants(m, r);
  }
  toString = () => `credit(${this.tokens})`;
}

class DuplicateCredit implements Command {
  constructor(private readonly pick: number) {}
  check = (m: Readonly<Model>) => m.payments > 0;
  async run(m: Model, r: Real) {
    const paymentId = r.paymentIds[this.pick % r.paymentIds.length]!;
    const outcome = await r.credits.creditConfirmedPayment({ anonymousUserId: r.id, tokens: 50, amountPence: minorUnits(999), currency: 'GBP', provider: 'test', providerPaymentId: paymentId });
    expect(outcome).toEqual({ credited: false, balance: m.tokens });
    await checkInvariants(m, r);
  }
  toString = () => `duplicateCredit(${this.pick})`;
}

class Wait implements Command {
  constructor(private readonly minutes: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    r.clock.advance(this.minutes * 60_000);
    await checkInvariants(m, r);
  }
  toString = () => `wait(${this.minutes} min)`;
}

class NextMonth implements Command {
  check = () => true;
  async run(m: Model, r: Real) {
    r.clock.advance(31 * 24 * 3600_000);
    await checkInvariants(m, r);
  }
  toString = () => 'nextMonth';
}

const commands = fc.commands(
  [
    fc.constant(new Reserve()),
    fc.constant(new Reserve()),
    fc.tuple(fc.constantFrom('settle' as const, 'refund' as const), fc.nat()).map(([how, pick]) => new Close(how, pick)),
    fc.integer({ min: 1, max: 3 }).map((n) => new Credit(n)),
    fc.nat().map((pick) => new DuplicateCredit(pick)),
    fc.integer({ min: 1, max: 12 }).map((minutes) => new Wait(minutes)),
    fc.constant(new NextMonth()),
  ],
  { maxCommands: 25 },
);

const freshModel = (): Model => ({ tokens: 0, freeUsed: new Map(), reservations: [], payments: 0 });

describeEachDatabase('token ledger model', (open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.close());

  it('balance equals the sum of ledger entries and is never negative, after any sequence', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const clock = new FakeClock(new Date('2026-01-15T12:00:00Z'));
        const id = anAnonymousId();
        const real: Real = {
          id,
          clock,
          allowance: new PostgresScanAllowance(t.db, clock),
          credits: new PostgresScanCredits(t.db, clock),
          usage: new PostgresUsage(t.db, clock),
          reservationIds: [],
          paymentIds: [],
          ledgerSum: async () => (await sql<{ s: number }>`select coalesce(sum(tokens), 0)::integer as s from token_ledger where anonymous_user_id = ${id}`.execute(t.db)).rows[0]!.s,
        };
        await fc.asyncModelRun(() => ({ model: freshModel(), real }), cmds);
      }),
      { numRuns: 100 },
    );
  });
});

it('the in-memory fake obeys the same model', async () => {
  await fc.assert(
    fc.asyncProperty(commands, async (cmds) => {
      const clock = new FakeClock(new Date('2026-01-15T12:00:00Z'));
      const fake = new MemoryScanCredits(clock);
      const id = anAnonymousId();
      const real: Real = { id, clock, allowance: fake, credits: fake, usage: fake, reservationIds: [], paymentIds: [], ledgerSum: async () => fake.entries(id).reduce((s, e) => s + e.tokens, 0) };
      await fc.asyncModelRun(() => ({ model: freshModel(), real }), cmds);
    }),
    { numRuns: 200 },
  );
});
