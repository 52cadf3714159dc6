import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pence } from '../../../domain/money';
import { fixMisreadWords, withMisreadWordsFixed } from '../../../domain/misread-words';

// A made-up list, most used first: common words, then rare ones.
const WORDS = ['water', 'mineral', 'cocktail', 'lemon', 'creme', 'prime', 'local', 'hints', 'mints', 'naan', 'calamari'];
const ranks = new Map(WORDS.map((w, i) => [w, i]));

describe('misread words in item names', () => {
  it('puts right a non-word one confusable glyph from a common word, in the case it was printed in', () => {
    expect(fixMisreadWords('Local Hineral Water', ranks)).toBe('Local Mineral Water');
    expect(fixMisreadWords('COCKTATL', ranks)).toBe('COCKTAIL');
    expect(fixMisreadWords('GATORADE LEHON', ranks)).toBe('GATORADE LEMON');
    expect(fixMisreadWords('Penne Crene', ranks)).toBe('Penne Creme');
  });

  it('leaves words alone, rare ones too, and words no common word is near', () => {
    expect(fixMisreadWords('Butter Naan', ranks)).toBe('Butter Naan');
    expect(fixMisreadWords('MINTS', ranks)).toBe('MINTS');
    expect(fixMisreadWords('Fomaragg Kalamari', ranks)).toBe('Fomaragg Kalamari');
    // Short words are too easily another word.
    expect(fixMisreadWords('Hen', ranks)).toBe('Hen');
  });

  it('changes item names only', () => {
    const reading = {
      lines: [
        { raw: 'Hineral 2.00', label: 'Hineral', pricePence: pence(200), kind: 'item' as const },
        { raw: 'Hineral total 2.00', label: 'Hineral total', pricePence: pence(200), kind: 'total' as const },
      ],
      totalPence: pence(200),
    };
    expect(withMisreadWordsFixed(reading, ranks).lines.map((l) => l.label)).toEqual(['Mineral', 'Hineral total']);
  });

  it('never changes a word of the list, and changes any other word only into one of the list', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{1,12}$/), (word) => {
        const fixed = fixMisreadWords(word, ranks);
        if (ranks.has(word.toLowerCase())) expect(fixed).toBe(word);
        else expect(fixed === word || ranks.has(fixed.toLowerCase())).toBe(true);
      }),
    );
  });
});
