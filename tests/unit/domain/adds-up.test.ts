import { describe, expect, it } from 'vitest';
import { addsUpView, roundingNote, sharesAddUp, unassignedCount, unassignedMessage } from '../../../domain/adds-up';
import { billSplit } from '../../../domain/bill';
import { aBill } from '../../support/builders';
import { GBP } from '../../../domain/currency';

const named = (input: ReturnType<ReturnType<typeof aBill>['build']>) => input.items.map((i) => ({ ...i, name: i.id.toUpperCase() }));

describe('nothing goes out that does not add up', () => {
  it('says "1 item is not" for one and the documents\' plural otherwise', () => {
    expect(unassignedMessage(1)).toBe('1 item is not assigned to any diner');
    expect(unassignedMessage(2)).toBe('2 items are not assigned to any diner');
  });

  it('names what is unassigned, how much, and the shares against the Grand Total (issue 28: a £2.99 drink)', () => {
    const bill = aBill().withDiners('a', 'b').withItem('pizza', 1049, ['a', 'b']).withItem('coke', 299, []).build();
    const split = billSplit(bill);
    expect(sharesAddUp(split)).toBe(false);
    expect(unassignedCount(split)).toBe(1);
    expect(addsUpView(named(bill), split, GBP)).toEqual({
      addsUp: false,
      message: '1 item is not assigned to any diner',
      detail: "Everyone's shares add up to £10.49 of the £13.48 Grand Total.",
      lines: [{ itemId: 'coke', name: 'COKE', pence: 299, whole: true }],
    });
  });

  it('adds up when everything is assigned, and an unassigned discount or service charge falls on the table', () => {
    const bill = aBill().withDiners('a', 'b').withItem('pizza', 1049, ['a']).withItem('off', -200, [], 'discount').withItem('svc', 150, [], 'service').withTip(100).build();
    const split = billSplit(bill);
    expect(sharesAddUp(split)).toBe(true);
    expect(unassignedCount(split)).toBeNull();
    expect(addsUpView(named(bill), split, GBP).addsUp).toBe(true);
  });

  it('a split by units with units nobody had is only partly unassigned', () => {
    const bill = aBill()
      .withDiners('a', 'b')
      .withLine({ id: 'beer', name: '3 x Peroni', pricePence: 1500, assignedTo: ['a'], portions: { by: 'units', quantity: 3, counts: { a: 1 } } })
      .build();
    const split = billSplit(bill);
    expect(addsUpView(bill.items, split, GBP).lines).toEqual([{ itemId: 'beer', name: '3 x Peroni', pence: 1000, whole: false }]);
  });
});

describe('the rounding note tells the truth', () => {
  it('is on the share rounding raised, saying by how much, and on no other', () => {
    const split = billSplit(aBill().withDiners('a', 'b', 'c').withItem('wine', 1000, ['a', 'b', 'c']).build());
    expect(split.shares.map((s) => roundingNote(s, GBP))).toEqual(['pays 0.67p more than an exact split, so the pennies add up', null, null]);
  });

  it('is on no share that is exact (issue 28: Items £18.95 · Tip £2.12 = £21.07)', () => {
    const split = billSplit(aBill().withDiners('a', 'b', 'c', 'd').withItem('mine', 1895, ['a']).withItem('x', 1000, ['b', 'c', 'd']).withTip(848).build());
    expect(split.shares[0]!.totalPence).toBe(2107);
    expect(roundingNote(split.shares[0]!, GBP)).toBeNull();
  });

  it('a quarter of a penny reads as 0.25p, never as a whole penny', () => {
    const split = billSplit(aBill().withDiners('a', 'b', 'c', 'd').withItem('mine', 1895, ['a']).withTip(847).build());
    const raised = split.shares.filter((s) => roundingNote(s, GBP) !== null);
    expect(raised.map((s) => roundingNote(s, GBP))).toEqual([
      'pays 0.25p more than an exact split, so the pennies add up',
      'pays 0.25p more than an exact split, so the pennies add up',
      'pays 0.25p more than an exact split, so the pennies add up',
    ]);
  });
});
