import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransfers, clearsEveryBalance, EXACT_LIMIT, fewestTransfers, settleAfterPayments, type Transfer } from '../../../../domain/tab/settle-up';

// Issue 38: the plan clears every balance, uses the fewest transfers, and is the same every time.

/** Balances that add up to zero: made as what a few people paid for the others, as a tab makes them. */
const zeroSumBalances = (people: { min: number; max: number }) =>
  fc.integer({ min: people.min, max: people.max }).chain((n) =>
    fc.array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 }), fc.integer({ min: 1, max: 50_000 })), { minLength: 1, maxLength: 3 * n }).map((debts) => {
      const names = Array.from({ length: n }, (_, k) => `P${k}`);
      const balances = new Map(names.map((p) => [p, 0]));
      for (const [from, to, amount] of debts) {
        balances.set(names[from]!, balances.get(names[from]!)! - amount);
        balances.set(names[to]!, balances.get(names[to]!)! + amount);
      }
      return { names, balances };
    }),
  );

/** Balances of groups that settle among themselves: several zero-sum groups, mixed in one tab. */
const groupedBalances = fc.array(zeroSumBalances({ min: 2, max: 4 }), { minLength: 1, maxLength: 4 }).map((groups) => {
  const balances = new Map<string, number>();
  groups.forEach((g, k) => g.balances.forEach((amount, p) => balances.set(`G${k}${p}`, amount)));
  const names = [...balances.keys()].sort((a, b) => (a.slice(2) + a).localeCompare(b.slice(2) + b));
  return { names, balances };
});

/** The fewest transfers by brute force over every way to split people into zero-sum groups. */
function fewestByBruteForce(amounts: readonly number[]): number {
  const open = amounts.filter((a) => a !== 0);
  const mostGroups = (left: readonly number[]): number => {
    if (left.length === 0) return 0;
    const [first, ...rest] = left;
    let best = 0;
    for (let mask = 0; mask < 1 << rest.length; mask++) {
      const inGroup = rest.filter((_, k) => (mask >> k) & 1);
      if (inGroup.reduce((s, a) => s + a, first!) !== 0) continue;
      best = Math.max(best, 1 + mostGroups(rest.filter((_, k) => !((mask >> k) & 1))));
    }
    return best;
  };
  return open.length - mostGroups(open);
}

describe('fewestTransfers', () => {
  it('clears every balance, with amounts above zero between two different people', () => {
    fc.assert(
      fc.property(zeroSumBalances({ min: 2, max: 14 }), ({ names, balances }) => {
        const plan = fewestTransfers(balances, names);
        expect(clearsEveryBalance(balances, plan)).toBe(true);
        for (const t of plan) {
          expect(t.amount).toBeGreaterThan(0);
          expect(Number.isInteger(t.amount)).toBe(true);
          expect(t.from).not.toBe(t.to);
        }
      }),
    );
  });

  it('uses the exact fewest transfers (checked by brute force up to 9 people)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          zeroSumBalances({ min: 2, max: 9 }),
          groupedBalances.filter(({ names }) => names.length <= 9),
        ),
        ({ names, balances }) => {
          expect(fewestTransfers(balances, names)).toHaveLength(fewestByBruteForce([...balances.values()]));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds every group that settles among itself, for 12 people in four groups', () => {
    const balances = new Map<string, number>();
    const groups = [
      [700, -300, -400],
      [1000, -250, -250, -500],
      [1234, -1234],
      [90, -50, -40],
    ];
    // The groups interleaved in the tab's order, so no neighbour belongs to the same group.
    groups.forEach((g, k) => g.forEach((amount, m) => balances.set(`${m}-${k}`, amount)));
    const names = [...balances.keys()].sort();
    expect(fewestTransfers(balances, names)).toHaveLength(12 - 4);
  });

  it('gives the same plan for the same balances, whatever order the map holds them in', () => {
    fc.assert(
      fc.property(zeroSumBalances({ min: 2, max: 12 }), fc.integer(), ({ names, balances }, seed) => {
        const shuffled = new Map([...balances].sort(() => (seed = (seed * 1103515245 + 12345) | 0) & 1 || -1));
        expect(fewestTransfers(shuffled, names)).toEqual(fewestTransfers(balances, names));
      }),
    );
  });

  it('beyond the exact limit, clears everything in at most n − 1 transfers', () => {
    fc.assert(
      fc.property(zeroSumBalances({ min: EXACT_LIMIT + 2, max: 60 }), ({ names, balances }) => {
        const plan = fewestTransfers(balances, names);
        const open = [...balances.values()].filter((a) => a !== 0).length;
        expect(clearsEveryBalance(balances, plan)).toBe(true);
        expect(plan.length).toBeLessThanOrEqual(Math.max(0, open - 1));
      }),
      { numRuns: 30 },
    );
  });

  it('refuses balances that do not add up to zero', () => {
    expect(() => fewestTransfers(new Map([['Ana', 100]]), ['Ana'])).toThrow(RangeError);
  });
});

describe('settleAfterPayments', () => {
  it('paying one planned transfer in full takes it off the plan and changes nothing else', () => {
    fc.assert(
      fc.property(zeroSumBalances({ min: 3, max: 10 }), fc.nat(), ({ names, balances }, pick) => {
        const plan = fewestTransfers(balances, names);
        fc.pre(plan.length > 0);
        const paid = plan[pick % plan.length]!;
        const after = settleAfterPayments(balances, [paid], names);
        expect(after).toEqual(plan.filter((t) => t !== paid));
      }),
    );
  });

  it('paying part of a planned transfer shortens just that transfer', () => {
    fc.assert(
      fc.property(zeroSumBalances({ min: 3, max: 10 }), fc.nat(), ({ names, balances }, pick) => {
        const plan = fewestTransfers(balances, names);
        const paid = plan.find((t) => t.amount > 1);
        fc.pre(paid !== undefined);
        const part = { ...paid, amount: 1 + (pick % (paid.amount - 1)) };
        const after = settleAfterPayments(balances, [part], names);
        expect(after).toEqual(plan.map((t) => (t === paid ? { ...t, amount: t.amount - part.amount } : t)));
      }),
    );
  });

  it('after any payments, marking a transfer shown paid takes it off and leaves every other one as it was', () => {
    fc.assert(
      fc.property(
        zeroSumBalances({ min: 3, max: 10 }).chain((tab) =>
          fc
            .array(
              fc.record({ from: fc.constantFrom(...tab.names), to: fc.constantFrom(...tab.names), amount: fc.integer({ min: 1, max: 20_000 }) }).filter((t) => t.from !== t.to),
              { maxLength: 4 },
            )
            .map((paid) => ({ ...tab, paid })),
        ),
        fc.nat(),
        ({ names, balances, paid }: { names: string[]; balances: Map<string, number>; paid: Transfer[] }, pick) => {
          const shown = settleAfterPayments(balances, paid, names);
          fc.pre(shown.length > 0);
          const marked = shown[pick % shown.length]!;
          expect(settleAfterPayments(balances, [...paid, marked], names)).toEqual(shown.filter((t) => t !== marked));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('after any payments, clears what is left in no more transfers than a fresh plan', () => {
    const payments = (names: readonly string[]) =>
      fc.array(
        fc.record({ from: fc.constantFrom(...names), to: fc.constantFrom(...names), amount: fc.integer({ min: 1, max: 20_000 }) }).filter((t) => t.from !== t.to),
        { maxLength: 4 },
      );
    fc.assert(
      fc.property(
        zeroSumBalances({ min: 2, max: 10 }).chain((tab) => payments(tab.names).map((paid) => ({ ...tab, paid }))),
        ({ names, balances, paid }: { names: string[]; balances: Map<string, number>; paid: Transfer[] }) => {
          const after = applyTransfers(balances, paid);
          const plan = settleAfterPayments(balances, paid, names);
          expect(clearsEveryBalance(after, plan)).toBe(true);
          expect(plan.length).toBeLessThanOrEqual(fewestTransfers(after, names).length);
        },
      ),
    );
  });
});
