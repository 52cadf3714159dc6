import { addFractions, compareFractions, floorFraction, fraction, subtractFractions, ZERO_FRACTION, type Fraction } from './fraction';
import { minorUnits, type MinorUnits } from './money';

/**
 * How one line is divided when not equally, keyed by diner id:
 * - 'shares': whole weights, e.g. { ann: 2, bob: 1 } for a 2:1 split;
 * - 'units': a line of `quantity` units ("3 x Peroni") and how many units each diner had; units
 *   nobody had yet stay unassigned.
 * Diners with a count are exactly the line's assignedTo.
 */
export type Portions =
  { readonly by: 'shares'; readonly counts: Readonly<Record<string, number>> } | { readonly by: 'units'; readonly quantity: number; readonly counts: Readonly<Record<string, number>> };

export type SplitMode = 'equal' | Portions['by'];

export const MAX_UNITS = 99;
export const MAX_SHARE_WEIGHT = 99;

export interface PortionedItem {
  readonly pricePence: MinorUnits;
  readonly assignedTo: readonly string[];
  readonly portions?: Portions | undefined;
}

/** One diner's part of a line (dinerId null: the units nobody has had yet). */
export interface Portion {
  readonly dinerId: string | null;
  readonly pricePence: MinorUnits;
  /** Units had, or share weight. */
  readonly count: number;
}

/**
 * The bill's portioned lines cut into whole-pence parts, in table order, keyed by the line's position
 * (lines split equally are left to billSplit). Each part is within a penny of its exact value and a
 * line's parts add up to its price; a leftover penny goes to whoever is furthest below their exact
 * running total over the portioned lines so far (ties: earlier diner), so nobody drifts however many
 * lines are split this way. Units nobody had yet make one part with no diner.
 */
export function portionParts(items: readonly PortionedItem[], dinerOrder: readonly string[]): Map<number, Portion[]> {
  const surplus = new Map<string, Fraction>();
  const parts = new Map<number, Portion[]>();
  items.forEach((item, index) => {
    const portions = item.portions;
    if (portions === undefined) return;
    const owners = dinerOrder.filter((id) => item.assignedTo.includes(id) && (portions.counts[id] ?? 0) > 0);
    const counts = owners.map((id) => portions.counts[id]!);
    const given = counts.reduce((a, b) => a + b, 0);
    const rest = portions.by === 'units' ? Math.max(portions.quantity - given, 0) : 0;
    const [assigned, unassigned] = given === 0 ? [minorUnits(0), item.pricePence] : rest > 0 ? allocate(item.pricePence, [given, rest]) : [item.pricePence, minorUnits(0)];
    const shares = fairShares(assigned!, counts, owners, surplus);
    const line: Portion[] = owners.map((dinerId, k) => ({ dinerId, pricePence: shares[k]!, count: counts[k]! }));
    if (given === 0 || rest > 0) line.push({ dinerId: null, pricePence: unassigned!, count: portions.by === 'units' ? (given === 0 ? portions.quantity : rest) : 0 });
    parts.set(index, line);
  });
  return parts;
}

function fairShares(amount: MinorUnits, weights: readonly number[], owners: readonly string[], surplus: Map<string, Fraction>): MinorUnits[] {
  if (weights.length === 0) return [];
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  const exact = weights.map((w) => fraction(BigInt(amount) * BigInt(w), sum));
  const shares = exact.map(floorFraction);
  const after = (k: number) => addFractions(surplus.get(owners[k]!) ?? ZERO_FRACTION, subtractFractions(fraction(shares[k]!, 1n), exact[k]!));
  // Fewer leftover pennies than owners: each goes to a different owner, so every part is its exact value rounded down or up.
  const topped = new Set<number>();
  for (let left = BigInt(amount) - shares.reduce((a, b) => a + b, 0n); left > 0n; left -= 1n) {
    let best = -1;
    for (let k = 0; k < shares.length; k++) if (!topped.has(k) && (best < 0 || compareFractions(after(k), after(best)) < 0)) best = k;
    shares[best] = shares[best]! + 1n;
    topped.add(best);
  }
  owners.forEach((id, k) => surplus.set(id, after(k)));
  return shares.map((s) => minorUnits(Number(s)));
}

/** Splits an amount in whole pence by positive whole weights (largest remainder, ties to the first); the parts add up exactly. */
export function allocate(amount: MinorUnits, weights: readonly number[]): MinorUnits[] {
  const sign = amount < 0 ? -1n : 1n;
  const total = BigInt(Math.abs(amount));
  const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
  const floors = weights.map((w) => (total * BigInt(w)) / sum);
  const remainders = weights.map((w, k) => total * BigInt(w) - floors[k]! * sum);
  let left = total - floors.reduce((a, b) => a + b, 0n);
  const order = weights.map((_, k) => k).sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : a - b));
  for (const k of order) {
    if (left === 0n) break;
    floors[k] = floors[k]! + 1n;
    left -= 1n;
  }
  return floors.map((f) => minorUnits(Number(sign * f)));
}

/** Units given so far on a unit split (0 for any other). */
export function unitsGiven(portions: Portions | undefined): number {
  return portions?.by === 'units' ? Object.values(portions.counts).reduce((a, b) => a + b, 0) : 0;
}

/** The same line split another way; the diners already on it keep one share or one unit each. */
export function withSplitMode<T extends PortionedItem>(item: T, mode: SplitMode, quantity = 2): T {
  if (mode === 'equal') return { ...item, portions: undefined };
  if (mode === 'shares') return { ...item, portions: { by: 'shares', counts: Object.fromEntries(item.assignedTo.map((id) => [id, 1])) } };
  const units = clampWhole(quantity, 2, MAX_UNITS);
  const keep = item.assignedTo.slice(0, units);
  return { ...item, assignedTo: keep, portions: { by: 'units', quantity: units, counts: Object.fromEntries(keep.map((id) => [id, 1])) } };
}

/**
 * Sets one diner's units or share weight (0 takes them off the line). A unit split never gives out
 * more units than the line has; a changed quantity drops units from the last diners first.
 */
export function withPortionCount<T extends PortionedItem>(item: T, dinerId: string, count: number): T {
  const portions = item.portions;
  if (portions === undefined) return item;
  const max = portions.by === 'units' ? portions.quantity - unitsGiven(portions) + (portions.counts[dinerId] ?? 0) : MAX_SHARE_WEIGHT;
  const value = clampWhole(count, 0, max);
  const { [dinerId]: _previous, ...others } = portions.counts;
  const counts = value > 0 ? { ...others, [dinerId]: value } : others;
  const assignedTo = value > 0 ? (item.assignedTo.includes(dinerId) ? item.assignedTo : [...item.assignedTo, dinerId]) : item.assignedTo.filter((id) => id !== dinerId);
  return { ...item, assignedTo, portions: { ...portions, counts } };
}

/** How many units a unit split has (2 to 99); units over the new quantity are taken back from the last diners. */
export function withQuantity<T extends PortionedItem>(item: T, quantity: number): T {
  const portions = item.portions;
  if (portions?.by !== 'units') return item;
  const units = clampWhole(quantity, 2, MAX_UNITS);
  let left = units;
  const counts: Record<string, number> = {};
  for (const id of item.assignedTo) {
    const kept = Math.min(portions.counts[id] ?? 0, left);
    if (kept > 0) counts[id] = kept;
    left -= kept;
  }
  return { ...item, assignedTo: item.assignedTo.filter((id) => counts[id] !== undefined), portions: { by: 'units', quantity: units, counts } };
}

/** Takes a diner off a line, whatever its split. */
export function withoutDiner<T extends PortionedItem>(item: T, dinerId: string): T {
  if (!item.assignedTo.includes(dinerId)) return item;
  return item.portions === undefined ? { ...item, assignedTo: item.assignedTo.filter((id) => id !== dinerId) } : withPortionCount(item, dinerId, 0);
}

/** Whether every diner at the table is on the line. */
export function isEveryone(item: PortionedItem, dinerIds: readonly string[]): boolean {
  return dinerIds.length > 0 && dinerIds.every((id) => item.assignedTo.includes(id));
}

/** "Everyone": the whole table on the line in one tap, shared equally; tapped again, nobody. */
export function withEveryoneToggled<T extends PortionedItem>(item: T, dinerIds: readonly string[]): T {
  return { ...item, portions: undefined, assignedTo: isEveryone(item, dinerIds) ? [] : [...dinerIds] };
}

/** A quantity printed at the start of a line ("3 x Peroni", "2x Coke", "4 × Beer"), if any. */
export function printedQuantity(text: string): number | null {
  const match = /^\s*(\d{1,2})\s*[xX×*]\s*(?=\S)/.exec(text);
  const n = match ? Number(match[1]) : 0;
  return n >= 2 && n <= MAX_UNITS ? n : null;
}

/** How a portion reads next to the line's name: "1 of 3" units, "2 of 3 shares". */
export function portionLabel(portions: Portions, count: number): string {
  if (portions.by === 'units') return `${count} of ${portions.quantity}`;
  const total = Object.values(portions.counts).reduce((a, b) => a + b, 0);
  return `${count} of ${total} shares`;
}

function clampWhole(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.trunc(value))) : min;
}

/** What each of `units` costs when the line's price divides evenly among them; null when it does not. */
export function evenUnitPrice(pricePence: MinorUnits, units: number): MinorUnits | null {
  return units > 0 && pricePence % units === 0 ? minorUnits(pricePence / units) : null;
}
