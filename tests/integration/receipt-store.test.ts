import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemoryReceiptStore } from '../../adapters/memory/memory-receipt-store';
import { PostgresReceiptStore } from '../../adapters/postgres/postgres-receipt-store';
import { newStoredReceipt, type NewReceiptRequest } from '../../domain/sharing/new-receipt';
import { dinerBreakdown } from '../../domain/sharing/stored-receipt';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const request: NewReceiptRequest = {
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

function make(r: NewReceiptRequest = request) {
  const made = newStoredReceipt(r, random);
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

describeEachDatabase('stored receipts', (open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.close());

  it('reads back exactly what was stored, items and diners in order, assignments included', async () => {
    const store = new PostgresReceiptStore(t.db);
    const { receipt } = make();
    await store.save(receipt);
    expect(await store.find(receipt.id)).toEqual(receipt);
  });

  it('keeps how the tip is shared', async () => {
    const store = new PostgresReceiptStore(t.db);
    const { receipt } = make({ ...request, tipSplit: 'proportional' });
    await store.save(receipt);
    expect((await store.find(receipt.id))?.tipSplit).toBe('proportional');
  });

  it('keeps the bill’s currency and the organiser’s rate', async () => {
    const store = new PostgresReceiptStore(t.db);
    for (const currency of ['JPY', 'KWD', 'EUR']) {
      const { receipt } = make({ ...request, currency, payBackRate: '0.0052' });
      await store.save(receipt);
      expect(await store.find(receipt.id)).toEqual(receipt);
    }
  });

  it('answers null for an unknown id and keeps receipts apart', async () => {
    const store = new PostgresReceiptStore(t.db);
    const first = make().receipt;
    const second = make().receipt;
    await store.save(first);
    await store.save(second);
    expect(await store.find('nope')).toBeNull();
    expect((await store.find(second.id))?.diners.map((d) => d.id)).toEqual(second.diners.map((d) => d.id));
  });

  it('gives every diner the same breakdown as the in-memory fake, summing to the bill', async () => {
    const real = new PostgresReceiptStore(t.db);
    const fake = new MemoryReceiptStore();
    const { receipt, dinerIds } = make();
    await real.save(receipt);
    await fake.save(receipt);
    const fromDb = (await real.find(receipt.id))!;
    const fromFake = (await fake.find(receipt.id))!;
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
    const store = new PostgresReceiptStore(t.db);
    const { receipt } = make();
    const broken = { ...receipt, items: [...receipt.items, { ...receipt.items[0]!, assignedTo: ['not-a-diner'] }] };
    await expect(store.save(broken)).rejects.toThrow();
    expect(await store.find(receipt.id)).toBeNull();
  });
});
