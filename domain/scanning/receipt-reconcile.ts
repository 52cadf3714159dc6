import { minorUnits, type MinorUnits } from '../money';
import { BILLED_KINDS, pricedSum, type ReceiptLine } from './receipt-line';

export interface Reconciliation {
  /** Sum of the lines that make up the bill (items, service, discounts; VAT is inside the prices). */
  readonly billedPence: MinorUnits;
  readonly totalPence: MinorUnits | null;
  /** billed minus printed total; 0 when they agree, null without a printed total. */
  readonly differencePence: MinorUnits | null;
  /** How far apart they are, whichever is more (what Review shows); null without a printed total. */
  readonly gapPence: MinorUnits | null;
  readonly matches: boolean;
  /** Indexes (into the lines given) of lines that look wrong and deserve a second look. */
  readonly suspectLines: readonly number[];
}

/**
 * Do the billed lines add up to the printed total, and if not, which lines look wrong?
 * A line is suspect when it has no price, costs more than the whole bill, or when dropping it
 * alone would make the sum agree (a line read twice, or a header read as an item). `included`
 * lets the review screen count only the lines the person kept; a billable line they left out is
 * suspect when putting it back alone would make the sum agree.
 */
export function reconcile<L extends ReceiptLine>(lines: readonly L[], totalPence: MinorUnits | null, included: (line: L) => boolean = billed): Reconciliation {
  const billedPence = pricedSum(lines, included);
  if (totalPence === null) {
    const suspectLines = indexesWhere(lines, (l) => included(l) && l.pricePence === null);
    return { billedPence, totalPence, differencePence: null, gapPence: null, matches: false, suspectLines };
  }
  const differencePence = minorUnits(billedPence - totalPence);
  const matches = differencePence === 0;
  const suspectLines = indexesWhere(lines, (l) => {
    if (!included(l)) return !matches && billed(l) && l.pricePence !== null && l.pricePence === -differencePence;
    if (l.pricePence === null) return true;
    if (matches) return false;
    return l.pricePence === differencePence || (l.kind === 'item' && totalPence > 0 && l.pricePence > totalPence);
  });
  return { billedPence, totalPence, differencePence, gapPence: minorUnits(Math.abs(differencePence)), matches, suspectLines };
}

function billed(line: ReceiptLine): boolean {
  return BILLED_KINDS.has(line.kind);
}

function indexesWhere<L extends ReceiptLine>(lines: readonly L[], test: (line: L) => boolean): number[] {
  return lines.flatMap((l, i) => (test(l) ? [i] : []));
}

/**
 * Which of the printed totals is the bill's total: the one the lines add up to (all billed lines,
 * or the subtotal plus tax), else the first one printed. Later totals are often "balance
 * remaining", "total due 0.00" or a tip suggestion.
 */
export function choosePrintedTotal(lines: readonly ReceiptLine[]): MinorUnits | null {
  const totals = lines.flatMap((l, i) => (l.kind === 'total' && l.pricePence !== null && l.pricePence > 0 ? [i] : []));
  if (totals.length === 0) return null;
  const sums = plausibleSums(lines);
  const chosen = totals.find((i) => sums.has(lines[i]!.pricePence!)) ?? totals[0]!;
  return grownTotal(lines, chosen);
}

/**
 * A total can be printed before the tax, service or gratuity rows that are added to it, and the
 * amount to pay after them ("Total 2977.00, Gratuity 595.40, Total 3572.40"; "Total 365.00, tax
 * rows, Net Amount 393.00"): a later total or subtotal row that is the chosen total plus the rows
 * between (to the whole unit, where a rounding row was dropped) is the one to pay.
 */
function grownTotal(lines: readonly ReceiptLine[], at: number): MinorUnits {
  const base = lines[at]!.pricePence!;
  let added = 0;
  let count = 0;
  for (let i = at + 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    const price = line.pricePence ?? 0;
    if ((line.kind === 'vat' || line.kind === 'service') && price > 0) [added, count] = [added + price, count + 1];
    else if ((line.kind === 'total' || line.kind === 'subtotal') && count > 0 && price > base) {
      const expected = base + added;
      if (price === expected || (price % 100 === 0 && Math.abs(price - expected) < 50)) return line.pricePence!;
    }
  }
  return base as MinorUnits;
}

function plausibleSums(lines: readonly ReceiptLine[]): Set<number> {
  const priced = (kind: ReceiptLine['kind']) => lines.filter((l) => l.kind === kind && l.pricePence !== null).map((l) => l.pricePence!);
  const billedSum = pricedSum(lines, billed);
  const vat = pricedSum(lines, (l) => l.kind === 'vat');
  const sums = new Set<number>([billedSum, billedSum + vat]);
  for (const subtotal of priced('subtotal')) {
    sums.add(subtotal);
    sums.add(subtotal + vat);
    sums.add(subtotal + vat + pricedSum(lines, (l) => l.kind === 'service'));
  }
  return sums;
}
