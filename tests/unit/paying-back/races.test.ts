import { describe, expect, it } from 'vitest';
import { nodeSecrets } from '../../../adapters/crypto/node-secrets';
import { MemoryRateLimiter } from '../../../adapters/memory/memory-rate-limiter';
import { MemoryStoredBills } from '../../../adapters/memory/memory-stored-bills';
import type { StoredBills } from '../../../ports/stored-bills';
import { Repayments } from '../../../src/application/paying-back/repayments';
import { ShareBill, type ShareBillInput } from '../../../src/application/paying-back/share-bill';
import { StoredReceipts } from '../../../src/application/paying-back/stored-receipts';
import { createStoredReceipt } from '../../support/stored-receipts';
import { FakeClock } from '../../support/clock';
import { billOf, type BillSketch } from '../../support/share-packets';

const bill: BillSketch = {
  tipPence: 0,
  diners: [
    { id: 'app-alice', name: 'Alice' },
    { id: 'app-ben', name: 'Ben' },
  ],
  items: [
    { name: 'Pie', pricePence: 1200, assignedTo: ['app-alice'] },
    { name: 'Ale', pricePence: 600, assignedTo: ['app-ben'] },
  ],
};
const withoutBen: BillSketch = { ...bill, diners: [bill.diners[0]!], items: [{ name: 'Pie', pricePence: 1800, assignedTo: ['app-alice'] }] };
const payee = { name: 'Alice', monzo: 'alicem' };

/** A bill sketched as tests write it, as the endpoint reads it off the wire. */
const withBill = (input: Omit<ShareBillInput, 'bill'> & { readonly bill: BillSketch }): ShareBillInput => ({ ...input, bill: billOf(input.bill) });

/** A store that runs `before` once, just before the next change takes the bill's lock: another process got there first. */
function interleaved(store: MemoryStoredBills): StoredBills & { before: (() => Promise<unknown>) | null } {
  const wrapped = Object.create(store) as StoredBills & { before: (() => Promise<unknown>) | null };
  wrapped.before = null;
  wrapped.change = async (receiptId, now, decide) => {
    const first = wrapped.before;
    wrapped.before = null;
    await first?.();
    return store.change(receiptId, now, decide);
  };
  return wrapped;
}

function setUp() {
  const clock = new FakeClock();
  const memory = new MemoryStoredBills();
  const store = interleaved(memory);
  const limiter = new MemoryRateLimiter(clock);
  return { memory, store, clock, share: new ShareBill(memory, nodeSecrets, limiter, clock), payments: new Repayments(store, nodeSecrets, limiter, clock, memory) };
}

describe('marks decided on the bill as its lock holds it', () => {
  it('refuses with diner_removed an "I\'ve paid" whose diner an edit took off after the link opened, and records nothing', async () => {
    const { memory, store, share, payments } = setUp();
    const made = await share.execute(withBill({ bill, payee }), 'organiser');
    if (!made.ok) throw new Error(made.error.code);
    const ben = made.value.diners.find((d) => d.id === 'app-ben')!;
    const stored = { receiptId: made.value.receiptId, organiserSecret: made.value.organiserSecret, dinerIds: { 'app-alice': made.value.diners[0]!.dinerId } };
    store.before = () => share.execute(withBill({ bill: withoutBen, payee, stored }), 'organiser');
    expect(await payments.dinerPaid({ receiptId: made.value.receiptId, dinerKey: ben.capability! }, 'ben-phone')).toEqual({ ok: false, error: { code: 'diner_removed' } });
    expect(await memory.payments(made.value.receiptId)).toEqual([]);
  });

  it('records the share as the bill stands under the lock, not as it was when the link opened', async () => {
    const { memory, store, share, payments } = setUp();
    const made = await share.execute(withBill({ bill, payee }), 'organiser');
    if (!made.ok) throw new Error(made.error.code);
    const [alice, ben] = made.value.diners;
    const stored = { receiptId: made.value.receiptId, organiserSecret: made.value.organiserSecret, dinerIds: { 'app-alice': alice!.dinerId, 'app-ben': ben!.dinerId } };
    const dearer = { ...bill, items: [bill.items[0]!, { ...bill.items[1]!, pricePence: 900 }] };
    store.before = () => share.execute(withBill({ bill: dearer, payee, stored }), 'organiser');
    expect((await payments.dinerPaid({ receiptId: made.value.receiptId, dinerKey: ben!.capability! }, 'ben-phone')).ok).toBe(true);
    expect((await memory.payments(made.value.receiptId)).map((p) => p.amountPence)).toEqual([900]);
  });

  it("lets the organiser's mark for a diner an edit removed meanwhile fail with diner_removed", async () => {
    const { store, share, payments } = setUp();
    const made = await share.execute(withBill({ bill, payee }), 'organiser');
    if (!made.ok) throw new Error(made.error.code);
    const ben = made.value.diners.find((d) => d.id === 'app-ben')!;
    const stored = { receiptId: made.value.receiptId, organiserSecret: made.value.organiserSecret, dinerIds: { 'app-alice': made.value.diners[0]!.dinerId } };
    store.before = () => share.execute(withBill({ bill: withoutBen, payee, stored }), 'organiser');
    const marked = await payments.mark({ receiptId: made.value.receiptId, organiserSecret: made.value.organiserSecret, dinerId: ben.dinerId, paid: true }, 'organiser');
    expect(marked).toEqual({ ok: false, error: { code: 'diner_removed' } });
  });
});

describe('receipts stored through the API', () => {
  it('open by the short diner id to read, and take "I\'ve paid" only from the diner\'s capability', async () => {
    const { memory, payments } = setUp();
    const receipts = new StoredReceipts(memory, new MemoryRateLimiter(new FakeClock()), nodeSecrets);
    const created = await createStoredReceipt(receipts, { tipPence: 0, diners: [{ id: 'a', name: 'Alice' }], items: [{ name: 'Pie', pricePence: 1200, assignedTo: ['a'] }] }, 'client');
    if (!created.ok) throw new Error(created.error.code);
    const [alice] = created.value.diners;
    expect(alice!.dinerId).toHaveLength(8);
    expect(alice!.capability).toHaveLength(27);
    const byId = { receiptId: created.value.receiptId, dinerKey: alice!.dinerId };
    expect(await payments.dinerPaid(byId, 'guesser')).toEqual({ ok: false, error: { code: 'capability_required' } });
    expect(await memory.payments(created.value.receiptId)).toEqual([]);
    expect(await payments.dinerPaid({ ...byId, dinerKey: alice!.capability }, 'alice-phone')).toEqual({ ok: true, value: true });
  });
});
