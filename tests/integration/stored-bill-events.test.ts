import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSecrets } from '../../adapters/crypto/node-secrets';
import { MemoryRateLimiter } from '../../adapters/memory/memory-rate-limiter';
import { MemoryStoredBills } from '../../adapters/memory/memory-stored-bills';
import { connectDatabase } from '../../adapters/postgres/connect';
import type { Database } from '../../adapters/postgres/database';
import { PostgresStoredBillEvents, PostgresStoredBills } from '../../adapters/postgres/postgres-stored-bills';
import type { RepaymentStatus } from '../../domain/paying-back/repayments';
import type { StoredBillEvents, StoredBills } from '../../ports/stored-bills';
import { Repayments } from '../../src/application/paying-back/repayments';
import { ShareBill } from '../../src/application/paying-back/share-bill';
import { FakeClock } from '../support/clock';
import { billOf, type BillSketch } from '../support/share-packets';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

// Issue 42: "I've paid" reaches the organiser's phone as it is said, not at the next poll. On
// Postgres the organiser watches from one process (its own pool and LISTEN connection) while Ben's
// "I've paid" and the organiser's own edit are made through another.

const bill: BillSketch = {
  name: 'The Crown',
  tipPence: 500,
  diners: [
    { id: 'app-alice', name: 'Alice' },
    { id: 'app-ben', name: 'Ben' },
    { id: 'app-cat', name: 'Cat' },
  ],
  items: [
    { name: 'Burger', pricePence: 1250, assignedTo: ['app-alice'] },
    { name: 'Nachos', pricePence: 1000, assignedTo: ['app-ben', 'app-cat'] },
  ],
};
const payee = { name: 'Alice', monzo: 'alicem' };

function processOn(bills: StoredBills, events: StoredBillEvents) {
  const clock = new FakeClock();
  const limiter = new MemoryRateLimiter(clock);
  return { share: new ShareBill(bills, nodeSecrets, limiter, clock), payments: new Repayments(bills, nodeSecrets, limiter, clock, events) };
}

/** Waits for a view that passes `check` among those heard. */
async function heardSuch(heard: RepaymentStatus[], check: (status: RepaymentStatus) => boolean): Promise<RepaymentStatus> {
  await expect.poll(() => heard.some(check), { timeout: 5000 }).toBe(true);
  return heard.find(check)!;
}

const paidBy = (status: RepaymentStatus) => status.diners.map((d) => [d.name, d.paid?.by ?? null]);

function suite(setUp: () => Promise<{ a: ReturnType<typeof processOn>; b: ReturnType<typeof processOn>; close(): Promise<void> }>) {
  let a: ReturnType<typeof processOn>;
  let b: ReturnType<typeof processOn>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await setUp());
  });
  afterAll(() => close());

  async function stored() {
    const made = await a.share.execute({ bill: billOf(bill), diningDate: '2026-11-21', payee }, 'organiser');
    if (!made.ok) throw new Error(made.error.code);
    return { ...made.value, capability: (id: string) => made.value.diners.find((d) => d.id === id)!.capability! };
  }

  it("hands the organiser's watch the view after Ben's I've paid, a mark and an edit made elsewhere, and nothing after it is closed", async () => {
    const s = await stored();
    const heard: RepaymentStatus[] = [];
    const watched = await a.payments.watch(s.receiptId, s.organiserSecret, 'organiser', (status) => heard.push(status));
    if (!watched.ok) throw new Error(watched.error.code);
    expect(paidBy(watched.value.status)).toEqual([
      ['Alice', null],
      ['Ben', null],
      ['Cat', null],
    ]);

    expect(await b.payments.dinerPaid({ receiptId: s.receiptId, dinerKey: s.capability('app-ben') }, 'ben-phone')).toEqual({ ok: true, value: true });
    const afterBen = await heardSuch(heard, (st) => st.paidCount === 1);
    expect(paidBy(afterBen)).toEqual([
      ['Alice', null],
      ['Ben', 'diner'],
      ['Cat', null],
    ]);
    expect(afterBen.summary).toMatch(/^1 of 3 paid/);

    const catId = s.diners.find((d) => d.id === 'app-cat')!.dinerId;
    await b.payments.mark({ receiptId: s.receiptId, organiserSecret: s.organiserSecret, dinerId: catId, paid: true }, 'organiser');
    await heardSuch(heard, (st) => st.paidCount === 2);

    // An edit made elsewhere (a bigger tip) shows as what is still to come from those who paid before it.
    const dinerIds = Object.fromEntries(s.diners.map((d) => [d.id, d.dinerId]));
    const edited = await b.share.execute(
      { bill: billOf({ ...bill, tipPence: 2000 }), diningDate: '2026-11-21', payee, stored: { receiptId: s.receiptId, organiserSecret: s.organiserSecret, dinerIds } },
      'organiser',
    );
    expect(edited.ok).toBe(true);
    const afterEdit = await heardSuch(heard, (st) => st.outstandingPence > 0 && st.paidCount === 0);
    expect(afterEdit.diners.find((d) => d.name === 'Ben')!.leftPence).toBeGreaterThan(0);
    // The last view handed out is the bill as it now stands.
    const now = await a.payments.status(s.receiptId, s.organiserSecret);
    await expect.poll(() => heard.at(-1), { timeout: 5000 }).toEqual(now.ok ? now.value : null);

    watched.value.close();
    const count = heard.length;
    await b.payments.mark({ receiptId: s.receiptId, organiserSecret: s.organiserSecret, dinerId: catId, paid: false }, 'organiser');
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toHaveLength(count);
  });

  it('refuses a watch without the organiser’s secret, or of a bill that is not there, before listening', async () => {
    const s = await stored();
    expect(await a.payments.watch(s.receiptId, s.capability('app-ben'), 'ben-phone', () => undefined)).toEqual({ ok: false, error: { code: 'not_organiser' } });
    expect(await a.payments.watch('nosuchbill2345', s.organiserSecret, 'organiser', () => undefined)).toEqual({ ok: false, error: { code: 'bill_not_found' } });
  });

  it('tells two watches of one bill, and neither of another bill’s changes', async () => {
    const [first, second] = [await stored(), await stored()];
    const one: RepaymentStatus[] = [];
    const two: RepaymentStatus[] = [];
    const w1 = await a.payments.watch(first.receiptId, first.organiserSecret, 'organiser', (st) => one.push(st));
    const w2 = await b.payments.watch(first.receiptId, first.organiserSecret, 'organiser', (st) => two.push(st));
    if (!w1.ok || !w2.ok) throw new Error('not watched');
    await b.payments.dinerPaid({ receiptId: second.receiptId, dinerKey: second.capability('app-ben') }, 'ben-phone');
    await a.payments.dinerPaid({ receiptId: first.receiptId, dinerKey: first.capability('app-cat') }, 'cat-phone');
    await heardSuch(one, (st) => st.paidCount === 1);
    await heardSuch(two, (st) => st.paidCount === 1);
    expect([...one, ...two].every((st) => paidBy(st).find(([name]) => name === 'Ben')![1] === null)).toBe(true);
    w1.value.close();
    w2.value.close();
  });
}

describeEachDatabase('stored bill events: the organiser’s view follows every change', (open) => {
  suite(async () => {
    const database: TestDatabase = await open();
    // On Postgres a second pool stands for a second app process; PGlite has one process only.
    const second: Kysely<Database> | null = database.url === null ? null : await connectDatabase({ kind: 'postgres', url: database.url });
    const [eventsA, eventsB] = [new PostgresStoredBillEvents(database.db), new PostgresStoredBillEvents(second ?? database.db)];
    return {
      a: processOn(new PostgresStoredBills(database.db), eventsA),
      b: processOn(new PostgresStoredBills(second ?? database.db), eventsB),
      close: async () => {
        await eventsA.close();
        await eventsB.close();
        await second?.destroy();
        await database.close();
      },
    };
  });
});

describe('stored bill events in memory (the test fake)', () => {
  suite(async () => {
    const memory = new MemoryStoredBills();
    return { a: processOn(memory, memory), b: processOn(memory, memory), close: async () => undefined };
  });
});
