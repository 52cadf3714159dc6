import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from '../../../domain/money';
import { portionParts, type Portions } from '../../../domain/portions';
import { sharedLines } from '../../../domain/sharing/shared-lines';
import { billSplit, type Bill } from '../../../domain/bill';
import { GBP } from '../../../domain/currency';
import type { ItemKind } from '../../../domain/split';

const dinerIds = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 8 });

/** Equal, by uneven shares, or by units (some perhaps not had by anyone yet), over some of the diners. */
const portions = (ids: string[]): fc.Arbitrary<{ assignedTo: string[]; portions?: Portions }> =>
  fc.subarray(ids).chain((assignedTo) =>
    fc.oneof(
      fc.constant({ assignedTo }),
      fc.array(fc.integer({ min: 1, max: 9 }), { minLength: assignedTo.length, maxLength: assignedTo.length }).map((w) => ({
        assignedTo,
        portions: { by: 'shares' as const, counts: Object.fromEntries(assignedTo.map((id, k) => [id, w[k]!])) },
      })),
      fc.tuple(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: assignedTo.length, maxLength: assignedTo.length }), fc.nat({ max: 3 })).map(([units, spare]) => ({
        assignedTo,
        portions: { by: 'units' as const, quantity: Math.max(2, units.reduce((a, b) => a + b, 0) + spare), counts: Object.fromEntries(assignedTo.map((id, k) => [id, units[k]!])) },
      })),
    ),
  );

const bills = (kinds: ItemKind[] = ['item', 'service', 'discount']): fc.Arbitrary<Bill> =>
  dinerIds.chain((ids) =>
    fc.record({
      currency: fc.constant(GBP),
      name: fc.constant(null),
      diners: fc.constant(ids.map((id) => ({ id, name: id }))),
      items: fc.array(
        fc
          .record({
            id: fc.uuid(),
            kind: fc.constantFrom(...kinds),
            pricePence: fc.integer({ min: 1, max: 200_000 }),
            split: portions(ids),
          })
          .map(({ split, ...i }) => ({ ...i, name: i.id, ...split, pricePence: minorUnits(i.kind === 'discount' ? -i.pricePence : i.pricePence) })),
        { maxLength: 40 },
      ),
      tipPence: fc.integer({ min: 0, max: 50_000 }).map(minorUnits),
      tipSplit: fc.constantFrom('equal' as const, 'proportional' as const),
      tipSharers: fc.constantFrom('allDiners' as const, 'dinersWithItems' as const),
      payerId: fc.constant(null),
    }),
  );

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('billSplit properties', () => {
  it('shares always add up to the grand total less unassigned items', () => {
    fc.assert(
      fc.property(bills(), (bill) => {
        const split = billSplit(bill);
        expect(sum(split.shares.map((s) => s.totalPence))).toBe(split.totalPence - split.unassignedPence);
        for (const s of split.shares) expect(s.itemsPence + s.servicePence + s.discountPence + s.tipPence).toBe(s.totalPence);
      }),
    );
  });

  it('a line split by units or shares is cut into parts that add up to its price, and nobody drifts a penny from their exact share over such lines', () => {
    fc.assert(
      fc.property(bills(['item']), (bill) => {
        const order = bill.diners.map((d) => d.id);
        const drift = new Map<string, number>();
        for (const [index, parts] of portionParts(bill.items, order)) {
          expect(sum(parts.map((p) => p.pricePence))).toBe(bill.items[index]!.pricePence);
          const owners = parts.filter((p) => p.dinerId !== null);
          const given = sum(owners.map((p) => p.count));
          const assigned = sum(owners.map((p) => p.pricePence));
          for (const p of owners) {
            const exact = (assigned * p.count) / given;
            expect(Math.abs(p.pricePence - exact)).toBeLessThanOrEqual(1);
            drift.set(p.dinerId!, (drift.get(p.dinerId!) ?? 0) + p.pricePence - exact);
          }
        }
        for (const d of drift.values()) expect(Math.abs(d)).toBeLessThan(1 + 1e-6);
      }),
    );
  });

  it('a share link carrying the parts of portioned lines gives every diner the summary’s figure', () => {
    fc.assert(
      fc.property(bills(), (bill) => {
        const named = bill.items.map((i) => ({ ...i, name: 'x' }));
        const lines = sharedLines(
          named,
          bill.diners.map((d) => d.id),
        ).map((l, n) => ({ ...l, id: `${l.id}-${n}` }));
        const summary = billSplit(bill).shares.map((s) => s.totalPence);
        expect(billSplit({ ...bill, items: lines }).shares.map((s) => s.totalPence)).toEqual(summary);
      }),
    );
  });

  it('each diner pays within a penny or two of their exact share', () => {
    fc.assert(
      fc.property(bills(), (bill) => {
        for (const s of billSplit(bill).shares) expect(s.roundingPence).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('no share is negative unless a discount makes it so', () => {
    fc.assert(
      fc.property(bills(['item', 'service']), (bill) => {
        for (const s of billSplit(bill).shares) expect(s.totalPence).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('does not depend on the order of the diners, apart from who gets a leftover penny', () => {
    fc.assert(
      fc.property(bills(), fc.infiniteStream(fc.nat()), (portioned, seeds) => {
        // Lines split equally: parts of portioned lines are cut in table order, which a shuffle changes.
        const bill: Bill = { ...portioned, items: portioned.items.map(({ portions: _, ...i }) => i) };
        const shuffled: Bill = { ...bill, diners: shuffle(bill.diners, seeds) };
        const before = new Map(billSplit(bill).shares.map((s) => [s.dinerId, s.totalPence]));
        const after = billSplit(shuffled).shares;
        for (const s of after) expect(Math.abs(s.totalPence - before.get(s.dinerId)!)).toBeLessThanOrEqual(2);
        // With nothing to round (every line divides evenly) the result is identical.
        const even: Bill = { ...bill, tipPence: minorUnits(0), items: bill.items.map((i) => ({ ...i, pricePence: minorUnits(i.pricePence * 840) })) };
        const evenShuffled: Bill = { ...even, diners: shuffled.diners };
        const evenBefore = new Map(billSplit(even).shares.map((s) => [s.dinerId, s.totalPence]));
        for (const s of billSplit(evenShuffled).shares) expect(s.totalPence).toBe(evenBefore.get(s.dinerId));
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
