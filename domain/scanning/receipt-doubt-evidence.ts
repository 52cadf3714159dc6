import type { LaidOutRow } from './receipt-layout';
import type { ReceiptReading } from './receipt-line';
import { reconcile } from './receipt-reconcile';

/**
 * What the reader knows about one parsed line that may say it was misread: the recognisers' own
 * doubt about the words it came from, the receipt's sum, and how the line looks beside the rest.
 * Each is a number, 0 when it says nothing; the doubt model (receipt-doubt-model.ts) weighs them.
 * General signals only: nothing here names a shop, a word or a receipt.
 */
export const EVIDENCE = [
  /** −ln of the least probability of a letter read in the line's name (0 when every letter was sure). */
  'unsureLetter',
  /** −ln of the least probability of a figure read in the line's price. */
  'unsureFigure',
  /** The second recogniser read some of the line's text otherwise. */
  'disagreed',
  /** The lexicon read a word of the name otherwise than the recogniser's best spelling. */
  'rewritten',
  /** The receipt's billed lines do not add up to its printed total (or it prints none). */
  'offSum',
  /** How far off the sum is, as ln(1 + |billed − total| / total) (0 when it adds up or has no total). */
  'sumGap',
  /** Share of the name's characters (spaces aside) that are not letters. */
  'notLetters',
  /** Share of the name's words of four or more letters without a vowel (garbled print). */
  'noVowels',
  /** The line comes after a printed total (a card slip's or a voucher's row read as an item). */
  'afterTotal',
  /** unsureLetter, unsureFigure and disagreed again, on a receipt that does not add up only: there the sum vouches for nothing. */
  'unsureLetterOff',
  'unsureFigureOff',
  'disagreedOff',
] as const;
export type EvidenceName = (typeof EVIDENCE)[number];
export type Evidence = Readonly<Record<EvidenceName, number>>;

/** A probability below this counts as this (a letter "read" at 0.001 is as unsure as one at 0.02). */
const FLOOR = 0.02;
const unsure = (probability: number) => -Math.log(Math.max(FLOOR, Math.min(1, probability)));

/** Every line's evidence, in the reading's order. `rows` are the printed rows the reading was parsed from. */
export function lineEvidence(reading: ReceiptReading, rows: readonly LaidOutRow[]): Evidence[] {
  const tokens = rows.map((row) => tokensOf(row.text));
  const { matches, differencePence } = reconcile(reading.lines, reading.totalPence);
  const off = matches ? 0 : 1;
  const firstTotal = reading.lines.findIndex((l) => l.kind === 'total');
  const gap = reading.totalPence === null || reading.totalPence <= 0 || differencePence === null ? 0 : Math.min(3, Math.log1p(Math.abs(differencePence) / reading.totalPence));
  return reading.lines.map((line, i) => {
    const words = sourceRows(line.raw, rows, tokens).flatMap((row) => row.words);
    const priceAt = words.findLastIndex((w) => /\d/.test(w.text));
    const nameWords = words.filter((w, at) => at !== priceAt && /\p{L}/u.test(w.text));
    const unsureLetter = unsure(Math.min(1, ...nameWords.map((w) => w.doubt?.letters ?? 1)));
    const unsureFigure = unsure(words[priceAt]?.doubt?.figures ?? 1);
    const disagreed = words.some((w) => w.doubt?.disagreed === true) ? 1 : 0;
    return {
      unsureLetter,
      unsureFigure,
      disagreed,
      rewritten: nameWords.some((w) => w.doubt?.rewritten === true) ? 1 : 0,
      offSum: off,
      sumGap: gap,
      notLetters: notLettersShare(line.label),
      noVowels: vowellessShare(line.label),
      afterTotal: firstTotal >= 0 && i > firstTotal ? 1 : 0,
      unsureLetterOff: unsureLetter * off,
      unsureFigureOff: unsureFigure * off,
      disagreedOff: disagreed * off,
    };
  });
}

function lettersIn(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

function notLettersShare(text: string): number {
  const characters = text.replace(/\s/g, '');
  return characters.length === 0 ? 1 : 1 - lettersIn(characters) / characters.length;
}

function vowellessShare(text: string): number {
  const words = text.match(/\p{L}{4,}/gu) ?? [];
  return words.length === 0 ? 0 : words.filter((w) => !/[aeiouyàâäáåæéèêëíìîïóòôöøúùûüý]/i.test(w)).length / words.length;
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
