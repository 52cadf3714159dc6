import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '../../../domain/scanning/receipt-parser';

const prices = (text: string) => parseReceiptText(text).lines.map((l) => [l.label, l.pricePence]);

describe('repairMisreadPrice (through parseReceiptText)', () => {
  it('reads a price without the digit OCR added when the receipt then adds up to its subtotal', () => {
    expect(prices('Turkey    51.99\nAdd Cheddar    0.75\nSUB TOTAL    6.74\nSales Tax    0.56\nTOTAL    7.30')).toEqual([
      ['Turkey', 599],
      ['Add Cheddar', 75],
      ['SUB TOTAL', 674],
      ['Sales Tax', 56],
      ['TOTAL', 730],
    ]);
  });

  it('takes a product code run into the price off it when the receipt then adds up to its total less tax', () => {
    expect(prices('CARD THANKS CROWN    5.99\nCARD MDAY MOTHER    7204738428076.99\nSALES TAX    1.30\nTOTAL    14.28')[1]).toEqual(['CARD MDAY MOTHER', 699]);
  });

  it('changes nothing when the receipt already adds up, when no printed sum is there, or when two repairs would fit', () => {
    expect(prices('Steak    21.50\nWine    12.00\nTOTAL    33.50').map(([, p]) => p)).toEqual([2150, 1200, 3350]);
    expect(prices('Steak    21.50\nWine    12.00').map(([, p]) => p)).toEqual([2150, 1200]);
    // Either 11.50 read as 1.50 would make 13.00: not the receipt's to say which.
    expect(prices('House Red    11.50\nHouse White    11.50\nTOTAL    13.00').map(([, p]) => p)).toEqual([1150, 1150, 1300]);
  });
});
