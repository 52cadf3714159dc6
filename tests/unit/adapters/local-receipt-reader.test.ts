import { describe, expect, it } from 'vitest';
import { LocalReceiptReader } from '../../../adapters/ocr/local-receipt-reader';
import type { TextFinder } from '../../../adapters/ocr/text-finder';
import type { PrintedWord } from '../../../domain/scanning/receipt-layout';

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
        // No £ printed: the postcode says where, and the person is asked to check.
        currencyDoubtful: true,
      },
    });
  });

  it('doubts a line whose price or name the recognisers were unsure of, and none they were sure of', async () => {
    const sure = { letters: 0.99, figures: 0.99, rewritten: false, disagreed: false };
    const doubted = (w: PrintedWord, doubt: Partial<typeof sure>): PrintedWord => ({ ...w, doubt: { ...sure, ...doubt } });
    const words = [
      doubted(word('Burger', 10, 20), {}),
      doubted(word('12.50', 300, 18), { figures: 0.41 }),
      doubted(word('Chips', 10, 60), { rewritten: true }),
      doubted(word('3.50', 310, 61), {}),
      doubted(word('Cola', 10, 100), { letters: 0.15 }),
      doubted(word('2.00', 310, 101), {}),
      doubted(word('Soup', 10, 140), {}),
      doubted(word('4.00', 310, 141), { disagreed: true }),
      doubted(word('Tea', 10, 180), {}),
      doubted(word('1.50', 310, 181), {}),
    ];
    const result = await new LocalReceiptReader(finder(words)).read(image);
    expect(result.ok && result.value.lines.map((l) => [l.label, l.doubt])).toEqual([
      ['Burger', 'price'],
      // A word the lexicon put right, or the second recogniser read otherwise, with every letter and figure sure: not doubted (the fit weighs them at nothing).
      ['Chips', undefined],
      ['Cola', 'name'],
      ['Soup', undefined],
      ['Tea', undefined],
    ]);
    // Where the lines add up to the printed total, the sum vouches for the prices: only the name all but guessed is doubted.
    const addingUp = [...words.slice(0, 6), doubted(word('TOTAL', 10, 220), {}), doubted(word('18.00', 300, 221), {})];
    const checked = await new LocalReceiptReader(finder(addingUp)).read(image);
    expect(checked.ok && checked.value.lines.map((l) => [l.label, l.doubt])).toEqual([
      ['Burger', undefined],
      ['Chips', undefined],
      ['Cola', 'name'],
      ['TOTAL', undefined],
    ]);
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
