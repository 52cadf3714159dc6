import { greedyPath, readingOf, type CtcAlphabet, type CtcDecoder, type Emission } from './ctc-decoding';

/** English words by popularity: each word's rank, 0 the most common. */
export type WordRanks = ReadonlyMap<string, number>;

/** The words a reading is checked against. */
export interface Lexicon {
  /** Every listed word with its rank (0 the most used): a word the best path spells is left alone, however rare. */
  readonly ranks: WordRanks;
  /** The common words (lower case a–z, sorted) a misread word may become. */
  readonly common: readonly string[];
}

/** How much less likely (natural log of the CTC probability) than the best path's spelling a word may be and still be read. */
const MARGIN = 4;
/** Words shorter than this are too easily another word: they are read as the best path spells them. */
const MIN_LENGTH = 4;
/** Spellings kept at each step of the beam search. */
const BEAM = 16;
/** A correction must be a common word: among the 100,000 most used. */
const COMMON = 100_000;
/** Letters less likely than this at a step are not tried there. */
const UNLIKELY = 1e-3;
const LETTERS = 26;

export function lexiconOf(ranks: WordRanks, commonSize = COMMON): Lexicon {
  // One pass over the 225,000 words, copying none of them: each reading worker builds this.
  const common: string[] = [];
  for (const [word, rank] of ranks) if (rank < commonSize && /^[a-z]{3,}$/.test(word)) common.push(word);
  return { ranks, common: common.sort() };
}

/**
 * CTC decoding that reads a word the way a person who knows the language would: where the best
 * path spells no word at all ("Hineral"), the recogniser's own per-step probabilities are searched
 * for common words (a beam search over the lexicon's prefixes), and the likeliest is read instead
 * when it is nearly as likely as the best path's spelling. Upper and lower case count as one
 * letter, so "HINERAL" and "Hineral" become "MINERAL" and "Mineral". Figures, prices and words the
 * lexicon knows are read as the best path has them.
 */
export function lexiconDecoder(lexicon: Lexicon): CtcDecoder {
  return (scores, steps, classes, alphabet) => {
    const emissions = greedyPath(scores, steps, classes, alphabet);
    const letters = letterClasses(alphabet);
    let text = '';
    for (const run of runsOf(emissions)) {
      const spelt = run.emissions.map((e) => e.character).join('');
      const correctable = run.word && spelt.length >= MIN_LENGTH && /^[A-Za-z]+$/.test(spelt) && !lexicon.ranks.has(spelt.toLowerCase());
      if (!correctable) {
        text += spelt;
        continue;
      }
      const span = stepProbabilities(scores, classes, letters, spanOf(emissions, run, steps));
      const better = likelierWord(span, spelt.toLowerCase(), lexicon);
      text += better === null ? spelt : inCaseOf(spelt, better);
    }
    return { ...readingOf(emissions), text };
  };
}

interface Run {
  readonly emissions: readonly Emission[];
  readonly from: number;
  /** A run of letters (any script): the rest are runs of anything else. */
  readonly word: boolean;
}

function runsOf(emissions: readonly Emission[]): Run[] {
  const runs: Run[] = [];
  emissions.forEach((emission, at) => {
    const word = /\p{L}/u.test(emission.character);
    const last = runs.at(-1);
    if (last !== undefined && last.word === word) runs[runs.length - 1] = { ...last, emissions: [...last.emissions, emission] };
    else runs.push({ emissions: [emission], from: at, word });
  });
  return runs;
}

/** The steps a word may take: from after the character before it to before the character after it. */
function spanOf(emissions: readonly Emission[], run: Run, steps: number): { first: number; last: number } {
  const before = emissions[run.from - 1];
  const after = emissions[run.from + run.emissions.length];
  return { first: before === undefined ? 0 : before.last + 1, last: after === undefined ? steps - 1 : after.first - 1 };
}

const lettersOf = new WeakMap<CtcAlphabet, number[][]>();

/** For each letter a–z, the recogniser's classes that print it (small and capital). */
function letterClasses(alphabet: CtcAlphabet): number[][] {
  let letters = lettersOf.get(alphabet);
  if (letters === undefined) {
    const printable = new Set(alphabet.printable);
    letters = Array.from({ length: LETTERS }, (_, k) => {
      const small = String.fromCharCode(97 + k);
      return [small, small.toUpperCase()].map((c) => alphabet.dictionary.indexOf(c)).filter((i) => i > 0 && printable.has(i));
    });
    lettersOf.set(alphabet, letters);
  }
  return letters;
}

/** Per step of a span: the blank's probability and each letter's (its small and capital classes together). */
interface StepProbabilities {
  readonly steps: number;
  readonly blank: Float64Array;
  readonly letter: Float64Array;
}

function stepProbabilities(scores: Float32Array, classes: number, letters: readonly number[][], span: { first: number; last: number }): StepProbabilities {
  const steps = Math.max(0, span.last - span.first + 1);
  const blank = new Float64Array(steps);
  const letter = new Float64Array(steps * LETTERS);
  for (let t = 0; t < steps; t += 1) {
    const row = (span.first + t) * classes;
    blank[t] = scores[row]!;
    letters.forEach((indices, k) => (letter[t * LETTERS + k] = indices.reduce((sum, i) => sum + scores[row + i]!, 0)));
  }
  return { steps, blank, letter };
}

/**
 * The common word the span most likely spells, when it is within the margin of the best path's
 * spelling; otherwise null. A word may add a letter the best path passed over as a blank
 * ("COCKTAL" to "COCKTAIL") but never drop one it read: letters read with fair confidence and
 * dropped made "PILAU" "PILA" and "Guac" "Gua".
 */
function likelierWord(span: StepProbabilities, spelt: string, lexicon: Lexicon): string | null {
  const floor = logProbability(span, spelt) - MARGIN;
  let best: { word: string; likelihood: number } | null = null;
  for (const word of commonWordsIn(span, lexicon, BEAM)) {
    if (word.length < spelt.length) continue;
    const likelihood = logProbability(span, word);
    if (likelihood >= floor && (best === null || likelihood > best.likelihood)) best = { word, likelihood };
  }
  return best?.word ?? null;
}

/**
 * Prefix beam search over the span, keeping only spellings that begin a common word; what is left
 * at the end that is a whole common word.
 */
function commonWordsIn(span: StepProbabilities, lexicon: Lexicon, width: number): string[] {
  const begins = new Map<string, boolean>();
  const beginsWord = (prefix: string) => {
    let known = begins.get(prefix);
    if (known === undefined) {
      const at = lowerBound(lexicon.common, prefix);
      known = at < lexicon.common.length && lexicon.common[at]!.startsWith(prefix);
      begins.set(prefix, known);
    }
    return known;
  };
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
      for (let k = 0; k < LETTERS; k += 1) {
        const p = span.letter[t * LETTERS + k]!;
        if (p < UNLIKELY) continue;
        const longer = prefix + String.fromCharCode(97 + k);
        // The same letter again is the same character unless a blank came between.
        if (k === lastLetter) at(prefix).letter += letter * p;
        if (!beginsWord(longer)) continue;
        at(longer).letter += (k === lastLetter ? blank : blank + letter) * p;
      }
    }
    const kept = [...next].sort(([, a], [, b]) => b.blank + b.letter - (a.blank + a.letter)).slice(0, width);
    // Rescaled each step so long spans do not underflow; only the order matters here.
    const first = kept[0]?.[1];
    const top = first === undefined ? 0 : first.blank + first.letter;
    if (top === 0) return [];
    beams = new Map(kept.map(([prefix, p]) => [prefix, { blank: p.blank / top, letter: p.letter / top }]));
  }
  return [...beams.keys()].filter((prefix) => {
    const at = lowerBound(lexicon.common, prefix);
    return lexicon.common[at] === prefix;
  });
}

/** The natural log of the CTC probability that the span spells `word` (a–z), summed over every alignment. */
function logProbability(span: StepProbabilities, word: string): number {
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

/** `word`'s letters in the case `like` is printed in: all capitals, a capital first, or small. */
function inCaseOf(like: string, word: string): string {
  if (like === like.toUpperCase()) return word.toUpperCase();
  if (like[0] === like[0]!.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}
