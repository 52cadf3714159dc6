import type { CtcAlphabet, StepScores } from './ctc-decoding';

/**
 * Searching the recogniser's per-step output of one word's span for the words of a list it may
 * spell, and scoring a spelling by its CTC probability. Letters only: small and capital count as one.
 */

/** The words searched for: common words (lower case a–z, sorted) and every listed word's rank (0 the most used). */
export interface WordList {
  readonly common: readonly string[];
  readonly ranks: ReadonlyMap<string, number>;
}

/** Per step of a span: the blank's probability (a space's with it) and each letter's (its small and capital classes together). */
export interface StepProbabilities {
  readonly steps: number;
  readonly blank: Float64Array;
  readonly letter: Float64Array;
}

/** How words may run together in a spelling ("CHOCCAKE"): at most `words` of them, none a stray letter group. */
export interface RunTogether {
  readonly words: number;
  /** A word of fewer letters than this must be among the `shortRank` most used ("tea", "for": not "hin"). */
  readonly minLength: number;
  readonly shortRank: number;
}

/** Letters less likely than this at a step are not tried there. */
const UNLIKELY = 1e-3;
const LETTERS = 26;
const ONE_WORD: RunTogether = { words: 1, minLength: 0, shortRank: 0 };

interface LetterClasses {
  /** For each letter a–z, the recogniser's classes that print it (small and capital). */
  readonly letters: readonly number[][];
  /** The blank and the space: a gap between letters, which prints nothing inside a run of letters. */
  readonly gaps: readonly number[];
}

const classesOf = new WeakMap<CtcAlphabet, LetterClasses>();

function letterClasses(alphabet: CtcAlphabet): LetterClasses {
  let found = classesOf.get(alphabet);
  if (found === undefined) {
    const printable = new Set(alphabet.printable);
    const letters = Array.from({ length: LETTERS }, (_, k) => {
      const small = String.fromCharCode(97 + k);
      return [small, small.toUpperCase()].map((c) => alphabet.dictionary.indexOf(c)).filter((i) => i > 0 && printable.has(i));
    });
    found = { letters, gaps: [0, alphabet.dictionary.lastIndexOf(' ')].filter((i) => i >= 0) };
    classesOf.set(alphabet, found);
  }
  return found;
}

/** The letters' and gaps' probabilities at each step of `span` of one recogniser's output. */
export function stepProbabilities(reading: StepScores, span: { first: number; last: number }): StepProbabilities {
  const { scores, classes } = reading;
  const { letters, gaps } = letterClasses(reading.alphabet);
  const steps = Math.max(0, span.last - span.first + 1);
  const blank = new Float64Array(steps);
  const letter = new Float64Array(steps * LETTERS);
  for (let t = 0; t < steps; t += 1) {
    const row = (span.first + t) * classes;
    blank[t] = gaps.reduce((sum, i) => sum + scores[row + i]!, 0);
    letters.forEach((indices, k) => (letter[t * LETTERS + k] = indices.reduce((sum, i) => sum + scores[row + i]!, 0)));
  }
  return { steps, blank, letter };
}

/**
 * Prefix beam search over the span (`width` spellings kept), keeping only spellings made of common
 * words: each but the last whole, the last at least begun. With `together`, up to that many words
 * may run together, as tills print them; they come back apart, by spaces ("choc cake"). What is
 * left at the end that ends on a whole word.
 */
export function wordsIn(span: StepProbabilities, list: WordList, width: number, together: RunTogether = ONE_WORD): string[] {
  const known = new Map<string, { begins: boolean; whole: boolean }>();
  const lookUp = (word: string) => {
    let found = known.get(word);
    if (found === undefined) {
      const at = lowerBound(list.common, word);
      found = { begins: at < list.common.length && list.common[at]!.startsWith(word), whole: list.common[at] === word };
      known.set(word, found);
    }
    return found;
  };
  const lastWord = (spelling: string) => spelling.slice(spelling.lastIndexOf(' ') + 1);
  const isPart = (word: string) => lookUp(word).whole && (word.length >= together.minLength || (list.ranks.get(word) ?? Infinity) < together.shortRank);
  const mayStartWord = (spelling: string) => spelling.split(' ').length < together.words && isPart(lastWord(spelling));
  // Each spelling's probability of ending on a blank and on its last letter.
  let beams = new Map<string, { blank: number; letter: number }>([['', { blank: 1, letter: 0 }]]);
  for (let t = 0; t < span.steps; t += 1) {
    const next = new Map<string, { blank: number; letter: number }>();
    const at = (prefix: string) => {
      let entry = next.get(prefix);
      if (entry === undefined) next.set(prefix, (entry = { blank: 0, letter: 0 }));
      return entry;
    };
    for (const [prefix, { blank, letter }] of beams) {
      at(prefix).blank += (blank + letter) * span.blank[t]!;
      const lastLetter = prefix.length === 0 ? -1 : prefix.charCodeAt(prefix.length - 1) - 97;
      const newWord = mayStartWord(prefix);
      for (let k = 0; k < LETTERS; k += 1) {
        const p = span.letter[t * LETTERS + k]!;
        if (p < UNLIKELY) continue;
        const character = String.fromCharCode(97 + k);
        // The same letter again is the same character unless a blank came between (a space prints nothing).
        if (k === lastLetter) at(prefix).letter += letter * p;
        const reach = (k === lastLetter ? blank : blank + letter) * p;
        if (lookUp(lastWord(prefix) + character).begins) at(prefix + character).letter += reach;
        if (newWord && lookUp(character).begins) at(`${prefix} ${character}`).letter += reach;
      }
    }
    const kept = [...next].sort(([, a], [, b]) => b.blank + b.letter - (a.blank + a.letter)).slice(0, width);
    // Rescaled each step so long spans do not underflow; only the order matters here.
    const first = kept[0]?.[1];
    const top = first === undefined ? 0 : first.blank + first.letter;
    if (top === 0) return [];
    beams = new Map(kept.map(([prefix, p]) => [prefix, { blank: p.blank / top, letter: p.letter / top }]));
  }
  return [...beams.keys()].filter((spelling) => (spelling.includes(' ') ? isPart(lastWord(spelling)) : lookUp(spelling).whole));
}

/** The natural log of the CTC probability that the span spells `word` (a–z), summed over every alignment. */
export function logProbability(span: StepProbabilities, word: string): number {
  const label = Array.from(word, (c) => c.charCodeAt(0) - 97);
  const states = 2 * label.length + 1;
  const emit = (t: number, s: number) => (s % 2 === 0 ? span.blank[t]! : span.letter[t * LETTERS + label[(s - 1) / 2]!]!);
  let alpha = new Float64Array(states);
  let logScale = 0;
  for (let t = 0; t < span.steps; t += 1) {
    const next = new Float64Array(states);
    for (let s = 0; s < states; s += 1) {
      let reach: number;
      if (t === 0) reach = s <= 1 ? 1 : 0;
      else {
        reach = alpha[s]! + (s > 0 ? alpha[s - 1]! : 0);
        // A letter may follow the letter before it directly unless they are the same letter.
        if (s % 2 === 1 && s >= 3 && label[(s - 1) / 2] !== label[(s - 3) / 2]) reach += alpha[s - 2]!;
      }
      next[s] = reach * emit(t, s);
    }
    const scale = Math.max(...next);
    if (scale === 0) return Number.NEGATIVE_INFINITY;
    for (let s = 0; s < states; s += 1) next[s] = next[s]! / scale;
    logScale += Math.log(scale);
    alpha = next;
  }
  if (span.steps === 0) return label.length === 0 ? 0 : Number.NEGATIVE_INFINITY;
  const end = alpha[states - 1]! + (states > 1 ? alpha[states - 2]! : 0);
  return end === 0 ? Number.NEGATIVE_INFINITY : Math.log(end) + logScale;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
