import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from '../../../domain/money';
import type { StoredReceiptRequest } from '../../../src/contracts/stored-receipts';
import { storedReceiptOf } from '../../support/stored-receipts';
import { repaymentLinks } from '../../../domain/paying-back/repayment-links';
import { dinerBreakdown } from '../../../domain/paying-back/stored-bill';
import { GBP } from '../../../domain/currency';

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

const request: StoredReceiptRequest = {
  merchant: 'The Crown',
  diningDate: '2026-11-21',
  serviceChargePence: 1000,
  tipPence: 500,
  diners: [
    { id: 'a', name: 'Alice', monzo: 'alicem', paypal: '@AliceP' },
    { id: 'b', name: 'Ben', revolut: 'benr' },
    { id: 'c', name: 'Cat' },
  ],
  items: [
    { name: 'Burger', pricePence: 1250, assignedTo: ['a'] },
    { name: 'Nachos', pricePence: 1000, assignedTo: ['a', 'b'] },
    { name: 'Voucher', pricePence: -300, kind: 'discount', assignedTo: [] },
  ],
};

function stored(r: StoredReceiptRequest = request) {
  const made = storedReceiptOf(r, random);
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

describe('stored receipt breakdown', () => {
  it('splits service charge and tip among diners with items only, discounts across everyone, exact to the penny', () => {
    const { stored: receipt, dinerIds } = stored();
    const alice = dinerBreakdown(receipt, dinerIds.get('a')!);
    const ben = dinerBreakdown(receipt, dinerIds.get('b')!);
    const cat = dinerBreakdown(receipt, dinerIds.get('c')!);
    if (!alice.ok || !ben.ok || !cat.ok) throw new Error('expected breakdowns');
    expect(alice.value.serviceChargePence).toBe(500);
    expect(alice.value.tipPence).toBe(250);
    expect(cat.value.serviceChargePence).toBe(0);
    expect(cat.value.tipPence).toBe(0);
    expect(cat.value.lines).toEqual([{ name: 'Voucher', kind: 'discount', fullPricePence: -300, sharePence: -100, sharedWith: 3 }]);
    expect(alice.value.totalPence).toBe(1250 + 500 - 100 + 500 + 250);
    expect(ben.value.totalPence).toBe(500 - 100 + 500 + 250);
    expect(alice.value.totalPence + ben.value.totalPence + cat.value.totalPence).toBe(1250 + 1000 - 300 + 1000 + 500);
    expect(alice.value.merchant).toBe('The Crown');
  });

  it('keeps the tip equal by default, and shares it by what each had when asked, exact to the penny', () => {
    expect(stored().stored.bill.tipSplit).toBe('equal');
    const { stored: receipt, dinerIds } = stored({ ...request, tipSplit: 'proportional' });
    const [alice, ben, cat] = ['a', 'b', 'c'].map((id) => dinerBreakdown(receipt, dinerIds.get(id)!));
    if (!alice?.ok || !ben?.ok || !cat?.ok) throw new Error('expected breakdowns');
    // Items: Alice 1250 + 500, Ben 500, so the 500 tip goes 388.89 / 111.11 and Alice takes the odd penny.
    expect([alice.value.tipPence, ben.value.tipPence, cat.value.tipPence]).toEqual([389, 111, 0]);
    expect(alice.value.totalPence + ben.value.totalPence + cat.value.totalPence).toBe(1250 + 1000 - 300 + 1000 + 500);
  });

  it('always sums the diners’ totals to the bill', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: fc.integer({ min: 1, max: 50_000 }), mask: fc.integer({ min: 0, max: 15 }) }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (items, service, tip) => {
          const ids = ['a', 'b', 'c', 'd'];
          const r: StoredReceiptRequest = {
            serviceChargePence: service,
            tipPence: tip,
            diners: ids.map((id) => ({ id, name: id })),
            items: items.map((i, n) => ({ name: `i${n}`, pricePence: i.price, assignedTo: ids.filter((_, k) => (i.mask >> k) & 1) })),
          };
          const { stored: receipt, dinerIds } = stored(r);
          const totals = ids.map((id) => {
            const b = dinerBreakdown(receipt, dinerIds.get(id)!);
            return b.ok ? b.value.totalPence : NaN;
          });
          const assigned = items.filter((i) => i.mask !== 0).reduce((a, i) => a + i.price, 0);
          // Service and tip always land on someone (everyone, when nobody has an item yet).
          expect(totals.reduce((a, b) => a + b, 0)).toBe(assigned + service + tip);
        },
      ),
    );
  });

  it('falls back to "Your Split" without a merchant and refuses an unknown diner', () => {
    const { stored: receipt } = stored({ ...request, merchant: null });
    const b = dinerBreakdown(receipt, receipt.bill.diners[0]!.id);
    expect(b.ok && b.value.merchant).toBe('Your Split');
    expect(dinerBreakdown(receipt, 'nobody')).toEqual({ ok: false, error: 'Person not found' });
  });

  it('gives the documents’ messages for invalid receipts', () => {
    const problem = (change: Partial<StoredReceiptRequest>) => {
      const r = storedReceiptOf({ ...request, ...change }, random);
      return r.ok ? null : r.error;
    };
    expect(problem({ items: [] })).toBe('No items in receipt');
    expect(problem({ diners: [] })).toBe('No diners specified');
    expect(problem({ tipPence: -5 })).toBe('Tip cannot be negative');
    expect(problem({ items: [{ name: 'x', pricePence: 1, assignedTo: ['zz'] }] })).toBe('Person not found');
    expect(problem({ diners: [{ id: 'a', name: 'A', monzo: 'bad handle/../x' }] })).toBe('Invalid share packet format');
    expect(problem({ serviceChargePence: -1 })).toBe('Invalid share packet format');
    expect(problem({ currency: 'YEN' })).toBe('Invalid share packet format');
  });

  it('keeps the receipt’s service charge as one service line on nobody, and none when it is 0', () => {
    const lines = (r: StoredReceiptRequest) => stored(r).stored.bill.items.filter((i) => i.kind === 'service');
    expect(lines(request)).toEqual([{ id: expect.any(String), name: 'Service charge', pricePence: 1000, kind: 'service', assignedTo: [] }]);
    expect(lines({ ...request, serviceChargePence: 0 })).toEqual([]);
    expect(lines({ ...request, serviceChargePence: null })).toEqual([]);
  });

  it('makes short ids of the unambiguous alphabet', () => {
    const { stored: receipt } = stored();
    expect(receipt.id).toMatch(/^[2-9a-hjkmnp-z]{14}$/);
    for (const d of receipt.bill.diners) expect(d.id).toMatch(/^[2-9a-hjkmnp-z]{8}$/);
  });
});

describe('payment links', () => {
  it('fills the amount in for Monzo and PayPal, and links Revolut to the profile', () => {
    expect(repaymentLinks({ monzo: 'alicem', revolut: '@benr', paypal: 'AliceP' }, minorUnits(1234), GBP)).toEqual([
      { provider: 'monzo', handle: 'alicem', url: 'https://monzo.me/alicem/12.34', amountFilled: true },
      { provider: 'revolut', handle: 'benr', url: 'https://revolut.me/benr', amountFilled: false },
      { provider: 'paypal', handle: 'AliceP', url: 'https://paypal.me/AliceP/12.34GBP', amountFilled: true },
    ]);
  });

  it('drops handles that are not handles, and the amount when nothing is owed', () => {
    expect(repaymentLinks({ monzo: 'x/../evil', revolut: null, paypal: 'p' }, minorUnits(0), GBP)).toEqual([{ provider: 'paypal', handle: 'p', url: 'https://paypal.me/p', amountFilled: false }]);
  });
});
