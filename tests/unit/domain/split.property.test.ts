import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pence } from '../../../domain/money';
import { splitBill, type ItemKind, type SplitInput } from '../../../domain/split';

const dinerIds = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 8 });

const bills = (kinds: ItemKind[] = ['item', 'service', 'discount']) =>
  dinerIds.chain((ids) =>
    fc.record({
      diners: fc.constant(ids.map((id) => ({ id }))),
      items: fc.array(
        fc
          .record({
            id: fc.uuid(),
            kind: fc.constantFrom(...kinds),
            pricePence: fc.integer({ min: 1, max: 200_000 }),
            assignedTo: fc.subarray(ids),
          })
          .map((i) => ({ ...i, pricePence: pence(i.kind === 'discount' ? -i.pricePence : i.pricePence) })),
        { maxLength: 40 },
      ),
      tipPence: fc.integer({ min: 0, max: 50_000 }).map(pence),
      tipSplit: fc.constantFrom('equal' as const, 'proportional' as const),
    }),
  );

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('splitBill properties', () => {
  it('shares always add up to the grand total less unassigned items', () => {
    fc.assert(
      fc.property(bills(), (bill) => {
        const split = splitBill(bill);
        expect(sum(split.shares.map((s) => s.totalPence))).toBe(split.totalPence - split.unassignedPence);
        for (const s of split.shares) expect(s.itemsPence + s.servicePence + s.discountPence + s.tipPence).toBe(s.totalPence);
      }),
    );
  });

  it('each diner pays within a penny or two of their exact share', () => {
    fc.assert(
      fc.property(bills(), (bill) => {
        for (const s of splitBill(bill).shares) expect(s.roundingPence).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('no share is negative unless a discount makes it so', () => {
    fc.assert(
      fc.property(bills(['item', 'service']), (bill) => {
        for (const s of splitBill(bill).shares) expect(s.totalPence).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('does not depend on the order of the diners, apart from who gets a leftover penny', () => {
    fc.assert(
      fc.property(bills(), fc.infiniteStream(fc.nat()), (bill, seeds) => {
        const shuffled: SplitInput = { ...bill, diners: shuffle(bill.diners, seeds) };
        const before = new Map(splitBill(bill).shares.map((s) => [s.dinerId, s.totalPence]));
        const after = splitBill(shuffled).shares;
        for (const s of after) expect(Math.abs(s.totalPence - before.get(s.dinerId)!)).toBeLessThanOrEqual(2);
        // With nothing to round (every line divides evenly) the result is identical.
        const even: SplitInput = { ...bill, tipPence: pence(0), items: bill.items.map((i) => ({ ...i, pricePence: pence(i.pricePence * 840) })) };
        const evenShuffled: SplitInput = { ...even, diners: shuffled.diners };
        const evenBefore = new Map(splitBill(even).shares.map((s) => [s.dinerId, s.totalPence]));
        for (const s of splitBill(evenShuffled).shares) expect(s.totalPence).toBe(evenBefore.get(s.dinerId));
      }),
    );
  });
});

function shuffle<T>(values: readonly T[], seeds: fc.Stream<number>): T[] {
  const out = [...values];
  const it = seeds[Symbol.iterator]();
  for (let i = out.length - 1; i > 0; i--) {
    const j = it.next().value! % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
