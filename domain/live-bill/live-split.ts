import type { CurrencyCode } from '../currency';
import { convertedTotals } from '../paying-back/pay-back-rate';
import { minorUnits, sumMinorUnits, type MinorUnits } from '../money';
import { billSplit, type Bill } from '../bill';
import { subtotalOf, type BillSplit, type ItemKind } from '../split';
import { tipFromPercent } from '../tip';
import type { LiveBill, LiveItem } from './live-bill';

/** A line of the bill as it is split: a whole item, or the units of a quantity line that the same diners had. */
export interface SplitLine {
  readonly id: string;
  readonly name: string;
  readonly pricePence: MinorUnits;
  readonly kind: ItemKind;
  /** Diners in the bill's order (the split's tie-break follows it). */
  readonly assignedTo: readonly string[];
}

export interface LiveBillTotals {
  readonly lines: readonly SplitLine[];
  readonly tipPence: MinorUnits;
  readonly split: BillSplit;
  /** Each diner's total at the bill's pay-back rate (by diner id), adding up to the converted total; null without a rate. */
  readonly converted: { readonly currency: CurrencyCode; readonly totals: ReadonlyMap<string, number>; readonly total: number } | null;
}

/** MinorUnits of each unit of an item: whole pence that add up to its price, the odd pennies on the first units. */
export function unitPrices(item: Pick<LiveItem, 'pricePence' | 'units'>): MinorUnits[] {
  const base = Math.trunc(item.pricePence / item.units);
  const left = item.pricePence - base * item.units;
  return Array.from({ length: item.units }, (_, u) => minorUnits(base + (u < Math.abs(left) ? Math.sign(left) : 0)));
}

/**
 * The bill's lines for splitting: units of a quantity line had by the same diners go together, so
 * "3 x Peroni" that Ann and Bob each had one of, and one nobody claimed yet, is three lines. The
 * organiser's summary is built from these same lines, so every phone's total equals it to the penny.
 */
export function splitLines(bill: Pick<LiveBill, 'items' | 'diners' | 'claims'>): SplitLine[] {
  const position = new Map(bill.diners.map((d, i) => [d.id, i]));
  const claimants = (itemId: string, unit: number) =>
    bill.claims
      .filter((c) => c.itemId === itemId && c.unit === unit && position.has(c.dinerId))
      .map((c) => c.dinerId)
      .sort((a, b) => position.get(a)! - position.get(b)!);
  return bill.items.flatMap((item): SplitLine[] => {
    if (item.units === 1) return [{ id: item.id, name: item.name, pricePence: item.pricePence, kind: item.kind, assignedTo: claimants(item.id, 0) }];
    const prices = unitPrices(item);
    const groups = new Map<string, { units: number[]; assignedTo: string[] }>();
    for (let unit = 0; unit < item.units; unit++) {
      const who = claimants(item.id, unit);
      const key = who.join('\u0000');
      const group = groups.get(key) ?? { units: [], assignedTo: who };
      group.units.push(unit);
      groups.set(key, group);
    }
    if (groups.size === 1) return [{ id: item.id, name: item.name, pricePence: item.pricePence, kind: item.kind, assignedTo: [...groups.values()][0]!.assignedTo }];
    const base = baseName(item.name);
    return [...groups.values()].map((g) => ({
      id: `${item.id}.${g.units[0]}`,
      name: g.units.length === 1 ? base : `${g.units.length} x ${base}`,
      pricePence: minorUnits(g.units.reduce((sum, u) => sum + prices[u]!, 0)),
      kind: item.kind,
      assignedTo: g.assignedTo,
    }));
  });
}

type LiveBillAsItStands = Pick<LiveBill, 'currency' | 'items' | 'diners' | 'claims' | 'tip' | 'tipSplit' | 'payBack'>;

/** The bill a live bill holds as it stands: its claimed units as lines, the organiser's tip in pence. */
function billOfLive(bill: LiveBillAsItStands): Bill & { readonly items: readonly SplitLine[] } {
  const lines = splitLines(bill);
  const subtotal = subtotalOf(lines);
  return {
    currency: bill.currency,
    name: null,
    diners: bill.diners.map((d) => ({ id: d.id, name: d.name })),
    items: lines,
    tipPence: 'percent' in bill.tip ? tipFromPercent(subtotal, bill.tip.percent) : bill.tip.pence,
    tipSplit: bill.tipSplit,
    tipSharers: 'allDiners',
    payerId: null,
  };
}

/** Every diner's share of the bill as it stands, with the organiser's tip. */
export function liveTotals(bill: LiveBillAsItStands): LiveBillTotals {
  const asItStands = billOfLive(bill);
  const split = billSplit(asItStands);
  const atRate = convertedTotals(
    bill.currency,
    split.shares.map((s) => s.totalPence),
    bill.payBack ?? null,
  );
  const converted = atRate && { currency: atRate.currency, totals: new Map(split.shares.map((s, k) => [s.dinerId, atRate.shares[k]!])), total: atRate.total };
  return { lines: asItStands.items, tipPence: asItStands.tipPence, split, converted };
}

/** What the units nobody has claimed yet come to. */
export function unclaimedPence(bill: Pick<LiveBill, 'items' | 'diners' | 'claims'>): MinorUnits {
  return sumMinorUnits(unclaimedUnits(bill).flatMap(({ item, units }) => units.map((u) => unitPrices(item)[u]!)));
}

/** Units nobody has claimed yet, item by item (only food lines are claimed; charges follow the rules). */
export function unclaimedUnits(bill: Pick<LiveBill, 'items' | 'diners' | 'claims'>): { readonly item: LiveItem; readonly units: readonly number[] }[] {
  const diners = new Set(bill.diners.map((d) => d.id));
  const claimed = new Set(bill.claims.filter((c) => diners.has(c.dinerId)).map((c) => `${c.itemId}\u0000${c.unit}`));
  return bill.items
    .filter((item) => item.kind === 'item')
    .map((item) => ({ item, units: Array.from({ length: item.units }, (_, u) => u).filter((u) => !claimed.has(`${item.id}\u0000${u}`)) }))
    .filter((entry) => entry.units.length > 0);
}

/** "3 x Peroni" → "Peroni": what one unit of a quantity line is called. */
export function baseName(name: string): string {
  return name.replace(/^\s*\d{1,2}\s*[x×]\s*/i, '').trim() || name;
}
