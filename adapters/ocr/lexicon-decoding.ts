import { greedyPath, readingOf, type CtcDecoder, type Emission } from './ctc-decoding';
import { logProbability, stepProbabilities, wordsIn, type RunTogether, type StepProbabilities, type WordList } from './ctc-word-search';

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
/**
 * A word with every letter read at least this likely is not worth a second opinion. Misreads that
 * spell a real word ("DIL", "CAH") are as often unsure as the rest, so known words are asked about too.
 */
const SURE = 0.8;
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
 *
 * With a second opinion (another recogniser's output for the same box, step for step), every
 * spelling is scored by both, as the mean of their log-likelihoods over the word's steps, and the
 * second recogniser's own spelling of those steps competes with the first's: where the two read a
 * letter differently, the letter both find likelier wins ("Cocecofa" against "Cocacola").
 */
export function lexiconDecoder(lexicon: Lexicon): CtcDecoder {
  return (reading, secondOpinion) => {
    const emissions = greedyPath(reading);
    // Both read the box from its left edge at the same stride: step t is the same columns in each
    // (the batches' padding on the right may differ).
    const second = secondOpinion === undefined ? null : { reading: secondOpinion, emissions: greedyPath(secondOpinion) };
    let text = '';
    let doubtful = false;
    let rewritten = false;
    let disagreed = false;
    for (const run of runsOf(emissions)) {
      const printed = run.emissions.map((e) => e.character).join('');
      doubtful ||= run.word && run.emissions.some((e) => e.probability < SURE);
      const steps = spanOf(emissions, run, reading.steps);
      const secondLetters = second === null ? null : lettersWithin(second.emissions, steps);
      // Where the second recogniser reads the same steps otherwise (spaces, case and signs it has not aside), a person should look.
      disagreed ||= second !== null && charactersWithin(second.emissions, steps).toLowerCase() !== printed.replace(/[^!-~]/g, '').toLowerCase();
      // A 0 or 1 among letters ("P0RK", "G1ass") is a letter where the second recogniser reads one.
      const lettersOnly = /^[A-Za-z]+$/.test(printed) ? printed.toLowerCase() : secondLetters?.length === printed.length && LOOKALIKE_DIGIT.test(printed) ? secondLetters : null;
      if (!run.word || lettersOnly === null) {
        text += printed;
        continue;
      }
      const spans = [stepProbabilities(reading, steps), ...(second === null ? [] : [stepProbabilities(second.reading, within(steps, second.reading.steps))])];
      const spelt = likeliestSpelling(spans, lettersOnly, secondLetters);
      const rank = lexicon.ranks.get(spelt);
      const better = spelt.length < MIN_LENGTH ? null : rank === undefined ? likelierWords(spans, spelt, lexicon) : commonerWord(spans, spelt, rank, lexicon);
      if (better === null && spelt === printed.toLowerCase()) text += printed;
      else {
        rewritten = true;
        text += wordsInCaseOf(printed, (better ?? spelt).split(' ')).join('');
      }
    }
    const read = readingOf(emissions);
    return { ...read, text, doubtful, doubt: { ...read.doubt, rewritten, disagreed } };
  };
}

interface Run {
  readonly emissions: readonly Emission[];
  readonly from: number;
  /** A run of letters (any script): the rest are runs of anything else. */
  readonly word: boolean;
}

/** Letters with a 0 or 1 between two of them, or after two of them at a word's end ("P0RK", "POTAT0"). */
const LOOKALIKE_DIGIT = /^[A-Za-z]+(?:[01][A-Za-z]+)*$|^[A-Za-z]{2,}(?:[01][A-Za-z]+)*[01]$/;

/** Runs of letters (with the digits that sit among them like letters) and runs of anything else. */
function runsOf(emissions: readonly Emission[]): Run[] {
  const runs: Run[] = [];
  emissions.forEach((emission, at) => {
    const word = /\p{L}/u.test(emission.character) || amongLetters(emissions, at);
    const last = runs.at(-1);
    if (last !== undefined && last.word === word) runs[runs.length - 1] = { ...last, emissions: [...last.emissions, emission] };
    else runs.push({ emissions: [emission], from: at, word });
  });
  return runs;
}

/** A 0 or 1 between two letters, or after two letters where a word ends. */
function amongLetters(emissions: readonly Emission[], at: number): boolean {
  const isLetter = (n: number) => /^[A-Za-z]$/.test(emissions[n]?.character ?? '');
  if (!/^[01]$/.test(emissions[at]!.character) || !isLetter(at - 1)) return false;
  const next = emissions[at + 1]?.character;
  return isLetter(at + 1) || (isLetter(at - 2) && !/\d/.test(next ?? ''));
}

/** The steps a word may take: from after the character before it to before the character after it. */
function spanOf(emissions: readonly Emission[], run: Run, steps: number): { first: number; last: number } {
  const before = emissions[run.from - 1];
  const after = emissions[run.from + run.emissions.length];
  return { first: before === undefined ? 0 : before.last + 1, last: after === undefined ? steps - 1 : after.first - 1 };
}

/** The span on a second recogniser's steps: the same columns, cut at its last step. */
function within(span: { first: number; last: number }, steps: number): { first: number; last: number } {
  return { first: Math.min(span.first, steps - 1), last: Math.min(span.last, steps - 1) };
}

/** The letters (lower case) a recogniser's best path puts within the steps, spaces dropped; null when it reads anything but letters there. */
function lettersWithin(emissions: readonly Emission[], steps: { first: number; last: number }): string | null {
  const letters = charactersWithin(emissions, steps);
  return /^[A-Za-z]+$/.test(letters) ? letters.toLowerCase() : null;
}

/** Every character (spaces dropped) a recogniser's best path puts within the steps. */
function charactersWithin(emissions: readonly Emission[], steps: { first: number; last: number }): string {
  return emissions
    .filter((e) => (e.first + e.last) / 2 >= steps.first && (e.first + e.last) / 2 <= steps.last && e.character !== ' ')
    .map((e) => e.character)
    .join('');
}

/** How likely the recognisers together find a spelling over the word's steps: the mean of their log-likelihoods. */
function likelihood(spans: readonly StepProbabilities[], spelling: string): number {
  return spans.reduce((sum, span) => sum + logProbability(span, spelling), 0) / spans.length;
}

/**
 * The first recogniser's spelling, or the second's where both find that likelier. The second may
 * not drop a letter the first read: its letters at the word's edges may fall outside the word's steps.
 */
function likeliestSpelling(spans: readonly StepProbabilities[], first: string, second: string | null): string {
  return second !== null && second.length >= first.length && second !== first && likelihood(spans, second) > likelihood(spans, first) ? second : first;
}

/** Words of the list either recogniser may spell over the word's steps. */
function candidates(spans: readonly StepProbabilities[], list: WordList, together?: RunTogether): string[] {
  return [...new Set(spans.flatMap((span) => wordsIn(span, list, BEAM, together)))];
}

/**
 * The common word the span most likely spells, or else common words run together, or else a rare
 * word, when within the margin of the best path's spelling; otherwise null. A reading may add a letter the best path
 * passed over as a blank ("COCKTAL" to "COCKTAIL") but never drop one it read: letters read with
 * fair confidence and dropped made "PILAU" "PILA" and "Guac" "Gua".
 */
function likelierWords(spans: readonly StepProbabilities[], spelt: string, lexicon: Lexicon): string | null {
  return (
    likeliestOf(spans, spelt, candidates(spans, lexicon)) ??
    likeliestOf(spans, spelt, candidates(spans, lexicon, RUN_TOGETHER)) ??
    likeliestOf(spans, spelt, candidates(spans, { common: lexicon.rare, ranks: lexicon.ranks }), RARE_MARGIN)
  );
}

function likeliestOf(spans: readonly StepProbabilities[], spelt: string, readings: readonly string[], margin = MARGIN): string | null {
  const floor = likelihood(spans, spelt) - margin;
  let best: { words: string; likelihood: number } | null = null;
  for (const words of readings) {
    const letters = words.replaceAll(' ', '');
    if (letters.length < spelt.length) continue;
    const score = likelihood(spans, letters) - (words.split(' ').length - 1) * COST_PER_WORD;
    if (score >= floor && (best === null || score > best.likelihood)) best = { words, likelihood: score };
  }
  // The best path's own letters split into words: nothing to put right.
  if (best === null || best.words.replaceAll(' ', '') === spelt) return null;
  return best.words;
}

/** A word ranked at least COMMONER times higher than the one the best path spells, within REAL_WORD_MARGIN of it; otherwise null. */
function commonerWord(spans: readonly StepProbabilities[], spelt: string, rank: number, lexicon: Lexicon): string | null {
  const floor = likelihood(spans, spelt) - REAL_WORD_MARGIN;
  let best: { word: string; likelihood: number } | null = null;
  for (const word of candidates(spans, lexicon)) {
    if (word === spelt || word.length < spelt.length || (lexicon.ranks.get(word) ?? Infinity) * COMMONER > rank) continue;
    const score = likelihood(spans, word);
    if (score >= floor && (best === null || score > best.likelihood)) best = { word, likelihood: score };
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
