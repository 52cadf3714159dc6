/** The recogniser's classes: CTC's blank (index 0), the dictionary's characters, then a space. */
export interface CtcAlphabet {
  readonly dictionary: readonly string[];
  /** The classes a receipt in our market can print (the blank first): the rest are never chosen. */
  readonly printable: Int32Array;
}

/** One box's text as read, with the mean probability of its characters. */
export interface BoxReading {
  readonly text: string;
  readonly confidence: number;
  /** A word in it was read with a letter the recogniser was unsure of: a second recogniser's opinion may put it right. */
  readonly doubtful: boolean;
  /** What the reading knows of its own doubt (PrintedWord's `doubt`). */
  readonly doubt: ReadingDoubt;
}

/** How sure a box's reading is, as the recognisers and the lexicon say. */
export interface ReadingDoubt {
  /** The least probability of any letter read in a word (1 with no letters). */
  readonly letters: number;
  /** The least probability of any figure or decimal mark read (1 with none). */
  readonly figures: number;
  /** The lexicon read a word otherwise than the best path spelt it. */
  readonly rewritten: boolean;
  /** The second recogniser read the same steps otherwise (letters or figures). */
  readonly disagreed: boolean;
}

/** A recogniser's output for one box: `steps` rows of `classes` probabilities, over its alphabet. */
export interface StepScores {
  readonly scores: Float32Array;
  readonly steps: number;
  readonly classes: number;
  readonly alphabet: CtcAlphabet;
}

/**
 * Turns the recogniser's per-step class probabilities into text; a second recogniser's output for
 * the same box, read from its left edge at the same stride (step t the same columns in both), may
 * be given as a second opinion on its words.
 */
export type CtcDecoder = (reading: StepScores, secondOpinion?: StepScores) => BoxReading;

/** A character the greedy path emits, with the steps its run of that class covers. */
export interface Emission {
  readonly character: string;
  readonly first: number;
  readonly last: number;
  readonly probability: number;
}

/**
 * The best path: the best printable class at each step, repeats and blanks dropped. The
 * recogniser was trained on Chinese and English; only the classes a UK receipt prints compete
 * (a smudge read as a Chinese character is read as the nearest Latin one or a blank instead).
 */
export function greedyPath({ scores, steps, classes, alphabet }: StepScores): Emission[] {
  const { dictionary, printable } = alphabet;
  const emissions: Emission[] = [];
  let previous = -1;
  for (let t = 0; t < steps; t += 1) {
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const c of printable) {
      const s = scores[t * classes + c]!;
      if (s > bestScore) [best, bestScore] = [c, s];
    }
    if (best !== 0 && best === previous) {
      const run = emissions.at(-1)!;
      emissions[emissions.length - 1] = { ...run, last: t };
    } else if (best !== 0) emissions.push({ character: dictionary[best] ?? '', first: t, last: t, probability: bestScore });
    previous = best;
  }
  return emissions;
}

/** Greedy CTC decoding: the best path's characters, confident as their mean probability. */
export const decodeCtc: CtcDecoder = (reading) => readingOf(greedyPath(reading));

export function readingOf(emissions: readonly Emission[]): BoxReading {
  const text = emissions.map((e) => e.character).join('');
  const confidence = emissions.length === 0 ? 0 : emissions.reduce((sum, e) => sum + e.probability, 0) / emissions.length;
  return { text, confidence, doubtful: false, doubt: { letters: leastOf(emissions, LETTER), figures: leastOf(emissions, FIGURE), rewritten: false, disagreed: false } };
}

const LETTER = /\p{L}/u;
const FIGURE = /[\d.,]/;

/** The least probability among the characters that pass `kind` (1 when none does). */
export function leastOf(emissions: readonly Emission[], kind: RegExp): number {
  return emissions.reduce((least, e) => (kind.test(e.character) ? Math.min(least, e.probability) : least), 1);
}

const printableAlphabets = new WeakMap<CtcAlphabet, CtcAlphabet>();

/** The same scores with only the printable classes (a few hundred bytes a step where the Chinese recogniser has 26 kB). */
export function printableOnly(reading: StepScores): StepScores {
  const { scores, steps, classes, alphabet } = reading;
  let printable = printableAlphabets.get(alphabet);
  if (printable === undefined) {
    printable = { dictionary: Array.from(alphabet.printable, (i) => alphabet.dictionary[i]!), printable: Int32Array.from(alphabet.printable.keys()) };
    printableAlphabets.set(alphabet, printable);
  }
  const kept = new Float32Array(steps * alphabet.printable.length);
  for (let t = 0; t < steps; t += 1) alphabet.printable.forEach((c, k) => (kept[t * alphabet.printable.length + k] = scores[t * classes + c]!));
  return { scores: kept, steps, classes: alphabet.printable.length, alphabet: printable };
}

/** Index 0 of the recogniser's output is CTC's blank; the last is a space. */
export function ctcAlphabet(keys: readonly string[]): CtcAlphabet {
  const dictionary = ['', ...keys, ' '];
  return { dictionary, printable: Int32Array.from(dictionary.flatMap((character, i) => (i === 0 || isPrintedHere(character) ? [i] : []))) };
}

/**
 * Characters a receipt in our market prints: Latin letters with their
 * accents, digits, punctuation and symbols (Latin-1, Latin Extended), dashes, quotes and bullets,
 * and currency signs. Chinese characters, Greek, Cyrillic, box drawing and the like are not.
 */
export function isPrintedHere(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code < 0x250) || (code >= 0x2010 && code <= 0x2027) || (code >= 0x20a0 && code <= 0x20cf);
}
