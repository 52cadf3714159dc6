import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withReadingDoubts } from '../../../domain/scanning/receipt-doubt';
import { EVIDENCE, lineEvidence, type Evidence } from '../../../domain/scanning/receipt-doubt-evidence';
import { DOUBT_MODEL, doubtOf, doubtScore } from '../../../domain/scanning/receipt-doubt-model';
import type { LaidOutRow, PrintedWord } from '../../../domain/scanning/receipt-layout';
import { minorUnits } from '../../../domain/money';
import { NO_HEADER, type ReceiptLine, type ReceiptReading } from '../../../domain/scanning/receipt-line';

const sure = { letters: 0.99, figures: 0.99, rewritten: false, disagreed: false };
const word = (text: string, doubt: Partial<typeof sure> = {}): PrintedWord => ({ text, confidence: 0.95, corners: [], doubt: { ...sure, ...doubt } });
const row = (...words: PrintedWord[]): LaidOutRow => ({ text: words.map((w) => w.text).join('    '), words });
const line = (label: string, price: number, kind: ReceiptLine['kind'] = 'item'): ReceiptLine => ({ raw: `${label}    ${(price / 100).toFixed(2)}`, label, pricePence: minorUnits(price), kind });
const reading = (lines: ReceiptLine[], total: number | null): ReceiptReading => ({ lines, totalPence: total === null ? null : minorUnits(total), ...NO_HEADER });
const noEvidence = Object.fromEntries(EVIDENCE.map((name) => [name, 0])) as Record<(typeof EVIDENCE)[number], number>;

describe('the doubt model', () => {
  it('only ever adds doubt as evidence grows (every weight it ships is at least 0), and scores from 0 to 1', () => {
    const evidence = fc.record(Object.fromEntries(EVIDENCE.map((name) => [name, fc.double({ min: 0, max: 5, noNaN: true })])) as Record<(typeof EVIDENCE)[number], fc.Arbitrary<number>>);
    fc.assert(
      fc.property(evidence, fc.constantFrom(...EVIDENCE), fc.double({ min: 0, max: 3, noNaN: true }), (base: Evidence, name, more) => {
        const score = doubtScore(DOUBT_MODEL, base);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        expect(doubtScore(DOUBT_MODEL, { ...base, [name]: base[name] + more })).toBeGreaterThanOrEqual(score);
      }),
    );
  });

  it('doubts nothing on a receipt that adds up and was read with every letter and figure sure', () => {
    expect(doubtOf(DOUBT_MODEL, noEvidence)).toBeNull();
  });

  it('says why: the price when the figures weigh most, the name when its letters do, the line when it sits after the total', () => {
    expect(doubtOf(DOUBT_MODEL, { ...noEvidence, offSum: 1, unsureFigure: 2 })).toBe('price');
    expect(doubtOf(DOUBT_MODEL, { ...noEvidence, offSum: 1, unsureLetter: 2 })).toBe('name');
    expect(doubtOf(DOUBT_MODEL, { ...noEvidence, afterTotal: 1 })).toBe('line');
  });
});

describe('lineEvidence', () => {
  it('takes the least sure letter of the name and figure of the price from the row the line was read from', () => {
    const rows = [row(word('Burger', { letters: 0.5 }), word('12.50', { figures: 0.25 })), row(word('Chips'), word('3.50'))];
    const [burger, chips] = lineEvidence(reading([line('Burger', 1250), line('Chips', 350)], 1600), rows);
    expect(burger!.unsureLetter).toBeCloseTo(Math.log(2));
    expect(burger!.unsureFigure).toBeCloseTo(Math.log(4));
    expect(chips!.unsureLetter).toBeCloseTo(-Math.log(0.99));
    // 12.50 + 3.50 is the printed 16.00: the sum says nothing against either.
    expect([burger!.offSum, burger!.sumGap]).toEqual([0, 0]);
  });

  it('says how far a receipt is from adding up, and which lines come after its total', () => {
    const lines = [line('Burger', 1250), line('TOTAL', 2000, 'total'), line('VISA 1234', 2000)];
    const evidence = lineEvidence(reading(lines, 2000), [row(word('Burger'), word('12.50')), row(word('TOTAL'), word('20.00')), row(word('VISA'), word('1234'), word('20.00'))]);
    // Billed 32.50 against a printed 20.00.
    expect(evidence.map((e) => e.offSum)).toEqual([1, 1, 1]);
    expect(evidence[0]!.sumGap).toBeCloseTo(Math.log1p(1250 / 2000));
    expect(evidence.map((e) => e.afterTotal)).toEqual([0, 0, 1]);
  });

  it('finds a garbled name by its figures and its words without vowels', () => {
    const [garbled] = lineEvidence(reading([line('CFMKQT 12Z', 179)], null), [row(word('CFMKQT'), word('12Z'), word('1.79'))]);
    expect(garbled!.noVowels).toBe(1);
    expect(garbled!.notLetters).toBeCloseTo(2 / 9);
    expect(garbled!.offSum).toBe(1);
  });
});

describe('withReadingDoubts', () => {
  it('doubts the line read with an unsure price on a receipt that does not add up, keeps a doubt the parser gave, and leaves sure lines alone', () => {
    const lines = [line('Burger', 1250), line('Chips', 350), { ...line('Cola', 200), doubt: 'price' as const }];
    const rows = [row(word('Burger'), word('12.50', { figures: 0.3 })), row(word('Chips'), word('3.50')), row(word('Cola'), word('2.00'))];
    const doubted = withReadingDoubts(reading(lines, 2000), rows).lines.map((l) => [l.label, l.doubt]);
    expect(doubted).toEqual([
      ['Burger', 'price'],
      ['Chips', undefined],
      ['Cola', 'price'],
    ]);
  });
});
