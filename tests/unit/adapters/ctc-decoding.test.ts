import { describe, expect, it } from 'vitest';
import { ctcAlphabet, decodeCtc, isPrintedHere, printableOnly, type StepScores } from '../../../adapters/ocr/ctc-decoding';

// Classes: 0 blank, 1 'M', 2 '品', 3 'N', 4 '£', 5 ' ' (the space the recogniser adds last).
const alphabet = ctcAlphabet(['M', '品', 'N', '£']);

/** Per-step scores where `best` is the top class and `second` the runner-up. */
function steps(...picks: [best: number, second: number][]): Float32Array {
  const scores = new Float32Array(picks.length * alphabet.dictionary.length).fill(0.01);
  picks.forEach(([best, second], t) => {
    scores[t * alphabet.dictionary.length + best] = 0.7;
    scores[t * alphabet.dictionary.length + second] = 0.2;
  });
  return scores;
}

const box = (scores: Float32Array): StepScores => ({ scores, steps: scores.length / alphabet.dictionary.length, classes: alphabet.dictionary.length, alphabet });

describe('isPrintedHere', () => {
  it('keeps Latin letters with accents, digits, punctuation and currency signs; drops other scripts', () => {
    for (const c of ['a', 'Z', 'é', 'ß', '7', '.', '%', '£', '€', '$', '’', '—', ' ']) expect(isPrintedHere(c)).toBe(true);
    for (const c of ['品', 'α', 'Я', '─', '①']) expect(isPrintedHere(c)).toBe(false);
  });
});

describe('decodeCtc', () => {
  it('drops blanks and merges repeats, but keeps a letter printed twice when a blank separates them', () => {
    const read = decodeCtc(box(steps([1, 0], [1, 0], [0, 1], [1, 0], [5, 0], [3, 0])));
    expect(read.text).toBe('MM N');
  });

  it('never reads a class a UK receipt cannot print: the best printable one is taken instead', () => {
    const read = decodeCtc(box(steps([4, 0], [2, 3])));
    expect(read.text).toBe('£N');
    expect(read.confidence).toBeCloseTo((0.7 + 0.2) / 2, 5);
  });

  it('reads nothing from blanks alone, with no confidence', () => {
    expect(decodeCtc(box(steps([0, 1], [0, 2])))).toEqual({ text: '', confidence: 0, doubtful: false, doubt: { letters: 1, figures: 1, rewritten: false, disagreed: false } });
  });
});

describe('printableOnly', () => {
  it('keeps the printable classes alone, and reads the same', () => {
    const scores = steps([2, 1], [1, 0], [0, 2], [4, 3]);
    const kept = printableOnly(box(scores));
    expect(kept.classes).toBe(alphabet.dictionary.length - 1);
    expect(kept.alphabet.dictionary).not.toContain('品');
    expect(decodeCtc(kept)).toEqual(decodeCtc(box(scores)));
  });
});
