import { BILLED_KINDS, pricedSum, type ReceiptLine, type PricedLines } from './receipt-line';

/**
 * Rows whose label OCR could not read, or that name a category, are told by the receipt's own sums:
 * - a row closing a run of items that is their sum ("Food $27.98" under the food) is a subtotal,
 *   when the receipt does not add up with it counted as an item;
 * - the one priced row between the subtotal and the total that makes the one the other ("TaK 3.32"
 *   between "Subtotal 38.96" and "Total 42.28") is a charge on the bill (tax), not an item;
 * - a row for the whole total below two items or more ("Bxlamcx 42.28" where a row above it was
 *   lost, so the run does not sum to it) is the total said again, when the receipt does not add up
 *   with it counted as an item.
 */
export function kindsFromSums(reading: PricedLines): PricedLines {
  const lines = chargeBetweenSubtotalAndTotal(sumRowsAsSubtotals(reading));
  return { ...reading, lines: totalRestatedAsSubtotal(lines, reading.totalPence) };
}

function sumRowsAsSubtotals({ lines, totalPence }: PricedLines): readonly ReceiptLine[] {
  if (totalPence === null || addsUp(lines, totalPence)) return lines;
  let runSum = 0;
  let runCount = 0;
  return lines.map((line, i) => {
    const price = line.pricePence ?? 0;
    if (line.kind !== 'item') {
      if (line.kind === 'subtotal' || line.kind === 'total') [runSum, runCount] = [0, 0];
      return line;
    }
    const next = lines[i + 1];
    if (runCount >= 2 && price > 0 && price === runSum && next !== undefined && next.kind !== 'item') {
      [runSum, runCount] = [0, 0];
      return asSum(line, 'subtotal');
    }
    [runSum, runCount] = [runSum + price, runCount + 1];
    return line;
  });
}

function chargeBetweenSubtotalAndTotal(lines: readonly ReceiptLine[]): readonly ReceiptLine[] {
  const subtotal = lines.findIndex((l) => l.kind === 'subtotal' && (l.pricePence ?? 0) > 0);
  const total = lines.findIndex((l, i) => i > subtotal && l.kind === 'total' && (l.pricePence ?? 0) > 0);
  if (subtotal < 0 || total < 0) return lines;
  const between = lines.slice(subtotal + 1, total);
  const items = between.filter((l) => l.kind === 'item');
  const added = pricedSum(between, (l) => BILLED_KINDS.has(l.kind) || l.kind === 'vat');
  if (items.length !== 1 || lines[subtotal]!.pricePence! + added !== lines[total]!.pricePence) return lines;
  return lines.map((l) => (l === items[0] ? asSum(l, 'vat') : l));
}

function totalRestatedAsSubtotal(lines: readonly ReceiptLine[], totalPence: number | null): readonly ReceiptLine[] {
  if (totalPence === null || totalPence <= 0 || addsUp(lines, totalPence)) return lines;
  const items = lines.filter((l) => l.kind === 'item');
  if (items.some((l) => (l.pricePence ?? 0) <= 0)) return lines;
  // A sum is printed below the items it adds up: two of them at least.
  const restated = items.filter((l, i) => i >= 2 && l.pricePence === totalPence);
  if (restated.length === 0) return lines;
  return lines.map((l) => (restated.includes(l) ? asSum(l, 'subtotal') : l));
}

/** An item row read again as a sum or a charge on the bill: without the item's quantity and unit price. */
function asSum(line: ReceiptLine, kind: 'subtotal' | 'vat'): ReceiptLine {
  return { raw: line.raw, label: line.label, pricePence: line.pricePence, kind };
}

/** The billed lines make the total, with or without the tax rows added. */
function addsUp(lines: readonly ReceiptLine[], totalPence: number): boolean {
  const billed = pricedSum(lines, (l) => BILLED_KINDS.has(l.kind));
  return billed === totalPence || billed + pricedSum(lines, (l) => l.kind === 'vat') === totalPence;
}
