import { greedyPath, readingOf, type CtcDecoder, type Emission } from './ctc-decoding';
import { letterClasses, logProbability, stepProbabilities, wordsIn, type RunTogether, type StepProbabilities } from './ctc-word-search';

/** English words by popularity: each word's rank, 0 the most common. */
export type WordRanks = ReadonlyMap<string, number>;

/** The words a reading is checked against. */
export interface Lexicon {
  /** Every listed word with its rank (0 the most used): a word the best path spells is left alone, however rare. */
  readonly ranks: WordRanks;
  /** The common words (lower case a–z, sorted) a misread word may become. */
  readonly common: readonly string[];
  /** Every listed word (lower case a–z, sorted): a misread word may become a rare one only when the recogniser nearly read it. */
  readonly rare: readonly string[];
}

/** How much less likely (natural log of the CTC probability) than the best path's spelling a word may be and still be read. */
const MARGIN = 4;
/** Words shorter than this are too easily another word, or an abbreviation ("Sdn" is no "son"): they are read as the best path spells them. */
const MIN_LENGTH = 4;
/** Spellings kept at each step of the beam search. */
const BEAM = 16;
/** A correction must be a common word: among the 100,000 most used. */
const COMMON = 100_000;
/**
 * Tills run words together ("CHOCCAKE", "Cocacolalight"): up to three, each of four letters or
 * more, or a short word among the 10,000 most used ("TEA", "FOR"). Rarer short words split
 * anything ("hin" + "eral"), so they are not parts.
 */
const RUN_TOGETHER: RunTogether = { words: 3, minLength: 4, shortRank: 10_000 };
/**
 * Dishes are rare words in everyday English ("tandoori" ranks 138,000th): a non-word may become
 * any listed word, not only a common one, when it is within e³ of the best path's spelling.
 */
const RARE_MARGIN = 3;
/** Each word more in a run-together reading costs this much likelihood: one word is the likelier reading. */
const COST_PER_WORD = 1;
/**
 * A word the best path spells may still be a misread of another ("PONDER" for POWDER, "Doca Cola"):
 * it is read as a word ranked at least three times commoner that is within e¹ of it, where the
 * recogniser itself all but hesitates between the two.
 */
const REAL_WORD_MARGIN = 1;
const COMMONER = 3;

export function lexiconOf(ranks: WordRanks, commonSize = COMMON): Lexicon {
  // One pass over the 225,000 words, copying none of them: each reading worker builds this.
  const common: string[] = [];
  const rare: string[] = [];
  for (const [word, rank] of ranks) if (/^[a-z]{3,}$/.test(word)) (rank < commonSize ? common : rare).push(word);
  return { ranks, common: common.sort(), rare: [...common, ...rare].sort() };
}

/**
 * CTC decoding that reads a word the way a person who knows the language would: where the best
 * path spells no word at all ("Hineral"), the recogniser's own per-step probabilities are searched
 * for common words (a beam search over the lexicon's prefixes), and the likeliest is read instead
 * when it is nearly as likely as the best path's spelling; failing one word, words run together
 * ("CHDCCAKE" to "CHOCCAKE"). Where it spells a word, a much commoner word the recogniser nearly
 * read instead is read ("PONDER" to "POWDER"). Upper and lower case count as one letter, so
 * "HINERAL" and "Hineral" become "MINERAL" and "Mineral". Figures and prices are read as the best
 * path has them.
 */
export function lexiconDecoder(lexicon: Lexicon): CtcDecoder {
  return (scores, steps, classes, alphabet) => {
    const emissions = greedyPath(scores, steps, classes, alphabet);
    const letters = letterClasses(alphabet);
    let text = '';
    for (const run of runsOf(emissions)) {
      const spelt = run.emissions.map((e) => e.character).join('');
      const rank = lexicon.ranks.get(spelt.toLowerCase());
      const checked = run.word && /^[A-Za-z]+$/.test(spelt) && spelt.length >= MIN_LENGTH;
      if (!checked) {
        text += spelt;
        continue;
      }
      const span = stepProbabilities(scores, classes, letters, spanOf(emissions, run, steps));
      const better = rank === undefined ? likelierWords(span, spelt.toLowerCase(), lexicon) : commonerWord(span, spelt.toLowerCase(), rank, lexicon);
      text += better === null ? spelt : wordsInCaseOf(spelt, better.split(' ')).join('');
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

/**
 * The common word the span most likely spells, or else common words run together, or else a rare
 * word, when within the margin of the best path's spelling; otherwise null. A reading may add a letter the best path
 * passed over as a blank ("COCKTAL" to "COCKTAIL") but never drop one it read: letters read with
 * fair confidence and dropped made "PILAU" "PILA" and "Guac" "Gua".
 */
function likelierWords(span: StepProbabilities, spelt: string, lexicon: Lexicon): string | null {
  return (
    likeliestOf(span, spelt, wordsIn(span, lexicon, BEAM)) ??
    likeliestOf(span, spelt, wordsIn(span, lexicon, BEAM, RUN_TOGETHER)) ??
    likeliestOf(span, spelt, wordsIn(span, { common: lexicon.rare, ranks: lexicon.ranks }, BEAM), RARE_MARGIN)
  );
}

function likeliestOf(span: StepProbabilities, spelt: string, readings: readonly string[], margin = MARGIN): string | null {
  const floor = logProbability(span, spelt) - margin;
  let best: { words: string; likelihood: number } | null = null;
  for (const words of readings) {
    const letters = words.replaceAll(' ', '');
    if (letters.length < spelt.length) continue;
    const likelihood = logProbability(span, letters) - (words.split(' ').length - 1) * COST_PER_WORD;
    if (likelihood >= floor && (best === null || likelihood > best.likelihood)) best = { words, likelihood };
  }
  // The best path's own letters split into words: nothing to put right.
  if (best === null || best.words.replaceAll(' ', '') === spelt) return null;
  return best.words;
}

/** A word ranked at least COMMONER times higher than the one the best path spells, within REAL_WORD_MARGIN of it; otherwise null. */
function commonerWord(span: StepProbabilities, spelt: string, rank: number, lexicon: Lexicon): string | null {
  const floor = logProbability(span, spelt) - REAL_WORD_MARGIN;
  let best: { word: string; likelihood: number } | null = null;
  for (const word of wordsIn(span, lexicon, BEAM)) {
    if (word === spelt || word.length < spelt.length || (lexicon.ranks.get(word) ?? Infinity) * COMMONER > rank) continue;
    const likelihood = logProbability(span, word);
    if (likelihood >= floor && (best === null || likelihood > best.likelihood)) best = { word, likelihood };
  }
  return best?.word ?? null;
}

/** Words read for one run of letters, in its case; each capitalised where the run is ("CheckCiosed" to "CheckClosed"). */
function wordsInCaseOf(like: string, words: readonly string[]): string[] {
  const eachCapitalised = like === like.toUpperCase() || /[a-z][A-Z]/.test(like);
  return words.map((word, n) => (n === 0 || eachCapitalised ? inCaseOf(like, word) : word));
}

/** `word`'s letters in the case `like` is printed in: all capitals, a capital first, or small. */
function inCaseOf(like: string, word: string): string {
  if (like === like.toUpperCase()) return word.toUpperCase();
  if (like[0] === like[0]!.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}
