import { minorUnits, type MinorUnits } from '../money';
import { BILLED_KINDS, pricedSum, type ReceiptLine, type PricedLines } from './receipt-line';

/**
 * OCR adds a digit to a price (a decimal point or a speck read as a 1: 5.99 read as 51.99) or runs
 * a product code into it (720473842807 6.99 read as 428076.99). When the billed lines do not add
 * up to the printed subtotal or total, but would with one item's price read without that digit or
 * that code, and no other such reading fits, that price is put right: the receipt's own arithmetic
 * decides, and where two readings would fit nothing is changed.
 */
export function repairMisreadPrice(reading: PricedLines): PricedLines {
  const { lines, totalPence } = reading;
  const targets = printedSums(lines, totalPence);
  const billed = pricedSum(lines, (l) => BILLED_KINDS.has(l.kind));
  if (targets.size === 0 || targets.has(billed)) return reading;
  const repairs = lines.flatMap((line, at) =>
    line.kind === 'item' && line.pricePence !== null
      ? misreadings(line.pricePence)
          .filter((price) => targets.has(billed - line.pricePence! + price))
          .map((price) => ({ at, price }))
      : [],
  );
  if (repairs.length !== 1) return reading;
  const { at, price } = repairs[0]!;
  return { ...reading, lines: lines.map((line, i) => (i === at ? repriced(line, minorUnits(price)) : line)) };
}

/** What the billed lines may add up to: a subtotal, the total, or the total less the tax added to it. */
function printedSums(lines: readonly ReceiptLine[], totalPence: MinorUnits | null): Set<number> {
  const sums = new Set<number>(lines.filter((l) => l.kind === 'subtotal' && (l.pricePence ?? 0) > 0).map((l) => l.pricePence!));
  if (totalPence !== null && totalPence > 0) {
    sums.add(totalPence);
    const tax = pricedSum(lines, (l) => l.kind === 'vat');
    sums.add(totalPence - tax);
  }
  return sums;
}

/** Prices a misread could have come from: one digit fewer (from 10.00 up), or only the last one to three figures before the point of a long run of digits. */
function misreadings(price: MinorUnits): number[] {
  const digits = String(price);
  if (price < 1000) return [];
  const fewer = [...digits].map((_, i) => Number(digits.slice(0, i) + digits.slice(i + 1)));
  const whole = digits.slice(0, -2);
  const cents = digits.slice(-2);
  const unglued = whole.length >= 5 ? [1, 2, 3].map((n) => Number(whole.slice(-n) + cents)) : [];
  return [...new Set([...fewer, ...unglued])].filter((p) => p > 0 && p !== price);
}

/** The line at its repaired price; a quantity and unit price that no longer multiply out to it are dropped. */
function repriced(line: ReceiptLine, pricePence: MinorUnits): ReceiptLine {
  const { quantity, unitPricePence, ...rest } = line;
  const agrees = quantity !== undefined && unitPricePence !== undefined && quantity * unitPricePence === pricePence;
  // Put right by the sum, not read: a person should see it.
  return agrees ? { ...rest, pricePence, quantity, unitPricePence, doubt: 'price' } : { ...rest, pricePence, doubt: 'price' };
}
