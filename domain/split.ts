import { addFractions, ceilFraction, compareFractions, floorFraction, fraction, subtractFractions, ZERO_FRACTION, type Fraction } from './fraction';
import { pence, sumPence, type Pence } from './money';
import { portionParts, type Portions } from './portions';

export type ItemKind = 'item' | 'service' | 'vat' | 'discount';

/** How the tip is shared: 'equal' (the documents' rule, the default) or in proportion to each diner's items. */
export const TIP_SPLITS = ['equal', 'proportional'] as const;
export type TipSplit = (typeof TIP_SPLITS)[number];
/** The choice's wording, the same in the wizard and on every share page. */
export const TIP_SPLIT_LABELS: Readonly<Record<TipSplit, string>> = { equal: 'Equally', proportional: 'By what each had' };

export interface SplitItem {
  readonly id: string;
  readonly pricePence: Pence;
  readonly kind?: ItemKind;
  readonly assignedTo: readonly string[];
  /** Split by units or uneven shares; equal between assignedTo when absent. */
  readonly portions?: Portions | undefined;
}

/** The part of a Bill (domain/bill.ts) the split reads: a Bill is one; tests give only these. */
export interface SplitInput {
  readonly diners: readonly { readonly id: string }[];
  readonly items: readonly SplitItem[];
  readonly tipPence: Pence;
  readonly tipSplit?: TipSplit;
  /** Every diner when left out. */
  readonly tipSharers?: TipSharers;
}

/** Who shares the tip: every diner (the app's summary) or only diners with items (the documents' rule for receipts stored through the API). */
export type TipSharers = 'allDiners' | 'dinersWithItems';

export interface ItemShare {
  readonly itemId: string;
  readonly sharePence: Pence;
  /** How many diners the line is divided between. */
  readonly sharedWith: number;
}

export interface DinerShare {
  readonly dinerId: string;
  readonly lines: readonly ItemShare[];
  readonly itemsPence: Pence;
  readonly servicePence: Pence;
  readonly discountPence: Pence;
  readonly tipPence: Pence;
  readonly totalPence: Pence;
  /** Whole pence this diner pays above their exact share so that the shares add up (0 for most). */
  readonly roundingPence: number;
  /** The diner's exact share in fractions of a penny, before any whole-pence rounding (see roundingNote). */
  readonly exactPence: Fraction;
}

export interface BillSplit {
  readonly subtotalPence: Pence;
  readonly tipPence: Pence;
  readonly totalPence: Pence;
  readonly shares: readonly DinerShare[];
  /** Items (kind 'item') assigned to nobody: counted for nobody and flagged 'Not assigned'. */
  readonly unassignedItemIds: readonly string[];
  readonly unassignedPence: Pence;
}

interface Charge {
  readonly itemId: string | null;
  readonly kind: 'item' | 'service' | 'discount' | 'tip';
  readonly amount: Pence;
  readonly sharers: readonly number[];
  readonly weights: readonly bigint[];
}

/**
 * Splits a bill so that the diners' shares add up exactly to the grand total less any unassigned
 * items. Each line is divided in whole pence; where pennies are left over they go to whoever is
 * furthest below their exact share so far (ties: earlier diner), so nobody drifts more than a penny
 * or so from their exact share however many lines are shared. VAT lines are informational (UK
 * prices include VAT) and never added again.
 */
export function splitBill(input: SplitInput): BillSplit {
  const index = new Map(input.diners.map((d, i) => [d.id, i]));
  const dinerOrder = input.diners.map((d) => d.id);
  const billable = resolvePortions(input.items.filter(isBillable), dinerOrder);
  const everyone = input.diners.map((_, i) => i);
  const charges: Charge[] = [];
  const unassigned: BillableItem[] = [];
  const withItems = new Set<number>();

  for (const item of billable) {
    const sharers = unique(item.assignedTo.flatMap((id) => (index.has(id) ? [index.get(id)!] : [])));
    if (sharers.length > 0) {
      if ((item.kind ?? 'item') === 'item') sharers.forEach((s) => withItems.add(s));
      charges.push({ itemId: item.id, kind: item.kind ?? 'item', amount: item.pricePence, sharers, weights: sharers.map(() => 1n) });
    } else {
      unassigned.push(item);
    }
  }
  const dinersWithItems = withItems.size > 0 ? everyone.filter((i) => withItems.has(i)) : everyone;
  const unassignedItems: BillableItem[] = [];
  for (const item of unassigned) {
    const kind = item.kind ?? 'item';
    if (kind === 'item' || everyone.length === 0) unassignedItems.push(item);
    else {
      // An unassigned service charge falls on those who ate; an unassigned discount helps everyone.
      const sharers = kind === 'service' ? dinersWithItems : everyone;
      charges.push({ itemId: item.id, kind, amount: item.pricePence, sharers, weights: sharers.map(() => 1n) });
    }
  }
  if (input.tipPence !== 0 && everyone.length > 0) charges.push(tipCharge(input, charges, everyone, dinersWithItems));

  const allocation = allocateCharges(charges, input.diners.length);
  const subtotalPence = subtotalOf(input.items);
  return {
    subtotalPence,
    tipPence: input.tipPence,
    totalPence: pence(subtotalPence + input.tipPence),
    shares: input.diners.map((d, i) => dinerShare(d.id, i, charges, allocation)),
    unassignedItemIds: unassignedItems.map((i) => i.id),
    unassignedPence: sumPence(unassignedItems.map((i) => i.pricePence)),
  };
}

/** Items, service charges and discounts added up; VAT lines are already in the prices. */
export function subtotalOf(items: readonly SplitItem[]): Pence {
  return sumPence(items.filter(isBillable).map((i) => i.pricePence));
}

function tipCharge(input: SplitInput, charges: readonly Charge[], everyone: number[], dinersWithItems: number[]): Charge {
  const sharers = input.tipSharers === 'dinersWithItems' ? dinersWithItems : everyone;
  if (input.tipSplit !== 'proportional') return { itemId: null, kind: 'tip', amount: input.tipPence, sharers, weights: sharers.map(() => 1n) };
  // Proportional weights are each diner's exact item spend (× the LCM of the sharer counts, to stay whole).
  const lcm = charges.reduce((acc, c) => lcmOf(acc, BigInt(c.sharers.length)), 1n);
  const spend = new Map<number, bigint>();
  for (const c of charges) if (c.kind === 'item') for (const s of c.sharers) spend.set(s, (spend.get(s) ?? 0n) + (BigInt(c.amount) * lcm) / BigInt(c.sharers.length));
  const weights = sharers.map((s) => ((spend.get(s) ?? 0n) > 0n ? spend.get(s)! : 0n));
  const equal = weights.every((w) => w === 0n);
  return { itemId: null, kind: 'tip', amount: input.tipPence, sharers, weights: equal ? sharers.map(() => 1n) : weights };
}

interface Allocation {
  readonly perCharge: readonly (readonly Pence[])[];
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
    return shares.map((s) => pence(Number(s)));
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
  const totalPence = pence(totals.item + totals.service + totals.discount + totals.tip);
  const over = subtractFractions(fraction(BigInt(totalPence), 1n), allocation.exact[diner]!);
  return {
    dinerId,
    lines,
    itemsPence: pence(totals.item),
    servicePence: pence(totals.service),
    discountPence: pence(totals.discount),
    tipPence: pence(totals.tip),
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
function resolvePortions(items: readonly BillableItem[], dinerOrder: readonly string[]): BillableItem[] {
  const parts = portionParts(items, dinerOrder);
  return items.flatMap((item, index) => parts.get(index)?.map((p) => ({ id: item.id, pricePence: p.pricePence, kind: item.kind, assignedTo: p.dinerId === null ? [] : [p.dinerId] })) ?? [item]);
}

type BillableItem = SplitItem & { readonly kind?: Exclude<ItemKind, 'vat'> };

function isBillable(item: SplitItem): item is BillableItem {
  return item.kind !== 'vat';
}

function unique(values: number[]): number[] {
  return [...new Set(values)];
}

function lcmOf(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return (a * b) / x;
}
