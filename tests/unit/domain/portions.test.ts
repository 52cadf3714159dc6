import { describe, expect, it } from 'vitest';
import { minorUnits } from '../../../domain/money';
import { allocate, isEveryone, portionParts, printedQuantity, withEveryoneToggled, withoutDiner, withPortionCount, withQuantity, withSplitMode, type PortionedItem } from '../../../domain/portions';
import { sharedLines } from '../../../domain/sharing/shared-lines';
import { billSplit } from '../../../domain/bill';
import { aBill } from '../../support/builders';

const line = (pricePence: number, assignedTo: string[] = []): PortionedItem & { name: string } => ({ name: 'Peroni', pricePence: minorUnits(pricePence), assignedTo });
const totals = (bill: ReturnType<ReturnType<typeof aBill>['build']>) => billSplit(bill).shares.map((s) => s.totalPence);

describe('split by units', () => {
  it('gives each of three diners one unit of a 3-unit line, to the penny', () => {
    const bill = aBill()
      .withDiners('a', 'b', 'c')
      .withPortionedItem('peroni', 1650, { by: 'units', quantity: 3, counts: { a: 1, b: 1, c: 1 } });
    expect(totals(bill.build())).toEqual([550, 550, 550]);
    const uneven = aBill()
      .withDiners('a', 'b', 'c')
      .withPortionedItem('peroni', 1000, { by: 'units', quantity: 3, counts: { a: 1, b: 1, c: 1 } });
    expect(totals(uneven.build())).toEqual([334, 333, 333]);
  });

  it('charges units by what each had and leaves units nobody had unassigned', () => {
    const split = billSplit(
      aBill()
        .withDiners('a', 'b')
        .withPortionedItem('peroni', 1650, { by: 'units', quantity: 3, counts: { a: 1 } })
        .build(),
    );
    expect(split.shares.map((s) => s.totalPence)).toEqual([550, 0]);
    expect(split.unassignedItemIds).toEqual(['peroni']);
    expect(split.unassignedPence).toBe(1100);
    expect(split.subtotalPence).toBe(1650);
  });

  it('reads a quantity printed at the start of a line', () => {
    expect(printedQuantity('3 x Peroni')).toBe(3);
    expect(printedQuantity('2x Coke')).toBe(2);
    expect(printedQuantity('4 × Beer')).toBe(4);
    expect(printedQuantity('1 x Pizza')).toBeNull();
    expect(printedQuantity('Peroni 3 x')).toBeNull();
    expect(printedQuantity('300g steak')).toBeNull();
  });

  it('never gives out more units than the line has, and a smaller quantity takes units back from the last diners', () => {
    let item = withSplitMode(line(1650, ['a', 'b', 'c']), 'units', 3);
    expect(item.portions).toEqual({ by: 'units', quantity: 3, counts: { a: 1, b: 1, c: 1 } });
    item = withPortionCount(item, 'a', 5);
    expect(item.portions?.counts).toEqual({ a: 1, b: 1, c: 1 });
    item = withPortionCount(withPortionCount(item, 'c', 0), 'a', 5);
    expect(item.portions?.counts).toEqual({ a: 2, b: 1 });
    expect(item.assignedTo).toEqual(['a', 'b']);
    item = withQuantity(item, 2);
    expect(item.portions).toEqual({ by: 'units', quantity: 2, counts: { a: 2 } });
    expect(item.assignedTo).toEqual(['a']);
  });

  it('offers no more units than the quantity when switched on with more diners ticked', () => {
    const item = withSplitMode(line(1000, ['a', 'b', 'c']), 'units', 2);
    expect(item.assignedTo).toEqual(['a', 'b']);
  });
});

describe('split by shares', () => {
  it('divides a line 2:1', () => {
    expect(
      totals(
        aBill()
          .withDiners('a', 'b')
          .withPortionedItem('steak', 3000, { by: 'shares', counts: { a: 2, b: 1 } })
          .build(),
      ),
    ).toEqual([2000, 1000]);
    expect(
      totals(
        aBill()
          .withDiners('a', 'b')
          .withPortionedItem('steak', 1000, { by: 'shares', counts: { a: 2, b: 1 } })
          .build(),
      ),
    ).toEqual([667, 333]);
  });

  it('starts every ticked diner at one share, and a diner taken off leaves the others their shares', () => {
    const item = withPortionCount(withSplitMode(line(900, ['a', 'b']), 'shares'), 'a', 2);
    expect(item.portions?.counts).toEqual({ a: 2, b: 1 });
    const without = withoutDiner(item, 'a');
    expect(without.assignedTo).toEqual(['b']);
    expect(without.portions?.counts).toEqual({ b: 1 });
  });
});

describe('Everyone', () => {
  it('puts the whole table on a line equally in one tap, and takes it off again', () => {
    const item = withEveryoneToggled(withSplitMode(line(900, ['a']), 'shares'), ['a', 'b', 'c']);
    expect(item.assignedTo).toEqual(['a', 'b', 'c']);
    expect(item.portions).toBeUndefined();
    expect(isEveryone(item, ['a', 'b', 'c'])).toBe(true);
    expect(withEveryoneToggled(item, ['a', 'b', 'c']).assignedTo).toEqual([]);
  });
});

describe('allocate', () => {
  it('adds up exactly, gives leftover pennies to the largest remainders, and keeps the sign of a discount', () => {
    expect(allocate(minorUnits(1000), [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(minorUnits(100), [1, 2])).toEqual([33, 67]);
    expect(allocate(minorUnits(-1000), [1, 1, 1])).toEqual([-334, -333, -333]);
  });

  it('spreads leftover pennies over many portioned lines instead of always charging the same diner', () => {
    const bill = aBill().withDiners('a', 'b', 'c');
    for (let i = 0; i < 9; i++) bill.withPortionedItem(`p${i}`, 100, { by: 'shares', counts: { a: 1, b: 1, c: 1 } });
    expect(totals(bill.build())).toEqual([300, 300, 300]);
  });

  it('cuts a portioned line in table order, whatever order the counts were given in', () => {
    const parts = portionParts([{ pricePence: minorUnits(1000), assignedTo: ['b', 'a'], portions: { by: 'shares', counts: { b: 1, a: 1 } } }], ['a', 'b']).get(0);
    expect(parts?.map((p) => p.dinerId)).toEqual(['a', 'b']);
  });
});

describe('shared lines', () => {
  it('send a portioned line as its parts, which split to the same figures as the summary', () => {
    const items = [
      { id: 'w', name: 'Wine', pricePence: minorUnits(1000), kind: 'item' as const, assignedTo: ['a', 'b', 'c'] },
      { id: 'p', name: 'Peroni', pricePence: minorUnits(1000), kind: 'item' as const, assignedTo: ['a', 'c'], portions: { by: 'units' as const, quantity: 3, counts: { a: 2, c: 1 } } },
    ];
    const lines = sharedLines(items, ['a', 'b', 'c']);
    expect(lines.map((l) => [l.name, l.pricePence, l.assignedTo])).toEqual([
      ['Wine', 1000, ['a', 'b', 'c']],
      ['Peroni (2 of 3)', 667, ['a']],
      ['Peroni (1 of 3)', 333, ['c']],
    ]);
    const table = () => aBill().withDiners('a', 'b', 'c').withTip(300, 'proportional');
    const summary = billSplit(table().withLines(items).build());
    const shared = billSplit(
      table()
        .withLines(lines.map((l, n) => ({ ...l, id: String(n) })))
        .build(),
    );
    expect(shared.shares.map((s) => s.totalPence)).toEqual(summary.shares.map((s) => s.totalPence));
  });
});
