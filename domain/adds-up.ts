import { formatMoney, GBP, type CurrencyCode } from './currency';
import { fraction, subtractFractions, type Fraction } from './fraction';
import { minorUnits, sumMinorUnits, type MinorUnits } from './money';
import type { BillSplit, DinerShare } from './split';

/**
 * Nothing goes out that does not add up. A bill adds up when it has diners and
 * their shares sum exactly to the Grand Total, which fails only while something is assigned to nobody.
 */
export function sharesAddUp(split: BillSplit): boolean {
  return split.shares.length > 0 && sumMinorUnits(split.shares.map((s) => s.totalPence)) === split.totalPence;
}

/** The documents' message, with "1 item is not" for one. */
export function unassignedMessage(count: number): string {
  return count === 1 ? '1 item is not assigned to any diner' : `${count} items are not assigned to any diner`;
}

/** How many lines are assigned to nobody when the shares do not add up to the Grand Total; null when they do. */
export function unassignedCount(split: BillSplit): number | null {
  return sharesAddUp(split) ? null : Math.max(new Set(split.unassignedItemIds).size, 1);
}

/** The code and words for a bill refused because its shares do not add up to its Grand Total. */
export const NOT_ADDING_UP = {
  code: 'unassigned_items',
  /** What the refusal says: the documents' message and what it means for sharing. */
  message: (count: number) => `${unassignedMessage(count)}: assign it or split it among everyone before sharing, so the shares add up to the Grand Total.`,
} as const;

export interface UnassignedLine {
  readonly itemId: string;
  readonly name: string;
  /** What of the line nobody pays yet: its price, or the units nobody has had. */
  readonly pence: MinorUnits;
  /** Assigned to nobody at all (a split by units may be partly assigned). */
  readonly whole: boolean;
}

/** The Summary's view of what does not add up: what, how much, and the shares against the Grand Total. */
export interface AddsUpView {
  readonly addsUp: boolean;
  readonly message: string | null;
  /** e.g. "Everyone's shares add up to £10.49 of the £13.48 Grand Total." */
  readonly detail: string | null;
  readonly lines: readonly UnassignedLine[];
}

export function addsUpView(
  items: readonly { readonly id: string; readonly name: string; readonly pricePence: MinorUnits; readonly assignedTo: readonly string[] }[],
  split: BillSplit,
  currency: CurrencyCode,
): AddsUpView {
  if (sharesAddUp(split)) return { addsUp: true, message: null, detail: null, lines: [] };
  const ids = new Set(split.unassignedItemIds);
  const lines = items
    .filter((i) => ids.has(i.id))
    .map((i) => {
      const whole = i.assignedTo.length === 0;
      const given = split.shares.flatMap((s) => s.lines).filter((l) => l.itemId === i.id);
      return { itemId: i.id, name: i.name, pence: whole ? i.pricePence : minorUnits(i.pricePence - sumMinorUnits(given.map((l) => l.sharePence))), whole };
    });
  const shared = sumMinorUnits(split.shares.map((s) => s.totalPence));
  return {
    addsUp: false,
    message: lines.length > 0 ? unassignedMessage(lines.length) : 'Add at least one diner',
    detail: `Everyone's shares add up to ${formatMoney(shared, currency)} of the ${formatMoney(split.totalPence, currency)} Grand Total.`,
    lines,
  };
}

/**
 * The rounding note: only on a share the whole-pence split raised above its
 * exact amount, saying by how much (to the nearest hundredth of a penny); null where the share is exact or below it.
 */
export function roundingNote(share: Pick<DinerShare, 'totalPence' | 'exactPence'>, currency: CurrencyCode): string | null {
  const over = subtractFractions(fraction(BigInt(share.totalPence), 1n), share.exactPence);
  if (over.num <= 0n) return null;
  // No fraction of a cent is shown ("€0.0067"): the whole minor units it is under, or equals.
  if (currency !== GBP) return `pays ${over.den === 1n ? '' : 'under '}${formatMoney(Number((over.num + over.den - 1n) / over.den), currency)} more than an exact split, so the amounts add up`;
  return `pays ${penceText(over)} more than an exact split, so the pennies add up`;
}

/** Hundredths of a minor unit, to the nearest (at least one). */
function hundredthsOf(f: Fraction): bigint {
  const nearest = (f.num * 200n + f.den) / (2n * f.den);
  return nearest > 0n ? nearest : 1n;
}

function penceText(f: Fraction): string {
  // "1p", "0.5p", "0.33p".
  const hundredths = hundredthsOf(f);
  const whole = hundredths / 100n;
  const rest = hundredths % 100n;
  if (rest === 0n) return `${whole}p`;
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}p`;
}
