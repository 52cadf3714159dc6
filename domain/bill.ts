import type { CurrencyCode } from './currency';
import { addFractions, ceilFraction, compareFractions, floorFraction, fraction, subtractFractions, ZERO_FRACTION, type Fraction } from './fraction';
import { minorUnits, sumMinorUnits, type MinorUnits } from './money';
import { portionParts } from './portions';
import type { BillItem } from './receipt';
import { isBillable, subtotalOf, type BillSplit, type DinerShare, type ItemKind, type ItemShare, type TipSharers, type TipSplit } from './split';

/** A line's name on a link, a stored bill or a live bill, in characters. */
export const MAX_ITEM_NAME_LENGTH = 80;
// Minor units of the bill's currency (£100,000, ¥10,000,000, IDR 10,000,000): above any restaurant
// line, far below unsafe integers.
export const MAX_ITEM_PENCE = 10_000_000;

/** A line's price any bill may carry, either way (a discount too): whole minor units no bigger than MAX_ITEM_PENCE. */
export function isLinePrice(amount: number): boolean {
  return Number.isSafeInteger(amount) && Math.abs(amount) <= MAX_ITEM_PENCE;
}

export interface BillDiner {
  readonly id: string;
  readonly name: string;
}

/**
 * The one model of a bill that every view is worked out from: the organiser's summary, a share
 * link's pages, a stored bill's diner pages, the live bill, the share messages and the CSV. Each way
 * a bill travels (a signed link, a stored bill, a live bill, the wizard's own) is read into a Bill
 * and split by `billSplit`, so every phone shows the same shares to the penny.
 */
export interface Bill {
  /** ISO 4217: every amount is in its minor unit. */
  readonly currency: CurrencyCode;
  /** "The Olive Tree · 25 Nov 2026"; null when it has none. */
  readonly name: string | null;
  readonly diners: readonly BillDiner[];
  /** Items, charges and discounts, each with its kind and, for a line split by units or shares, its portions. */
  readonly items: readonly BillItem[];
  readonly tipPence: MinorUnits;
  readonly tipSplit: TipSplit;
  readonly tipSharers: TipSharers;
  /** The diner who paid the restaurant: owed the others' shares, never owing; null when none of them did. */
  readonly payerId: string | null;
}

interface Charge {
  readonly itemId: string | null;
  readonly kind: 'item' | 'service' | 'discount' | 'tip';
  readonly amount: MinorUnits;
  readonly sharers: readonly number[];
  readonly weights: readonly bigint[];
}

/**
 * Every diner's share of the bill, the one split every view is worked out from. The shares add up
 * exactly to the grand total less any unassigned items. Each line is divided in whole pence; where
 * pennies are left over they go to whoever is furthest below their exact share so far (ties: earlier
 * diner), so nobody drifts more than a penny or so from their exact share however many lines are
 * shared. VAT lines are informational (UK prices include VAT) and never added again.
 */
export function billSplit(bill: Bill): BillSplit {
  const index = new Map(bill.diners.map((d, i) => [d.id, i]));
  const dinerOrder = bill.diners.map((d) => d.id);
  const billable = resolvePortions(bill.items.filter(isBillable), dinerOrder);
  const everyone = bill.diners.map((_, i) => i);
  const charges: Charge[] = [];
  const unassigned: BillableItem[] = [];
  const withItems = new Set<number>();

  for (const item of billable) {
    const sharers = unique(item.assignedTo.flatMap((id) => (index.has(id) ? [index.get(id)!] : [])));
    if (sharers.length > 0) {
      if (item.kind === 'item') sharers.forEach((s) => withItems.add(s));
      charges.push({ itemId: item.id, kind: item.kind, amount: item.pricePence, sharers, weights: sharers.map(() => 1n) });
    } else {
      unassigned.push(item);
    }
  }
  const dinersWithItems = withItems.size > 0 ? everyone.filter((i) => withItems.has(i)) : everyone;
  const unassignedItems: BillableItem[] = [];
  for (const item of unassigned) {
    const kind = item.kind;
    if (kind === 'item' || everyone.length === 0) unassignedItems.push(item);
    else {
      // An unassigned service charge falls on those who ate; an unassigned discount helps everyone.
      const sharers = kind === 'service' ? dinersWithItems : everyone;
      charges.push({ itemId: item.id, kind, amount: item.pricePence, sharers, weights: sharers.map(() => 1n) });
    }
  }
  if (bill.tipPence !== 0 && everyone.length > 0) charges.push(tipCharge(bill, charges, everyone, dinersWithItems));

  const allocation = allocateCharges(charges, bill.diners.length);
  const subtotalPence = subtotalOf(bill.items);
  return {
    subtotalPence,
    tipPence: bill.tipPence,
    totalPence: minorUnits(subtotalPence + bill.tipPence),
    shares: bill.diners.map((d, i) => dinerShare(d.id, i, charges, allocation)),
    unassignedItemIds: unassignedItems.map((i) => i.id),
    unassignedPence: sumMinorUnits(unassignedItems.map((i) => i.pricePence)),
  };
}

function tipCharge(bill: Bill, charges: readonly Charge[], everyone: number[], dinersWithItems: number[]): Charge {
  const sharers = bill.tipSharers === 'dinersWithItems' ? dinersWithItems : everyone;
  if (bill.tipSplit !== 'proportional') return { itemId: null, kind: 'tip', amount: bill.tipPence, sharers, weights: sharers.map(() => 1n) };
  // Proportional weights are each diner's exact item spend (× the LCM of the sharer counts, to stay whole).
  const lcm = charges.reduce((acc, c) => lcmOf(acc, BigInt(c.sharers.length)), 1n);
  const spend = new Map<number, bigint>();
  for (const c of charges) if (c.kind === 'item') for (const s of c.sharers) spend.set(s, (spend.get(s) ?? 0n) + (BigInt(c.amount) * lcm) / BigInt(c.sharers.length));
  const weights = sharers.map((s) => ((spend.get(s) ?? 0n) > 0n ? spend.get(s)! : 0n));
  const equal = weights.every((w) => w === 0n);
  return { itemId: null, kind: 'tip', amount: bill.tipPence, sharers, weights: equal ? sharers.map(() => 1n) : weights };
}

interface Allocation {
  readonly perCharge: readonly (readonly MinorUnits[])[];
  readonly exact: readonly Fraction[];
}

function allocateCharges(charges: readonly Charge[], dinerCount: number): Allocation {
  const surplus: Fraction[] = Array.from({ length: dinerCount }, () => ZERO_FRACTION);
  const exact: Fraction[] = Array.from({ length: dinerCount }, () => ZERO_FRACTION);
  const perCharge = charges.map((charge) => {
    const weightSum = charge.weights.reduce((a, b) => a + b, 0n);
    const exactShares = charge.weights.map((w) => fraction(BigInt(charge.amount) * w, weightSum));
    const shares = exactShares.map((e) => floorFraction(e));
    let left = BigInt(charge.amount) - shares.reduce((a, b) => a + b, 0n);
    // Give each leftover penny to the sharer who would end furthest below their exact running total.
    while (left > 0n) {
      let best = 0;
      let bestSurplus: Fraction | null = null;
      charge.sharers.forEach((s, k) => {
        const after = addFractions(surplus[s]!, subtractFractions(fraction(shares[k]!, 1n), exactShares[k]!));
        if (bestSurplus === null || compareFractions(after, bestSurplus) < 0) [best, bestSurplus] = [k, after];
      });
      shares[best] = shares[best]! + 1n;
      left -= 1n;
    }
    charge.sharers.forEach((s, k) => {
      surplus[s] = addFractions(surplus[s]!, subtractFractions(fraction(shares[k]!, 1n), exactShares[k]!));
      exact[s] = addFractions(exact[s]!, exactShares[k]!);
    });
    return shares.map((s) => minorUnits(Number(s)));
  });
  return { perCharge, exact };
}

function dinerShare(dinerId: string, diner: number, charges: readonly Charge[], allocation: Allocation): DinerShare {
  const totals = { item: 0, service: 0, discount: 0, tip: 0 };
  const lines: ItemShare[] = [];
  charges.forEach((charge, c) => {
    const k = charge.sharers.indexOf(diner);
    if (k < 0) return;
    const share = allocation.perCharge[c]![k]!;
    totals[charge.kind] += share;
    if (charge.itemId !== null) lines.push({ itemId: charge.itemId, sharePence: share, sharedWith: charge.sharers.length });
  });
  const totalPence = minorUnits(totals.item + totals.service + totals.discount + totals.tip);
  const over = subtractFractions(fraction(BigInt(totalPence), 1n), allocation.exact[diner]!);
  return {
    dinerId,
    lines,
    itemsPence: minorUnits(totals.item),
    servicePence: minorUnits(totals.service),
    discountPence: minorUnits(totals.discount),
    tipPence: minorUnits(totals.tip),
    totalPence,
    roundingPence: over.num > 0n ? Number(ceilFraction(over)) : 0,
    exactPence: allocation.exact[diner]!,
  };
}

/**
 * A line split by units or shares becomes its whole-pence parts (portionParts), each then that
 * diner's alone: so the same parts, sent as plain lines in a share link, give every page the very
 * same figures.
 */
type BillableItem = Pick<BillItem, 'id' | 'pricePence' | 'assignedTo' | 'portions'> & { readonly kind: Exclude<ItemKind, 'vat'> };

function resolvePortions(items: readonly BillableItem[], dinerOrder: readonly string[]): BillableItem[] {
  const parts = portionParts(items, dinerOrder);
  return items.flatMap((item, index) => parts.get(index)?.map((p) => ({ id: item.id, pricePence: p.pricePence, kind: item.kind, assignedTo: p.dinerId === null ? [] : [p.dinerId] })) ?? [item]);
}

function unique(values: number[]): number[] {
  return [...new Set(values)];
}

function lcmOf(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return (a * b) / x;
}
