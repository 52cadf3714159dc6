import { describe, expect, it } from 'vitest';
import { rowsOf, type PrintedWord } from '../../../domain/scanning/receipt-layout';

/** A word box 20 px high at (x, y), its text 10 px a character, turned by `slant` radians about the origin. */
function word(text: string, x: number, y: number, slant = 0): PrintedWord {
  const corners = [
    [x, y],
    [x + text.length * 10, y],
    [x + text.length * 10, y + 20],
    [x, y + 20],
  ].map(([px, py]) => ({ x: px! * Math.cos(slant) - py! * Math.sin(slant), y: px! * Math.sin(slant) + py! * Math.cos(slant) }));
  return { text, confidence: 0.9, corners };
}

describe('rowsOf', () => {
  it('puts boxes at one height on one row, left to right, with a wide gap between columns', () => {
    expect(rowsOf([word('12.50', 300, 22), word('Fish', 10, 20), word('Pie', 60, 21), word('TOTAL', 10, 60), word('12.50', 300, 58)])).toEqual(['Fish Pie    12.50', 'TOTAL    12.50']);
  });

  it('keeps rows apart on a photo turned by 6°, where the price sits lower than the next name', () => {
    const slant = (6 * Math.PI) / 180;
    const words = [
      word('Tomato Soup', 10, 20, slant),
      word('4.00', 400, 20, slant),
      word('Garlic Bread', 10, 50, slant),
      word('2.50', 400, 50, slant),
      word('TOTAL TO PAY', 10, 80, slant),
      word('6.50', 400, 80, slant),
    ];
    expect(rowsOf(words)).toEqual(['Tomato Soup    4.00', 'Garlic Bread    2.50', 'TOTAL TO PAY    6.50']);
  });

  it('reads nothing from nothing', () => {
    expect(rowsOf([])).toEqual([]);
  });
});
