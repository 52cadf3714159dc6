import type { Evidence, EvidenceName } from './receipt-doubt-evidence';
import type { LineDoubt } from './receipt-line';

/**
 * How likely a parsed line is to be wrong, from its evidence (receipt-doubt-evidence.ts): a
 * logistic combination, 1 / (1 + e^−(intercept + Σ weight · evidence)), fitted on the development
 * receipts by scripts/fit-receipt-doubt.ts; a line scoring at or above `threshold` is doubtful.
 */
export interface DoubtModel {
  readonly intercept: number;
  readonly weights: Readonly<Record<EvidenceName, number>>;
  readonly threshold: number;
}

export function doubtScore(model: DoubtModel, evidence: Evidence): number {
  let sum = model.intercept;
  for (const name of Object.keys(model.weights) as EvidenceName[]) sum += model.weights[name] * evidence[name];
  return 1 / (1 + Math.exp(-sum));
}

/** Evidence about the price's figures; the rest is about the name or the line as a whole. */
const ABOUT_THE_PRICE: ReadonlySet<EvidenceName> = new Set(['unsureFigure', 'unsureFigureOff']);
const ABOUT_THE_NAME: ReadonlySet<EvidenceName> = new Set(['unsureLetter', 'unsureLetterOff', 'rewritten', 'notLetters', 'noVowels']);

/**
 * A doubtful line's reason, as the person is told it: its price when the price's evidence weighs
 * most, its name when the name's does, else the line as a whole (how it sits in the receipt).
 */
export function doubtOf(model: DoubtModel, evidence: Evidence): LineDoubt | null {
  if (doubtScore(model, evidence) < model.threshold) return null;
  let price = 0;
  let name = 0;
  let line = 0;
  for (const key of Object.keys(model.weights) as EvidenceName[]) {
    const weight = Math.max(0, model.weights[key] * evidence[key]);
    if (ABOUT_THE_PRICE.has(key)) price += weight;
    else if (ABOUT_THE_NAME.has(key)) name += weight;
    else line += weight;
  }
  return price >= name && price >= line ? 'price' : name >= line ? 'name' : 'line';
}

// Fitted by scripts/fit-receipt-doubt.ts (docs/receipt-reading.md, ninth round).
export const DOUBT_MODEL: DoubtModel = {
  intercept: -4.579,
  weights: {
    unsureLetter: 1.678,
    unsureFigure: 1.569,
    disagreed: 0,
    rewritten: 0,
    offSum: 1.232,
    sumGap: 4.724,
    notLetters: 2.793,
    noVowels: 1.591,
    afterTotal: 6.261,
    unsureLetterOff: 0,
    unsureFigureOff: 0,
    disagreedOff: 0,
  },
  threshold: 0.08326,
};
