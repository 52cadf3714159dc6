import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnits } from '../../../domain/money';
import type { ReceiptLine, ReceiptLineKind } from '../../../domain/scanning/receipt-line';
import { reconcile } from '../../../domain/scanning/receipt-reconcile';

const line = (label: string, price: number | null, kind: ReceiptLineKind = 'item'): ReceiptLine => ({
  raw: label,
  label,
  pricePence: price === null ? null : minorUnits(price),
  kind,
});

describe('reconcile', () => {
  it('agrees when items, service and discounts add up to the total; VAT and subtotals are not added', () => {
    const lines = [line('Pizza', 899), line('Cola', 299), line('Service', 150, 'service'), line('Voucher', -100, 'discount'), line('VAT', 208, 'vat'), line('Subtotal', 1198, 'subtotal')];
    expect(reconcile(lines, minorUnits(1248))).toEqual({ billedPence: 1248, totalPence: 1248, differencePence: 0, gapPence: 0, matches: true, suspectLines: [] });
  });

  it('points at the line whose price is the difference, and at lines dearer than the whole bill', () => {
    const lines = [line('Pizza', 899), line('Table 12', 1200), line('Cola', 299), line('Wine', 1099)];
    const result = reconcile(lines, minorUnits(1198 + 1099));
    expect(result.differencePence).toBe(1200);
    expect(result.matches).toBe(false);
    expect(result.suspectLines).toEqual([1]);
  });

  it('counts only the lines kept, and flags a left-out billable line that would make the sum agree', () => {
    const lines = [line('Pizza', 899), line('Cola', 299), line('Wine', 1099), line('VAT', 299, 'vat')];
    const kept = new Set(['Pizza', 'Cola']);
    const result = reconcile(lines, minorUnits(899 + 299 + 1099), (l) => kept.has(l.label));
    expect(result).toMatchObject({ billedPence: 1198, differencePence: -1099, matches: false, suspectLines: [2] });
  });

  it('flags items without a price, and cannot agree without a printed total', () => {
    const result = reconcile([line('Pizza', 899), line('Mystery', null)], null);
    expect(result).toMatchObject({ matches: false, differencePence: null, suspectLines: [1] });
  });

  it('an extra line read by mistake is always among the suspects', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 10_000 }), fc.nat(), (prices, extra, at) => {
        const lines = prices.map((p, i) => line(`Dish ${i}`, p));
        const where = at % (lines.length + 1);
        lines.splice(where, 0, line('Misread', extra));
        const total = minorUnits(prices.reduce((a, b) => a + b, 0));
        const result = reconcile(lines, total);
        expect(result.differencePence).toBe(extra);
        expect(result.suspectLines).toContain(where);
      }),
    );
  });
});
