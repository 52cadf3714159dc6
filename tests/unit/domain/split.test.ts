import { describe, expect, it } from 'vitest';
import { billSplit } from '../../../domain/bill';
import { aBill } from '../../support/builders';

const totals = (input: ReturnType<ReturnType<typeof aBill>['build']>) => billSplit(input).shares.map((s) => s.totalPence);

describe('billSplit', () => {
  it('gives each diner their own items and an equal tip share', () => {
    const bill = aBill().withDiners('a', 'b').withItem('pizza', 899, ['a']).withItem('coke', 299, ['b']).withTip(120).build();
    const split = billSplit(bill);
    expect(split.subtotalPence).toBe(1198);
    expect(split.totalPence).toBe(1318);
    expect(split.shares.map((s) => [s.itemsPence, s.tipPence, s.totalPence])).toEqual([
      [899, 60, 959],
      [299, 60, 359],
    ]);
  });

  it('divides a shared item so the pennies add up, and says who pays the extra penny', () => {
    const split = billSplit(aBill().withDiners('a', 'b', 'c').withItem('wine', 1000, ['a', 'b', 'c']).build());
    expect(split.shares.map((s) => s.totalPence)).toEqual([334, 333, 333]);
    expect(split.shares.map((s) => s.roundingPence)).toEqual([1, 0, 0]);
  });

  it('spreads leftover pennies across many shared lines instead of always charging the same diner', () => {
    const bill = aBill().withDiners('a', 'b', 'c');
    for (let i = 0; i < 9; i++) bill.withItem(`i${i}`, 100, ['a', 'b', 'c']);
    expect(totals(bill.build())).toEqual([300, 300, 300]);
  });

  it('counts unassigned items for nobody and flags them', () => {
    const split = billSplit(aBill().withDiners('a').withItem('x', 500, ['a']).withItem('lost', 250, []).build());
    expect(split.unassignedItemIds).toEqual(['lost']);
    expect(split.unassignedPence).toBe(250);
    expect(split.totalPence).toBe(750);
    expect(split.shares[0]!.totalPence).toBe(500);
  });

  it('never adds a VAT line again (UK prices include VAT)', () => {
    const split = billSplit(aBill().withDiners('a').withItem('x', 1200, ['a']).withItem('vat', 200, [], 'vat').build());
    expect(split.subtotalPence).toBe(1200);
    expect(split.unassignedItemIds).toEqual([]);
  });

  it('shares an unassigned service charge among diners with items and an unassigned discount among all', () => {
    const bill = aBill().withDiners('a', 'b', 'c').withItem('x', 1000, ['a']).withItem('y', 1000, ['b']).withItem('service', 250, [], 'service').withItem('offer', -300, [], 'discount').build();
    const split = billSplit(bill);
    expect(split.shares.map((s) => s.servicePence)).toEqual([125, 125, 0]);
    expect(split.shares.map((s) => s.discountPence)).toEqual([-100, -100, -100]);
    expect(split.shares.reduce((a, s) => a + s.totalPence, 0)).toBe(split.totalPence);
  });

  it('splits the tip in proportion to what each diner ate when asked', () => {
    const bill = aBill().withDiners('a', 'b').withItem('steak', 3000, ['a']).withItem('soup', 1000, ['b']).withTip(400, 'proportional').build();
    expect(billSplit(bill).shares.map((s) => s.tipPence)).toEqual([300, 100]);
  });

  it('ignores assignments to diners who are not on the bill', () => {
    const split = billSplit(aBill().withDiners('a').withItem('x', 500, ['ghost']).build());
    expect(split.unassignedItemIds).toEqual(['x']);
  });
});
