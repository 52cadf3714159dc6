import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepLeastSure, type SecondOpinionDue } from '../../../adapters/ocr/second-opinions';

describe('keepLeastSure', () => {
  it('keeps at most the bound, and those it keeps are the least sure of all the doubted boxes', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 200 }), fc.integer({ min: 1, max: 60 }), (sureness, most) => {
        const due: SecondOpinionDue<null>[] = [];
        sureness.forEach((sure, box) => keepLeastSure(due, { box, first: null, sure }, most));
        expect(due.length).toBe(Math.min(most, sureness.length));
        const kept = due.map((d) => d.sure).sort((a, b) => a - b);
        expect(kept).toEqual([...sureness].sort((a, b) => a - b).slice(0, kept.length));
      }),
    );
  });
});
