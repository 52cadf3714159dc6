import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemoryStoredBills } from '../../adapters/memory/memory-stored-bills';
import { PostgresStoredBills } from '../../adapters/postgres/postgres-stored-bills';
import type { BillAccess, StoredBillChange, StoredBills } from '../../ports/stored-bills';
import { ok } from '../../domain/result';
import { newStoredBill, type StoredBillTerms } from '../../domain/paying-back/new-stored-bill';
import { billOfStoredReceiptRequest, type StoredReceiptRequest } from '../../src/contracts/stored-receipts';
import { dinerBreakdown } from '../../domain/paying-back/stored-bill';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const request: StoredReceiptRequest = {
  merchant: 'The Crown',
  diningDate: '2026-11-21',
  serviceChargePence: 1001,
  tipPence: 500,
  diners: [
    { id: 'a', name: 'Alice', monzo: 'alicem', revolut: null, paypal: 'AliceP' },
    { id: 'b', name: 'Ben', revolut: 'benr' },
    { id: 'c', name: 'Cat' },
  ],
  items: [
    { name: 'Burger', pricePence: 1250, assignedTo: ['a'] },
    { name: 'Nachos', pricePence: 1000, assignedTo: ['b', 'a'] },
    { name: 'Olives', pricePence: 375, assignedTo: [] },
    { name: '2 for 1', pricePence: -300, kind: 'discount', assignedTo: ['b'] },
  ],
};

/** The documents' receipt, with the app's terms beside it when given. */
function make(r: StoredReceiptRequest = request, terms: StoredBillTerms = {}) {
  const read = billOfStoredReceiptRequest(r);
  if (!read.ok) throw new Error(read.error);
  const made = newStoredBill(read.value.bill, { ...read.value.terms, ...terms }, random);
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

/** A receipt stored through the API: no organiser, no expiry (and, here, no capabilities). */
const API_RECEIPT: BillAccess = { organiserSecretHash: null, dinerCapabilityHashes: new Map(), expiresAt: null };

const bill = async (store: StoredBills, id: string) => (await store.find(id, new Date()))?.stored ?? null;

describeEachDatabase('stored bills: receipts stored through the API', (open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.close());

  it('reads back exactly what was stored, items and diners in order, assignments included', async () => {
    const store = new PostgresStoredBills(t.db);
    const { stored: receipt } = make();
    await store.create(receipt, API_RECEIPT);
    expect(await bill(store, receipt.id)).toEqual(receipt);
  });

  it('keeps how the tip is shared', async () => {
    const store = new PostgresStoredBills(t.db);
    const { stored: receipt } = make({ ...request, tipSplit: 'proportional' });
    await store.create(receipt, API_RECEIPT);
    expect((await bill(store, receipt.id))?.bill.tipSplit).toBe('proportional');
  });

  it('keeps the bill’s currency and the organiser’s rate', async () => {
    const store = new PostgresStoredBills(t.db);
    for (const currency of ['JPY', 'KWD', 'EUR']) {
      const { stored: receipt } = make({ ...request, currency }, { payBackRate: '0.0052' });
      await store.create(receipt, API_RECEIPT);
      expect(await bill(store, receipt.id)).toEqual(receipt);
    }
  });

  it('keeps the payee’s IBAN, BIC and UPI id, bare as checked', async () => {
    const store = new PostgresStoredBills(t.db);
    const { stored: receipt } = make({ ...request, currency: 'EUR' }, { payeeName: 'Alice', payeeAccounts: { iban: 'de89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', upi: 'alice@okaxis' } });
    await store.create(receipt, API_RECEIPT);
    expect((await bill(store, receipt.id))?.payee.accounts).toEqual({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', upi: 'alice@okaxis' });
  });

  it('answers null for an unknown id and keeps receipts apart', async () => {
    const store = new PostgresStoredBills(t.db);
    const first = make().stored;
    const second = make().stored;
    await store.create(first, API_RECEIPT);
    await store.create(second, API_RECEIPT);
    expect(await bill(store, 'nope')).toBeNull();
    expect((await bill(store, second.id))?.bill.diners.map((d) => d.id)).toEqual(second.bill.diners.map((d) => d.id));
  });

  it('gives every diner the same breakdown as the in-memory fake, summing to the bill', async () => {
    const real = new PostgresStoredBills(t.db);
    const fake = new MemoryStoredBills();
    const { stored: receipt, dinerIds } = make();
    await real.create(receipt, API_RECEIPT);
    await fake.create(receipt, API_RECEIPT);
    const fromDb = (await bill(real, receipt.id))!;
    const fromFake = (await bill(fake, receipt.id))!;
    const totals = ['a', 'b', 'c'].map((id) => {
      const a = dinerBreakdown(fromDb, dinerIds.get(id)!);
      expect(a).toEqual(dinerBreakdown(fromFake, dinerIds.get(id)!));
      return a.ok ? a.value.totalPence : NaN;
    });
    // Olives are nobody's; service 1001 and tip 500 fall on Alice and Ben only.
    expect(totals).toEqual([1250 + 500 + 501 + 250, 500 - 300 + 500 + 250, 0]);
    expect(totals.reduce((x, y) => x + y, 0)).toBe(1250 + 1000 - 300 + 1001 + 500);
  });

  it('writes nothing when part of a receipt is refused (one transaction)', async () => {
    const store = new PostgresStoredBills(t.db);
    const { stored: receipt } = make();
    const broken = { ...receipt, bill: { ...receipt.bill, items: [...receipt.bill.items, { ...receipt.bill.items[0]!, assignedTo: ['not-a-diner'] }] } };
    await expect(store.create(broken, API_RECEIPT)).rejects.toThrow();
    expect(await bill(store, receipt.id)).toBeNull();
  });
});

describeEachDatabase('stored bills: the in-memory fake keeps the organiser’s side as the database does', (open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.close());

  /** Shares a bill, marks payments, then edits Cat out: what each store answers along the way. */
  async function story(store: StoredBills) {
    const { stored: receipt, dinerIds } = make();
    const [alice, ben, cat] = ['a', 'b', 'c'].map((id) => dinerIds.get(id)!);
    const expiresAt = new Date('2030-01-01T00:00:00Z');
    const hashes = new Map([
      [alice!, 'hash-a'],
      [ben!, 'hash-b'],
      [cat!, 'hash-c'],
    ]);
    await store.create(receipt, { organiserSecretHash: 'organiser', dinerCapabilityHashes: hashes, expiresAt });
    const opened = [await store.dinerFor(receipt.id, { capabilityHash: 'hash-b', plainId: 'x' }), await store.dinerFor(receipt.id, { capabilityHash: 'nope', plainId: ben! })];
    const at = new Date('2026-11-26T10:00:00Z');
    const change = (c: StoredBillChange) => store.change(receipt.id, at, () => ok(c));
    await change({ type: 'markPaid', dinerId: ben!, by: 'diner', at, amountPence: 700 });
    await change({ type: 'markPaid', dinerId: ben!, by: 'organiser', at, amountPence: 500 });
    await change({ type: 'markPaid', dinerId: cat!, by: 'organiser', at, amountPence: 100 });
    const before = await store.payments(receipt.id);
    const withoutCat = {
      ...receipt,
      bill: { ...receipt.bill, diners: receipt.bill.diners.filter((d) => d.id !== cat), items: receipt.bill.items.map((i) => ({ ...i, assignedTo: i.assignedTo.filter((d) => d !== cat) })) },
    };
    await change({ type: 'replace', stored: withoutCat, access: { organiserSecretHash: 'organiser', dinerCapabilityHashes: new Map(), expiresAt } });
    const after = await store.payments(receipt.id);
    // What a change is decided on is the bill as it stands: Cat is gone from it.
    let seen: string[] = [];
    await store.change(receipt.id, at, (held) => {
      seen = held.stored.bill.diners.map((d) => d.name);
      return ok({ type: 'markUnpaid', dinerId: ben! });
    });
    const found = await store.find(receipt.id, at);
    const late = await store.change(receipt.id, new Date('2030-01-02T00:00:00Z'), () => ok({ type: 'markUnpaid', dinerId: alice! }));
    return {
      opened: opened.map((o) => o?.dinerId === ben && o?.byCapability === true),
      seen,
      late,
      before: before.map((p) => [p.dinerId === ben ? 'ben' : 'cat', p.paidBy, p.amountPence]).sort(),
      after: after.map((p) => [p.dinerId === ben ? 'ben' : 'cat', p.paidBy, p.amountPence]),
      unpaid: await store.payments(receipt.id),
      diners: found?.stored.bill.diners.map((d) => d.name),
      organiser: found?.organiserSecretHash,
      expired: await store.find(receipt.id, new Date('2030-01-02T00:00:00Z')),
    };
  }

  it('opens diners by capability only, keeps the larger mark, drops a removed diner’s and hides an expired bill', async () => {
    const real = await story(new PostgresStoredBills(t.db));
    expect(real).toEqual({
      opened: [true, false],
      seen: ['Alice', 'Ben'],
      late: { ok: false, error: { code: 'bill_not_found' } },
      before: [
        ['ben', 'diner', 700],
        ['cat', 'organiser', 100],
      ],
      after: [['ben', 'diner', 700]],
      unpaid: [],
      diners: ['Alice', 'Ben'],
      organiser: 'organiser',
      expired: null,
    });
    expect(await story(new MemoryStoredBills())).toEqual(real);
  });

  it('opens a receipt stored through the API by capability to act, and by plain diner id to read only', async () => {
    for (const store of [new PostgresStoredBills(t.db), new MemoryStoredBills()]) {
      const { stored: receipt, dinerIds } = make();
      const [alice, hash] = [dinerIds.get('a')!, `hash-${receipt.id}`];
      await store.create(receipt, { ...API_RECEIPT, dinerCapabilityHashes: new Map([[alice, hash]]) });
      expect(await store.dinerFor(receipt.id, { capabilityHash: hash, plainId: 'x' })).toEqual({ dinerId: alice, byCapability: true });
      expect(await store.dinerFor(receipt.id, { capabilityHash: 'nope', plainId: alice })).toEqual({ dinerId: alice, byCapability: false });
    }
  });

  it('refuses an item shared with someone not on the bill, as the database does', async () => {
    const { stored: receipt } = make();
    const broken = { ...receipt, bill: { ...receipt.bill, items: [{ ...receipt.bill.items[0]!, assignedTo: ['not-a-diner'] }] } };
    await expect(new MemoryStoredBills().create(broken, API_RECEIPT)).rejects.toThrow();
    await expect(new PostgresStoredBills(t.db).create(broken, API_RECEIPT)).rejects.toThrow();
  });
});
