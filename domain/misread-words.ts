import type { PricedLines } from './receipt-line';

/** English words by popularity: each word's rank, 0 the most common. */
export type WordRanks = ReadonlyMap<string, number>;

/**
 * Item names with the recogniser's usual misreadings put right: a word it cannot have meant (not
 * a word at all) becomes the common word that one confusable glyph away spells ("Hineral" →
 * "Mineral", "COCKTATL" → "COCKTAIL"). A word that is a word, however rare ("Naan", "Calamari"),
 * is left alone, and so is one no common word is near ("Fomaragg").
 */
export function withMisreadWordsFixed<R extends PricedLines>(reading: R, ranks: WordRanks): R {
  return { ...reading, lines: reading.lines.map((line) => (line.kind === 'item' ? { ...line, label: fixMisreadWords(line.label, ranks) } : line)) };
}

export function fixMisreadWords(label: string, ranks: WordRanks): string {
  return label.replace(/[A-Za-z]{4,}/g, (word) => fixWord(word, ranks));
}

// Glyphs the Chinese+English recogniser mixes up on small Latin print, either way round: m and n,
// M and H (h in lower case), m and rn, i and t, e and c, o and d.
const CONFUSABLE: readonly (readonly [string, string])[] = [
  ['m', 'n'],
  ['m', 'h'],
  ['m', 'rn'],
  ['i', 't'],
  ['e', 'c'],
  ['o', 'd'],
];
/** A correction must be a common word: among the 100,000 most used. */
const COMMON = 100_000;

function fixWord(word: string, ranks: WordRanks): string {
  const lower = word.toLowerCase();
  if (ranks.has(lower)) return word;
  let best: string | null = null;
  for (const candidate of oneGlyphAway(lower)) {
    const rank = ranks.get(candidate);
    if (rank !== undefined && rank < COMMON && candidate.length >= 4 && (best === null || rank < ranks.get(best)!)) best = candidate;
  }
  return best === null ? word : inCaseOf(word, best);
}

function oneGlyphAway(word: string): Set<string> {
  const found = new Set<string>();
  for (const [a, b] of CONFUSABLE)
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const)
      for (let at = word.indexOf(from); at >= 0; at = word.indexOf(from, at + 1)) found.add(word.slice(0, at) + to + word.slice(at + from.length));
  return found;
}

/** `word`'s letters in the case `like` is printed in: all capitals, a capital first, or small. */
function inCaseOf(like: string, word: string): string {
  if (like === like.toUpperCase()) return word.toUpperCase();
  if (like[0] === like[0]!.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}
