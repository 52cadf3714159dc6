import { aPacket, billOf } from '../../support/share-packets';
import { describe, expect, it } from 'vitest';
import { billSplit } from '../../../domain/bill';
import { GBP } from '../../../domain/currency';
import { billOfPacket } from '../../../domain/sharing/packet-view';
import { newStoredBill } from '../../../domain/paying-back/new-stored-bill';
import { shareSummary } from '../../../domain/sharing/share-text';

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

// A service charge and a voucher on nobody, a tip shared by what each had, Ben paying the restaurant.
const organisers = {
  currency: GBP,
  name: 'The Crown · 21 Nov 2026',
  diners: [
    { id: 'a', name: 'Alice' },
    { id: 'b', name: 'Ben' },
    { id: 'c', name: 'Cat' },
  ],
  items: [
    { name: 'Burger', pricePence: 1250, assignedTo: ['a'] },
    { name: 'Nachos', pricePence: 1001, assignedTo: ['a', 'b', 'c'] },
    { name: 'Service Charge', pricePence: 282, kind: 'service' as const, assignedTo: [] },
    { name: 'Voucher', pricePence: -300, kind: 'discount' as const, assignedTo: [] },
  ],
  tipPence: 333,
  tipSplit: 'proportional' as const,
  payerId: 'b',
};

describe('one bill, however it travels', () => {
  it('splits the same, penny for penny, from a share link, a stored bill and the share dialog', () => {
    const packet = aPacket(organisers, 0);
    const stored = newStoredBill(billOf(organisers), {}, random, { scoped: true });
    const dialog = shareSummary(billOf(organisers), null);
    if (!packet.ok || !stored.ok || !dialog.ok || dialog.value.kind !== 'complete') throw new Error('refused');
    const fromLink = billOfPacket(packet.value);
    const fromStore = stored.value.stored.bill;
    const totals = (bill: typeof fromLink) => billSplit(bill).shares.map((s) => s.totalPence);
    expect(totals(fromStore)).toEqual(totals(fromLink));
    expect(dialog.value.amounts.map((a) => a.totalPence)).toEqual(totals(fromLink));
    expect(totals(fromLink).reduce((sum, t) => sum + t, 0)).toBe(1250 + 1001 + 282 - 300 + 333);
    // Each names the bill and who paid it in its own ids.
    expect([fromLink.name, fromLink.payerId]).toEqual([organisers.name, '2']);
    expect([fromStore.name, fromStore.payerId]).toEqual([organisers.name, stored.value.dinerIds.get('b')]);
  });
});
