import type { LaidOutRow, PrintedWord } from './receipt-layout';
import type { LineDoubt, ReceiptLine, ReceiptReading } from './receipt-line';
import { reconcile } from './receipt-reconcile';

/**
 * How unsure the reader may be of a piece of text and still be taken at its word: the least
 * probability of a letter in a name, of a figure in a price. Where the lines add up to the printed
 * total, the sum vouches for every price, and only a name read with a letter the recogniser all but
 * guessed (or put right by the lexicon) is doubted; where they do not, any unsure letter or figure,
 * or a second recogniser's other reading, is. Measured on the development receipts
 * (docs/receipt-reading.md, eighth round).
 */
const SURE_WHEN_IT_ADDS_UP = { letters: 0.5 } as const;
const SURE_OTHERWISE = { letters: 0.7, figures: 0.9 } as const;

/**
 * Each line's doubt from what the reader knows of the text it was read from: the row (or rows, for
 * a name wrapped above its price) it came from, found by the words they share.
 */
export function withReadingDoubts(reading: ReceiptReading, rows: readonly LaidOutRow[]): ReceiptReading {
  const tokens = rows.map((row) => tokensOf(row.text));
  const addsUp = reconcile(reading.lines, reading.totalPence).matches;
  return {
    ...reading,
    lines: reading.lines.map((line) => {
      if (line.doubt !== undefined) return line;
      const words = sourceRows(line.raw, rows, tokens).flatMap((row) => row.words);
      const doubt = addsUp ? doubtedName(words) : doubtOfWords(words);
      return doubt === null ? line : { ...line, doubt };
    }),
  };
}

/**
 * Every line's doubt, as the person is shown it: the reader's own, else a price that breaks the
 * sum to the printed total (reconcile's suspect lines). For any reader, local or remote.
 */
export function lineDoubts(lines: readonly ReceiptLine[], totalPence: ReceiptReading['totalPence']): (LineDoubt | null)[] {
  const suspects = new Set(reconcile(lines, totalPence).suspectLines);
  return lines.map((line, i) => (line.doubt === 'price' ? 'price' : suspects.has(i) ? 'sum' : (line.doubt ?? null)));
}

/** On a receipt that adds up: a name with a letter all but guessed, or a word the lexicon put right. */
function doubtedName(words: readonly PrintedWord[]): LineDoubt | null {
  return words.some((w) => w.doubt !== undefined && /[A-Za-z]/.test(w.text) && (w.doubt.letters < SURE_WHEN_IT_ADDS_UP.letters || w.doubt.rewritten)) ? 'name' : null;
}

/** On a receipt that does not add up: the price's figures (the last piece of text with a figure), then the name's letters. */
function doubtOfWords(words: readonly PrintedWord[]): LineDoubt | null {
  const priceAt = words.findLastIndex((w) => /\d/.test(w.text));
  const price = words[priceAt]?.doubt;
  if (price !== undefined && (price.figures < SURE_OTHERWISE.figures || price.disagreed)) return 'price';
  const unsureName = words.some((w, i) => w.doubt !== undefined && i !== priceAt && /[A-Za-z]/.test(w.text) && (w.doubt.letters < SURE_OTHERWISE.letters || w.doubt.rewritten || w.doubt.disagreed));
  return unsureName ? 'name' : null;
}

/**
 * The rows a line was read from: the row sharing most of its words, and the row above it when
 * the line holds that row's words too (a long name wrapped above its price).
 */
function sourceRows(raw: string, rows: readonly LaidOutRow[], tokens: readonly string[][]): LaidOutRow[] {
  const wanted = tokensOf(raw);
  let best = -1;
  let bestScore = 0;
  tokens.forEach((row, i) => {
    const score = shared(row, wanted) - 0.5 * (row.length - shared(row, wanted));
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  if (best < 0) return [];
  const above = tokens[best - 1];
  const wrapped = above !== undefined && above.length > 0 && shared(above, wanted) === above.length && shared(tokens[best]!, wanted) < wanted.length;
  return wrapped ? [rows[best - 1]!, rows[best]!] : [rows[best]!];
}

function tokensOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function shared(row: readonly string[], wanted: readonly string[]): number {
  const left = [...wanted];
  let count = 0;
  for (const token of row) {
    const at = left.indexOf(token);
    if (at >= 0) {
      left.splice(at, 1);
      count += 1;
    }
  }
  return count;
}
