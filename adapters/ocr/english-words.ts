import type { WordRanks } from './lexicon-decoding';

let ranks: Promise<WordRanks> | null = null;

/** English words by popularity (popular-english-words, about 225,000), loaded once on first use. */
export function englishWordRanks(): Promise<WordRanks> {
  ranks ??= import('popular-english-words/words.js').then(({ words }) => {
    const byWord = new Map<string, number>();
    words.forEach((word, rank) => {
      if (!byWord.has(word)) byWord.set(word, rank);
    });
    return byWord;
  });
  return ranks;
}
