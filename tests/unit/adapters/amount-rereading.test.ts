import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { acceptedReread, replaceWords, rereadAmounts, wordsToReread } from '../../../adapters/ocr/amount-rereading';
import type { OcrLine } from '../../../adapters/ocr/tesseract-pool';

const box = { x0: 10, y0: 10, x1: 60, y1: 30 };
const line = (text: string, words: [string, number][]): OcrLine => ({ text, words: words.map(([w, confidence]) => ({ text: w, confidence, box })) });

describe('re-reading doubtful amounts', () => {
  it('picks price-like words read with low confidence, least confident first', () => {
    const lines = [
      line('1 Mineral Water 2.50 2.80 8\n', [
        ['1', 40],
        ['Mineral', 50],
        ['Water', 95],
        ['2.50', 94],
        ['2.80', 62],
        ['8', 30],
      ]),
      line('TOTAL 28.50\n', [
        ['TOTAL', 90],
        ['28.50', 78],
      ]),
      line('Date 15/10/2016\n', [
        ['Date', 90],
        ['15/10/2016', 20],
      ]),
      line('Pasta £l2.5O\n', [
        ['Pasta', 90],
        ['£l2.5O', 70],
      ]),
    ];
    expect(wordsToReread(lines)).toEqual([
      { line: 0, word: 4 },
      { line: 3, word: 1 },
      { line: 1, word: 1 },
    ]);
  });

  it('believes a re-read only when it is a well-formed amount', () => {
    const first = { text: '28.50', confidence: 60 };
    expect(acceptedReread(first, { text: '26.50', confidence: 60 })).toBe('26.50');
    expect(acceptedReread(first, { text: '$60.00', confidence: 90 })).toBe('$60.00');
    expect(acceptedReread(first, { text: '2519', confidence: 90 })).toBeNull();
    expect(acceptedReread(first, { text: '1571072018', confidence: 90 })).toBeNull();
    expect(acceptedReread(first, { text: '', confidence: 90 })).toBeNull();
  });

  it('does not believe a re-read clearly less sure than the first reading', () => {
    expect(acceptedReread({ text: '28.50', confidence: 78 }, { text: '26.50', confidence: 73 })).toBe('26.50');
    expect(acceptedReread({ text: '£5.75', confidence: 71 }, { text: '£95.75', confidence: 59 })).toBeNull();
  });

  it('replaces the right one of two equal words and keeps the column gaps', () => {
    const row = line('1 FOOD      6.00 6.00 8\n', [
      ['1', 90],
      ['FOOD', 90],
      ['6.00', 95],
      ['6.00', 55],
      ['8', 90],
    ]);
    expect(replaceWords(row, new Map([[3, '8.00']]))).toBe('1 FOOD      6.00 8.00 8\n');
  });

  it('puts the re-read amounts back into the page text', async () => {
    const image = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const page = {
      text: 'SUBTOTAL 26.50\nTOTAL 28.50\n',
      confidence: 80,
      lines: [
        line('SUBTOTAL 26.50\n', [
          ['SUBTOTAL', 95],
          ['26.50', 95],
        ]),
        line('TOTAL 28.50\n', [
          ['TOTAL', 95],
          ['28.50', 70],
        ]),
      ],
    };
    const crops: number[] = [];
    const text = await rereadAmounts(page, image, async (crop) => {
      crops.push((await sharp(crop).metadata()).width ?? 0);
      return { text: '26.50', confidence: 80 };
    });
    expect(text).toBe('SUBTOTAL 26.50\nTOTAL 26.50\n');
    expect(crops).toEqual([2 * (50 + 2 * 6)]);
  });
});
