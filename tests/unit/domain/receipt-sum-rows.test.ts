import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '../../../domain/scanning/receipt-parser';

const kinds = (text: string) => parseReceiptText(text).lines.map((l) => [l.kind, l.label]);

describe('kindsFromSums (through parseReceiptText)', () => {
  it('takes a row that sums the items above it, before the tax, for a subtotal', () => {
    expect(kinds('Iced Tea    $2.50\nDiet Coke    $2.50\nCuban    $11.99\nFood    $16.99\nTax    $1.19\nTotal    $18.18')).toEqual([
      ['item', 'Iced Tea'],
      ['item', 'Diet Coke'],
      ['item', 'Cuban'],
      ['subtotal', 'Food'],
      ['vat', 'Tax'],
      ['total', 'Total'],
    ]);
  });

  it('keeps an item that happens to cost what the items above it do when the receipt adds up with it', () => {
    expect(kinds('Chips    2.50\nPeas    2.50\nBurger    5.00\nTotal    10.00').map(([kind]) => kind)).toEqual(['item', 'item', 'item', 'total']);
  });

  it('takes the one unreadable row between subtotal and total that makes up the difference for tax', () => {
    expect(kinds('Pad Thai    9.99\nIced Tea    2.00\nSubtotal    11.99\nTaK    1.02\nTotal    $13.01')).toEqual([
      ['item', 'Pad Thai'],
      ['item', 'Iced Tea'],
      ['subtotal', 'Subtotal'],
      ['vat', 'TaK'],
      ['total', 'Total'],
    ]);
  });

  it('takes a row for the whole total under a label OCR garbled for the total said again, though a row above was lost', () => {
    expect(kinds('Pad Thai    9.99\nIced Tea    2.00\nBxlamcx    16.49\nTotal    16.49')).toEqual([
      ['item', 'Pad Thai'],
      ['item', 'Iced Tea'],
      ['subtotal', 'Bxlamcx'],
      ['total', 'Total'],
    ]);
  });

  it('keeps an item that costs the whole total when it is the first, or when the receipt adds up with it', () => {
    expect(kinds('Set Menu    30.00\nlotalQty    1.00\nTotal    30.00').map(([kind]) => kind)).toEqual(['item', 'item', 'total']);
    expect(kinds('Set Menu    30.00\nWater    0.00\nBread    0.00\nTotal    30.00').map(([kind]) => kind)).toEqual(['item', 'item', 'item', 'total']);
  });
});
