import { describe, expect, it } from 'vitest';
import { LocalReceiptReader } from '../../../adapters/ocr/local-receipt-reader';
import type { TextFinder } from '../../../adapters/ocr/text-finder';
import type { PrintedWord } from '../../../domain/receipt-layout';

/** A word box at (x, y), 20 px high, as an OCR engine would report it. */
const word = (text: string, x: number, y: number): PrintedWord => {
  const width = text.length * 10;
  return {
    text,
    confidence: 0.95,
    corners: [
      { x, y },
      { x: x + width, y },
      { x: x + width, y: y + 20 },
      { x, y: y + 20 },
    ],
  };
};

function finder(words: PrintedWord[] | null): TextFinder & { closed: boolean } {
  return {
    closed: false,
    read: async () => words,
    async close() {
      this.closed = true;
    },
  };
}

const image = { bytes: new Uint8Array([0xff, 0xd8, 0xff]), mediaType: 'image/jpeg' as const };

describe('LocalReceiptReader', () => {
  it('lays the boxes out as rows, names paired with the prices in their column, and finds the total', async () => {
    const header = [word('The Vine', 10, -100), word('London W1D 3QF', 10, -60), word('22/11/2014', 10, -20)];
    const words = [...header, word('TOTAL', 10, 100), word('16.00', 300, 102), word('Burger', 10, 20), word('12.50', 300, 18), word('Chips', 10, 60), word('3.50', 310, 61)];
    const result = await new LocalReceiptReader(finder(words)).read(image);
    expect(result).toEqual({
      ok: true,
      value: {
        lines: [
          { raw: 'Burger 12.50', label: 'Burger', pricePence: 1250, kind: 'item' },
          { raw: 'Chips 3.50', label: 'Chips', pricePence: 350, kind: 'item' },
          { raw: 'TOTAL 16.00', label: 'TOTAL', pricePence: 1600, kind: 'total' },
        ],
        totalPence: 1600,
        merchant: 'The Vine',
        date: '2014-11-22',
        currency: 'GBP',
      },
    });
  });

  it('finds nothing in bytes that do not decode', async () => {
    expect(await new LocalReceiptReader(finder(null)).read(image)).toEqual({ ok: true, value: { lines: [], totalPence: null, merchant: null, date: null, currency: null } });
  });

  it('gives up at once when the request was already abandoned', async () => {
    expect(await new LocalReceiptReader(finder([])).read(image, AbortSignal.abort())).toEqual({ ok: false, error: 'timeout' });
  });

  it('closes its OCR engine', async () => {
    const engine = finder([]);
    await new LocalReceiptReader(engine).close();
    expect(engine.closed).toBe(true);
  });
});
