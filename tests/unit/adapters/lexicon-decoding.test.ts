import { describe, expect, it } from 'vitest';
import { ctcAlphabet, type CtcAlphabet, type StepScores } from '../../../adapters/ocr/ctc-decoding';
import { lexiconDecoder, lexiconOf } from '../../../adapters/ocr/lexicon-decoding';

const alphabet = ctcAlphabet([...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.£']);
const classes = alphabet.dictionary.length;
// A made-up word list, most used first.
const WORDS = ['water', 'mineral', 'cocktail', 'hint', 'mint', 'men', 'local', 'sauce', 'pila', 'kalahari'];
const decode = lexiconDecoder(lexiconOf(new Map(WORDS.map((w, i) => [w, i]))));

/**
 * The recogniser's per-step output for a printed line: each character on a step of its own
 * (probability 0.9, or less where `doubts` gives other readings of it) with a blank step after
 * it; `between` gives readings of the blank step after character n.
 */
function output(text: string, doubts: Record<number, Record<string, number>> = {}, between: Record<number, Record<string, number>> = {}, over: CtcAlphabet = alphabet): Float32Array {
  const width = over.dictionary.length;
  const scores = new Float32Array(text.length * 2 * width).fill(0.0001);
  const set = (step: number, character: string, p: number) => (scores[step * width + (character === '' ? 0 : over.dictionary.indexOf(character))] = p);
  [...text].forEach((character, n) => {
    const others = doubts[n] ?? {};
    set(2 * n, character, 0.9 - Object.values(others).reduce((a, b) => a + b, 0));
    for (const [other, p] of Object.entries(others)) set(2 * n, other, p);
    const gap = between[n] ?? {};
    set(2 * n + 1, '', 0.9 - Object.values(gap).reduce((a, b) => a + b, 0));
    for (const [other, p] of Object.entries(gap)) set(2 * n + 1, other, p);
  });
  return scores;
}

/** The recogniser's output for one box. */
const box = (scores: Float32Array): StepScores => ({ scores, steps: scores.length / classes, classes, alphabet });
const read = (scores: Float32Array) => decode(box(scores)).text;

describe('lexicon decoding of the recogniser output', () => {
  it('reads the common word the recogniser nearly read where its best guess spells none, in the case printed', () => {
    expect(read(output('HINERAL 2.50', { 0: { M: 0.3 } }))).toBe('MINERAL 2.50');
    expect(read(output('Local Hineral', { 6: { M: 0.2, m: 0.1 } }))).toBe('Local Mineral');
  });

  it('finds a letter the best path dropped into a blank', () => {
    expect(read(output('COCKTAL', {}, { 5: { I: 0.3 } }))).toBe('COCKTAIL');
  });

  it('keeps the best guess when no word is nearly as likely', () => {
    expect(read(output('HINERAL', { 0: { M: 0.002 } }))).toBe('HINERAL');
    expect(read(output('Fomaragg', { 0: { L: 0.3 } }))).toBe('Fomaragg');
    // An m the recogniser did not doubt stays an m, though "Kalahari" is a word one glyph away.
    expect(read(output('Kalamari'))).toBe('Kalamari');
  });

  it('never drops a letter the recogniser read', () => {
    expect(read(output('PILAU RICE', { 4: { '': 0.4 } }))).toBe('PILAU RICE');
  });

  it('leaves words the lexicon knows, short words and figures as read', () => {
    expect(read(output('HINT', { 0: { M: 0.4 } }))).toBe('HINT');
    expect(read(output('HEN', { 0: { M: 0.4 } }))).toBe('HEN');
    expect(read(output('5.50', { 0: { S: 0.4 } }))).toBe('5.50');
  });

  it('corrects to a rare word only when the recogniser nearly read it', () => {
    const rare = lexiconDecoder(lexiconOf(new Map(WORDS.map((w, i) => [w, i])), 1));
    const doubted = output('HINERAL', { 0: { M: 0.3 } });
    expect(rare(box(doubted)).text).toBe('MINERAL');
    // e^3.8 less likely than the best path: near enough for a common word, not for a rare one.
    const scarcely = output('HINERAL', { 0: { M: 0.02 } });
    expect(read(scarcely)).toBe('MINERAL');
    expect(rare(box(scarcely)).text).toBe('HINERAL');
  });

  it('keeps the best path confidence whatever it reads', () => {
    const scores = output('HINERAL', { 0: { M: 0.3 } });
    const greedyMean = (0.6 + 0.9 * 6) / 7;
    expect(decode(box(scores)).confidence).toBeCloseTo(greedyMean, 5);
  });
});

// Another made-up list with ranks as a large word list has them: short words are common or rare.
const RANKED = new Map([
  ['oil', 1_500],
  ['tea', 2_000],
  ['pot', 3_000],
  ['cake', 9_000],
  ['dil', 21_000],
  ['naked', 25_000],
  ['choc', 50_000],
  ['dog', 5_000],
  ['hin', 60_000],
  ['eral', 60_000],
  ['gin', 70_000],
  ['pin', 30_000],
  ['powder', 8_000],
  ['ponder', 26_000],
  ['wind', 2_000],
  ['wine', 3_000],
]);
const decodeRanked = lexiconDecoder(lexiconOf(RANKED));
const readRanked = (scores: Float32Array) => decodeRanked(box(scores)).text;

describe('lexicon decoding of words run together', () => {
  it('reads words a till ran together when no one word fits', () => {
    expect(readRanked(output('CHDCCAKE', { 2: { O: 0.3 } }))).toBe('CHOCCAKE');
    expect(readRanked(output('Teapdt', { 4: { o: 0.3 } }))).toBe('Teapot');
  });

  it('takes a short word as a part only when it is common', () => {
    const rare = lexiconDecoder(lexiconOf(new Map([...RANKED, ['tea', 40_000]])));
    const scores = output('TEAPDT', { 4: { O: 0.3 } });
    expect(rare(box(scores)).text).toBe('TEAPDT');
    // "hin" + "eral" would split anything: a rare short word is no part.
    expect(readRanked(output('HlNERAL', { 1: { I: 0.3 } }))).toBe('HlNERAL');
  });

  it('leaves words run together as printed, in their case', () => {
    expect(readRanked(output('NakedDog'))).toBe('NakedDog');
    expect(readRanked(output('NakedDag', { 6: { o: 0.3 } }))).toBe('NakedDog');
  });
});

describe('lexicon decoding of a real word the recogniser nearly read as a commoner one', () => {
  it('reads the much commoner word when the recogniser all but hesitated', () => {
    expect(readRanked(output('BABY PONDER', { 7: { W: 0.4 } }))).toBe('BABY POWDER');
    expect(readRanked(output('Ponder', { 2: { w: 0.4 } }))).toBe('Powder');
  });

  it('keeps the word read when the recogniser was sure of it or the other word is not much commoner', () => {
    expect(readRanked(output('PONDER', { 2: { W: 0.05 } }))).toBe('PONDER');
    // "wind" is commoner than "wine", but not three times.
    expect(readRanked(output('WINE', { 3: { D: 0.4 } }))).toBe('WINE');
  });

  it('leaves three-letter words alone: they are too often abbreviations', () => {
    expect(readRanked(output('PURA DIL', { 5: { O: 0.4 } }))).toBe('PURA DIL');
  });
});

// A second recogniser with an alphabet of its own, in another order: ASCII as PaddleOCR's English model has it.
const english = ctcAlphabet([...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.£']);
const secondOpinion = (text: string, doubts: Record<number, Record<string, number>> = {}): StepScores => {
  const scores = output(text, doubts, {}, english);
  return { scores, steps: scores.length / english.dictionary.length, classes: english.dictionary.length, alphabet: english };
};
const readWith = (first: Float32Array, second: StepScores) => decodeRanked(box(first), second).text;

describe('lexicon decoding with a second opinion', () => {
  it('reads a letter as the second recogniser does where both find that likelier, in words of any length', () => {
    expect(readWith(output('NEST CAH', { 7: { M: 0.3 } }), secondOpinion('NEST CAM', { 7: { H: 0.05 } }))).toBe('NEST CAM');
    // The second's reading is checked against the lexicon like the first's: "DIL" is read as OIL.
    expect(readWith(output('PURA DIL', { 5: { O: 0.3 } }), secondOpinion('PURA OIL', { 5: { D: 0.1 } }))).toBe('PURA OIL');
  });

  it('keeps the first reading where the second is less sure of its own', () => {
    expect(readWith(output('PINT', { 0: { M: 0.05 } }), secondOpinion('MINT', { 0: { P: 0.4 } }))).toBe('PINT');
  });

  it('never drops a letter the first recogniser read', () => {
    // Its last letters may fall outside the word's steps in the second's reading.
    expect(readWith(output('MEXICANS', { 7: { '': 0.4 } }), secondOpinion('MEXICAN'))).toBe('MEXICANS');
  });

  it('reads a 0 or 1 among letters as the letter the second recogniser reads there', () => {
    expect(readWith(output('3 P0RK CH0P'), secondOpinion('3 PORK CHOP'))).toBe('3 PORK CHOP');
    expect(readWith(output('G1ass 2.50'), secondOpinion('Glass 2.50'))).toBe('Glass 2.50');
  });

  it('leaves figures among letters alone where the second recogniser reads figures too', () => {
    expect(readWith(output('EC1A 1BB'), secondOpinion('EC1A 1BB'))).toBe('EC1A 1BB');
    expect(readWith(output('SAM128GMS'), secondOpinion('SAMI28GMS'))).toBe('SAM128GMS');
  });

  it('asks for a second opinion on a word with a letter it was unsure of, known or not', () => {
    expect(decodeRanked(box(output('CAKF'))).doubtful).toBe(false);
    expect(decodeRanked(box(output('CAKF', { 3: { E: 0.3 } }))).doubtful).toBe(true);
    expect(decodeRanked(box(output('CAKE', { 0: { G: 0.3 } }))).doubtful).toBe(true);
    expect(decodeRanked(box(output('P0RK', { 1: { O: 0.3 } }))).doubtful).toBe(true);
    // Figures are read as the first recogniser has them: no second opinion on a price.
    expect(decodeRanked(box(output('12.50', { 1: { Z: 0.3 } }))).doubtful).toBe(false);
  });

  it('says how sure it is: the least sure letter and figure, a word put right, a second opinion that differs', () => {
    const sure = decodeRanked(box(output('CAKE 2.50')));
    expect(sure.doubt).toMatchObject({ rewritten: false, disagreed: false });
    expect(sure.doubt.letters).toBeGreaterThan(0.6);
    expect(decodeRanked(box(output('CAKE 2.50', { 6: { 3: 0.45 } }))).doubt.figures).toBeLessThan(0.6);
    expect(decodeRanked(box(output('CAKF', { 3: { E: 0.3 } }))).doubt).toMatchObject({ rewritten: true });
    expect(decodeRanked(box(output('NEST CAH', { 7: { M: 0.3 } })), secondOpinion('NEST CAM', { 7: { H: 0.05 } })).doubt.disagreed).toBe(true);
    expect(decodeRanked(box(output('NEST CAM')), secondOpinion('NEST CAM')).doubt.disagreed).toBe(false);
  });
});
