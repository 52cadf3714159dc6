/** A piece of text an OCR engine found on a photo, with the four corners of its box (clockwise from top left). */
export interface PrintedWord {
  readonly text: string;
  /** 0–1. */
  readonly confidence: number;
  readonly corners: readonly Point[];
  /** What the reader knows of its own doubt about this text, when it says. */
  readonly doubt?: WordDoubt;
}

/** How sure the reader is of a piece of text. */
export interface WordDoubt {
  /** The least probability (0–1) of any letter read in a word (1 with no letters). */
  readonly letters: number;
  /** The least probability (0–1) of any figure or decimal mark read (1 with none). */
  readonly figures: number;
  /** A word was read otherwise than the recogniser's best spelling (the lexicon put it right). */
  readonly rewritten: boolean;
  /** A second recogniser read the text otherwise. */
  readonly disagreed: boolean;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

interface Placed {
  readonly word: PrintedWord;
  readonly text: string;
  readonly left: number;
  readonly right: number;
  readonly middle: number;
  readonly height: number;
}

/** Two boxes on one row are a column apart when the gap between them is wider than this many text heights. */
const COLUMN_GAP = 0.8;
/** A box belongs to a row when its middle is within this share of the text height of the row's middle. */
const SAME_ROW = 0.5;

/**
 * Lays the boxes an OCR engine found back out as printed rows, left to right, with a wide gap
 * ("   ") where the receipt leaves a column gap: the text the line parser reads. The photo may be
 * turned a little; the rows are found along the text's own slant, not the photo's edges.
 */
export function rowsOf(words: readonly PrintedWord[]): string[] {
  return laidOutRows(words).map((row) => row.text);
}

/** A printed row: its text as the parser reads it, and the pieces of text it was laid out from, left to right. */
export interface LaidOutRow {
  readonly text: string;
  readonly words: readonly PrintedWord[];
}

/** The rows of `rowsOf`, each with the words it holds. */
export function laidOutRows(words: readonly PrintedWord[]): LaidOutRow[] {
  const slant = medianSlant(words);
  const placed = words.filter((w) => w.corners.length === 4 && w.text.trim() !== '').map((w) => place(w, slant));
  const rows: Placed[][] = [];
  for (const word of [...placed].sort((a, b) => a.middle - b.middle)) {
    const row = rows.findLast((r) => Math.abs(middleOf(r) - word.middle) <= SAME_ROW * Math.max(word.height, heightOf(r)) && !overlapsAny(r, word));
    if (row) row.push(word);
    else rows.push([word]);
  }
  return rows
    .sort((a, b) => middleOf(a) - middleOf(b))
    .map((row) => {
      const sorted = [...row].sort((a, b) => a.left - b.left);
      return { text: textOf(sorted), words: sorted.map((p) => p.word) };
    });
}

function textOf(sorted: readonly Placed[]): string {
  return sorted.reduce((text, word, i) => {
    if (i === 0) return word.text;
    const gap = word.left - sorted[i - 1]!.right;
    return `${text}${gap > COLUMN_GAP * Math.min(word.height, sorted[i - 1]!.height) ? '    ' : ' '}${word.text}`;
  }, '');
}

/** The slant of the text (radians), from the boxes long enough to show it. */
function medianSlant(words: readonly PrintedWord[]): number {
  const slants = words.flatMap((w) => {
    if (w.corners.length !== 4) return [];
    const [topLeft, topRight, , bottomLeft] = w.corners as [Point, Point, Point, Point];
    const width = Math.hypot(topRight.x - topLeft.x, topRight.y - topLeft.y);
    const height = Math.hypot(bottomLeft.x - topLeft.x, bottomLeft.y - topLeft.y);
    return width > 3 * height ? [Math.atan2(topRight.y - topLeft.y, topRight.x - topLeft.x)] : [];
  });
  if (slants.length === 0) return 0;
  const sorted = slants.sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function place(word: PrintedWord, slant: number): Placed {
  const cos = Math.cos(-slant);
  const sin = Math.sin(-slant);
  const turned = word.corners.map((p) => ({ x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos }));
  const xs = turned.map((p) => p.x);
  const ys = turned.map((p) => p.y);
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  return { word, text: word.text.trim(), left: Math.min(...xs), right: Math.max(...xs), middle: (top + bottom) / 2, height: Math.max(1, bottom - top) };
}

function middleOf(row: readonly Placed[]): number {
  return row.reduce((sum, w) => sum + w.middle, 0) / row.length;
}

function heightOf(row: readonly Placed[]): number {
  return row.reduce((sum, w) => sum + w.height, 0) / row.length;
}

function overlapsAny(row: readonly Placed[], word: Placed): boolean {
  return row.some((w) => Math.min(w.right, word.right) - Math.max(w.left, word.left) > 0.5 * Math.min(w.right - w.left, word.right - word.left));
}
