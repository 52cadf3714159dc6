/**
 * Text boxes from a text detector's probability map (PaddleOCR's DB post-processing, in plain
 * typed arrays): each connected patch of likely text becomes a box along the patch's own slant,
 * widened by DB's "unclip" margin, since the detector marks a shrunk core of each word.
 */

export interface ProbabilityMap {
  readonly data: Float32Array;
  readonly width: number;
  readonly height: number;
}

/** A box around a piece of text: centre, half sizes along and across its slant, and the slant (radians). */
export interface TextBox {
  readonly centreX: number;
  readonly centreY: number;
  readonly halfWidth: number;
  readonly halfHeight: number;
  readonly angle: number;
}

/** Map values above this are text (PaddleOCR's default). */
const TEXT_PROBABILITY = 0.3;
/** Patches whose mean probability is under this are noise (PaddleOCR's box threshold). */
const BOX_PROBABILITY = 0.6;
/** Patches thinner than this many map pixels are specks. */
const MIN_SIDE = 3;
/** DB's unclip ratio: the margin is area × ratio / perimeter of the shrunk core. */
const UNCLIP_RATIO = 1.5;

export function textBoxes(map: ProbabilityMap): TextBox[] {
  const { data, width, height } = map;
  const seen = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  const boxes: TextBox[] = [];
  for (let start = 0; start < data.length; start += 1) {
    if (seen[start] || data[start]! <= TEXT_PROBABILITY) continue;
    // Flood-fill one patch (4-connected), keeping its pixels in the queue.
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    let probability = 0;
    while (head < tail) {
      const at = queue[head++]!;
      probability += data[at]!;
      const x = at % width;
      const neighbours = [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, at - width, at + width];
      for (const next of neighbours) {
        if (next < 0 || next >= data.length || seen[next] || data[next]! <= TEXT_PROBABILITY) continue;
        seen[next] = 1;
        queue[tail++] = next;
      }
    }
    if (probability / tail < BOX_PROBABILITY) continue;
    const box = orientedBox(queue.subarray(0, tail), width);
    if (box !== null) boxes.push(box);
  }
  return boxes;
}

/** The smallest box along the patch's main axis (from its second moments), unclipped. */
function orientedBox(pixels: Int32Array, width: number): TextBox | null {
  let sumX = 0;
  let sumY = 0;
  for (const at of pixels) [sumX, sumY] = [sumX + (at % width), sumY + Math.floor(at / width)];
  const meanX = sumX / pixels.length;
  const meanY = sumY / pixels.length;
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (const at of pixels) {
    const dx = (at % width) - meanX;
    const dy = Math.floor(at / width) - meanY;
    [xx, yy, xy] = [xx + dx * dx, yy + dy * dy, xy + dx * dy];
  }
  // Text runs across the receipt: the slant is taken within ±45°, and only from patches long
  // enough to show one (a lone digit's axis says nothing).
  let angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  if (Math.abs(angle) > Math.PI / 4) angle -= Math.sign(angle) * (Math.PI / 2);
  let extent = extentsAlong(pixels, width, meanX, meanY, angle);
  if (extent.long < 2 * extent.short && angle !== 0) [angle, extent] = [0, extentsAlong(pixels, width, meanX, meanY, 0)];
  const { long, short, minU, maxU, minV, maxV } = extent;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  if (Math.min(long, short) < MIN_SIDE) return null;
  const margin = (long * short * UNCLIP_RATIO) / (2 * (long + short));
  const centreU = (minU + maxU) / 2;
  const centreV = (minV + maxV) / 2;
  return {
    centreX: meanX + centreU * cos - centreV * sin,
    centreY: meanY + centreU * sin + centreV * cos,
    halfWidth: long / 2 + margin,
    halfHeight: short / 2 + margin,
    angle,
  };
}

function extentsAlong(pixels: Int32Array, width: number, meanX: number, meanY: number, angle: number) {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const at of pixels) {
    const dx = (at % width) - meanX;
    const dy = Math.floor(at / width) - meanY;
    const u = dx * cos + dy * sin;
    const v = -dx * sin + dy * cos;
    [minU, maxU, minV, maxV] = [Math.min(minU, u), Math.max(maxU, u), Math.min(minV, v), Math.max(maxV, v)];
  }
  // Pixel centres to pixel edges.
  return { long: maxU - minU + 1, short: maxV - minV + 1, minU, maxU, minV, maxV };
}

/** The box's corners clockwise from its top left, scaled by `scale`. */
export function cornersOf(box: TextBox, scale: number): { x: number; y: number }[] {
  const [cos, sin] = [Math.cos(box.angle), Math.sin(box.angle)];
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([u, v]) => ({
    x: (box.centreX + u! * box.halfWidth * cos - v! * box.halfHeight * sin) * scale,
    y: (box.centreY + u! * box.halfWidth * sin + v! * box.halfHeight * cos) * scale,
  }));
}
