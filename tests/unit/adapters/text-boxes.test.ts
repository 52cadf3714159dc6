import { describe, expect, it } from 'vitest';
import { cornersOf, textBoxes } from '../../../adapters/ocr/text-boxes';

/** A probability map with the given cells set to 0.9. */
function map(width: number, height: number, isText: (x: number, y: number) => boolean) {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) data[y * width + x] = isText(x, y) ? 0.9 : 0.05;
  return { data, width, height };
}

describe('textBoxes', () => {
  it('finds one box per patch of text, widened by the unclip margin', () => {
    const boxes = textBoxes(map(100, 40, (x, y) => (x >= 10 && x < 40 && y >= 10 && y < 16) || (x >= 60 && x < 90 && y >= 20 && y < 26)));
    expect(boxes).toHaveLength(2);
    const [first] = [...boxes].sort((a, b) => a.centreX - b.centreX);
    expect(first!.angle).toBe(0);
    expect(first!.centreX).toBeCloseTo(24.5, 5);
    expect(first!.centreY).toBeCloseTo(12.5, 5);
    // A 30 × 6 core: margin 30·6·1.5 / (2·36) = 3.75 on every side.
    expect(first!.halfWidth).toBeCloseTo(15 + 3.75, 5);
    expect(first!.halfHeight).toBeCloseTo(3 + 3.75, 5);
  });

  it('follows the slant of a long line of text', () => {
    const boxes = textBoxes(map(200, 100, (x, y) => x >= 20 && x < 180 && Math.abs(y - (30 + 0.1 * x)) <= 3));
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.angle).toBeCloseTo(Math.atan(0.1), 1);
  });

  it('ignores specks and faint patches', () => {
    expect(textBoxes(map(50, 50, (x, y) => x === 10 && y >= 10 && y < 20))).toEqual([]);
    const faint = { ...map(50, 50, () => false) };
    for (let i = 0; i < faint.data.length; i += 1) faint.data[i] = 0.4;
    expect(textBoxes(faint)).toEqual([]);
  });

  it('gives the corners clockwise from the top left, scaled', () => {
    const corners = cornersOf({ centreX: 10, centreY: 5, halfWidth: 4, halfHeight: 2, angle: 0 }, 2);
    expect(corners).toEqual([
      { x: 12, y: 6 },
      { x: 28, y: 6 },
      { x: 28, y: 14 },
      { x: 12, y: 14 },
    ]);
  });
});
