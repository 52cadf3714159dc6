import { GBP } from '../../../domain/currency';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headerFromAnalysis, linesFromAnalysis, printedTotalFromAnalysis } from '../../../domain/scanning/analysis-response';
import { minorUnits } from '../../../domain/money';
import {
  heldBack,
  keepAssignments,
  linesToPassOn,
  missedLine,
  reviewLine,
  reviewLinesForBill,
  reviewReconciliation,
  sampleReceiptLines,
  shortfallPence,
  suspectLineIds,
  typedReviewPrice,
  type ReviewLine,
} from '../../../domain/scanning/review';

let n = 0;
const id = () => `l${++n}`;

describe('review lines', () => {
  it('start included for items, service and discounts only', () => {
    const kinds = ['item', 'service', 'discount', 'vat', 'subtotal', 'total'] as const;
    expect(kinds.map((k) => reviewLine('x', 'x', minorUnits(100), k).included)).toEqual([true, true, true, false, false, false]);
  });

  it('pass on only included lines with a price, named by label or else raw text', () => {
    const lines: ReviewLine[] = [
      reviewLine('a', 'Soup', minorUnits(500), 'item'),
      { ...reviewLine('b', 'Bread', null, 'item') },
      { ...reviewLine('c', 'Wine', minorUnits(900), 'item'), included: false },
      { ...reviewLine('d', 'Cake', minorUnits(450), 'item'), label: '  ' },
    ];
    expect(linesToPassOn(lines)).toEqual([
      { id: 'a', name: 'Soup', pricePence: 500, kind: 'item' },
      { id: 'd', name: 'Cake £4.50', pricePence: 450, kind: 'item' },
    ]);
  });

  it('holds back a ticked line with no price, 0.00, a negative item or a total, and says why; unticked lines are simply left out', () => {
    const lines: ReviewLine[] = [
      reviewLine('a', 'Soup', minorUnits(500), 'item'),
      reviewLine('b', 'Bread', minorUnits(0), 'item'),
      reviewLine('c', 'Refund', minorUnits(-300), 'item'),
      { ...reviewLine('d', 'Total', minorUnits(500), 'total'), included: true },
      reviewLine('e', 'Voucher', minorUnits(-200), 'discount'),
      reviewLine('f', 'Cover', null, 'item'),
      { ...reviewLine('g', 'Water', minorUnits(0), 'item'), included: false },
    ];
    expect(lines.map(heldBack)).toEqual([null, 'no price', 'negative', 'not a bill line', null, 'no price', null]);
    expect(linesToPassOn(lines).map((l) => l.id)).toEqual(['a', 'e']);
    expect(reviewReconciliation(lines, null).billedPence).toBe(300);
    // Every ticked line either goes on or says why: none is dropped silently.
    expect(lines.filter((l) => l.included).length).toBe(linesToPassOn(lines).length + lines.filter((l) => heldBack(l) !== null).length);
  });

  it('keeps a typed minus on a Review price, so the line can say why it is held back', () => {
    expect(typedReviewPrice('-3.50', GBP)).toEqual({ kind: 'price', pricePence: -350, normalised: '-3.50' });
    expect(typedReviewPrice('3.5', GBP)).toEqual({ kind: 'price', pricePence: 350, normalised: '3.50' });
    expect(typedReviewPrice('0.00', GBP)).toEqual({ kind: 'cleared' });
  });

  it('sample receipt is 899, 299, a 150 service charge and a VAT line of 0, and continues with 3 items', () => {
    const sample = sampleReceiptLines();
    expect(sample.map((l) => [l.pricePence, l.kind])).toEqual([
      [899, 'item'],
      [299, 'item'],
      [150, 'service'],
      [0, 'vat'],
    ]);
    expect(linesToPassOn(sample)).toHaveLength(3);
    expect(reviewReconciliation(sample, null).billedPence).toBe(1348);
  });
});

describe('reconciliation with the printed total, as the person edits the lines', () => {
  const lines = (cola: boolean): ReviewLine[] => [
    reviewLine('burger', 'Burger', minorUnits(1250), 'item'),
    reviewLine('chips', 'Chips', minorUnits(350), 'item'),
    { ...reviewLine('cola', 'Cola', minorUnits(250), 'item'), included: cola },
    reviewLine('vat', 'VAT', minorUnits(267), 'vat'),
  ];
  const check = (ls: ReviewLine[], total: number | null) => {
    const result = reviewReconciliation(ls, total === null ? null : minorUnits(total));
    return { ...result, suspects: suspectLineIds(ls, result) };
  };

  it('cannot agree without a printed total', () => {
    expect(check(lines(true), null)).toMatchObject({ matches: false, differencePence: null, suspects: [] });
  });

  it('adds up when the included lines (VAT aside) equal the total', () => {
    expect(check(lines(false), 1600)).toMatchObject({ matches: true, billedPence: 1600, differencePence: 0, suspects: [] });
  });

  it('flags the included line whose price is the difference', () => {
    expect(check(lines(true), 1600)).toMatchObject({ matches: false, differencePence: 250, suspects: ['cola'] });
  });

  it('flags a left-out line that would make it add up, and kept lines without a price', () => {
    const missing = [...lines(false).slice(0, 2), reviewLine('sub', 'Subtotal', minorUnits(200), 'subtotal'), reviewLine('bread', 'Bread', null, 'item')];
    missing.push({ ...reviewLine('cake', 'Cake', minorUnits(200), 'item'), included: false });
    expect(check(missing, 1800)).toMatchObject({ differencePence: -200, suspects: ['bread', 'cake'] });
  });

  it('always agrees with the included total (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 10_000 }), fc.boolean()), { maxLength: 12 }), fc.integer({ min: 1, max: 100_000 }), (rows, total) => {
        const ls = rows.map(([p, inc], i) => ({ ...reviewLine(`r${i}`, `r${i}`, minorUnits(p), 'item'), included: inc }));
        const result = reviewReconciliation(ls, minorUnits(total));
        const sum = rows.filter(([, inc]) => inc).reduce((a, [p]) => a + p, 0);
        expect(result.billedPence).toBe(reviewReconciliation(ls, null).billedPence);
        expect(result.matches).toBe(sum === total);
        expect(result.differencePence).toBe(sum - total);
      }),
    );
  });
});

describe('the analysis response', () => {
  it('accepts a list or an object with items, name or label, kind or type, tax as VAT', () => {
    const expected = [
      ['Soup', 500, 'item'],
      ['VAT', 120, 'vat'],
      ['Voucher', -200, 'discount'],
    ];
    const entries = [
      { name: 'Soup', pricePence: 500, kind: 'item' },
      { label: 'VAT', pricePence: 120, type: 'tax' },
      { name: 'Voucher', pricePence: -200, kind: 'discount' },
    ];
    for (const response of [entries, { items: entries }]) expect(linesFromAnalysis(response, id)?.map((l) => [l.label, l.pricePence, l.kind])).toEqual(expected);
  });

  it("carries the reader's doubt and its reason, and a doubt without a known reason as the whole line's", () => {
    const lines = linesFromAnalysis(
      [
        { name: 'Soup', pricePence: 500, doubtful: true, doubt: 'price' },
        { name: 'Cola', pricePence: 250, doubtful: true },
        { name: 'Tea', pricePence: 150, doubtful: false, doubt: 'name' },
      ],
      id,
    );
    expect(lines?.map((l) => l.doubt)).toEqual(['price', 'line', undefined]);
  });

  it('carries a currency guessed from the place as doubtful, and no doubt without a currency', () => {
    expect(headerFromAnalysis({ currency: 'EUR', currencyDoubtful: true })).toMatchObject({ currency: 'EUR', currencyDoubtful: true });
    expect(headerFromAnalysis({ currency: null, currencyDoubtful: true })).toEqual({ merchant: null, date: null, currency: null });
  });

  it('refuses other shapes and keeps an unpriced line with a null price', () => {
    expect(linesFromAnalysis({ error: 'x' }, id)).toBeNull();
    expect(linesFromAnalysis('nope', id)).toBeNull();
    expect(linesFromAnalysis([], id)).toEqual([]);
    expect(linesFromAnalysis([{ name: 'Bread', pricePence: 1.5 }, 7, { pricePence: 'x' }], id)?.map((l) => [l.label, l.pricePence, l.kind])).toEqual([['Bread', null, 'item']]);
  });

  it('carries quantity and unit price when both are there and sensible, and leaves them off otherwise', () => {
    const lines = linesFromAnalysis(
      {
        items: [
          { name: 'Peroni', pricePence: 1400, kind: 'item', quantity: 2, unitPricePence: 700 },
          { name: 'Soup', pricePence: 500, kind: 'item', quantity: 1, unitPricePence: 500 },
          { name: 'Chips', pricePence: 600, kind: 'item', quantity: 2.5, unitPricePence: 240 },
          { name: 'Wine', pricePence: 900, kind: 'item', quantity: 3 },
        ],
      },
      id,
    );
    expect(lines?.map((l) => [l.label, l.quantity, l.unitPricePence])).toEqual([
      ['Peroni', 2, 700],
      ['Soup', undefined, undefined],
      ['Chips', undefined, undefined],
      ['Wine', undefined, undefined],
    ]);
  });

  it('carries the units the server read at the start of a line, when they make sense', () => {
    const lines = linesFromAnalysis(
      {
        items: [
          { name: 'Peroni', pricePence: 1000, kind: 'item', printedUnits: 3 },
          { name: 'Soup', pricePence: 500, kind: 'item', printedUnits: 1 },
        ],
      },
      id,
    );
    expect(lines?.map((l) => l.printedUnits)).toEqual([3, undefined]);
  });

  it("carries the server's printed total, when it found one", () => {
    expect(printedTotalFromAnalysis({ items: [], totalPence: 1600 })).toBe(1600);
    for (const response of [{ items: [], totalPence: null }, { items: [], totalPence: 12.5 }, [{ name: 'Soup' }], null]) expect(printedTotalFromAnalysis(response)).toBeNull();
  });

  it("carries the server's merchant, date and currency, each only in its shape", () => {
    expect(headerFromAnalysis({ items: [], merchant: ' The Vine ', date: '2014-11-22', currency: 'GBP' })).toEqual({ merchant: 'The Vine', date: '2014-11-22', currency: 'GBP' });
    const none = { merchant: null, date: null, currency: null };
    expect(headerFromAnalysis({ items: [], merchant: 7, date: '2014-02-30', currency: 'pounds' })).toEqual(none);
    expect(headerFromAnalysis({ items: [], date: '22/11/2014' })).toEqual(none);
    expect(headerFromAnalysis([{ name: 'Soup' }])).toEqual(none);
  });
});

describe('a line the reader missed', () => {
  const read = [reviewLine('soup', 'Soup', minorUnits(500), 'item'), reviewLine('total', 'Total', minorUnits(1100), 'total')];

  it('is offered at what the included lines fall short of the printed total, and not when they come to more', () => {
    expect(shortfallPence(reviewReconciliation(read, minorUnits(1100)))).toBe(600);
    expect(shortfallPence(reviewReconciliation(read, minorUnits(400)))).toBeNull();
    expect(shortfallPence(reviewReconciliation(read, minorUnits(500)))).toBeNull();
    expect(shortfallPence(reviewReconciliation(read, null))).toBeNull();
  });

  it('is added as an included item with a name and a price above £0.00', () => {
    expect(missedLine('m', '  1 FOOD ', '£6.00', GBP)).toEqual({ ok: true, value: { id: 'm', raw: '1 FOOD £6.00', label: '1 FOOD', pricePence: 600, kind: 'item', included: true } });
    expect(missedLine('m', ' ', '6', GBP)).toEqual({ ok: false, error: 'name needed' });
    for (const price of ['', '0', '-2', 'six']) expect(missedLine('m', 'Food', price, GBP)).toEqual({ ok: false, error: 'price needed' });
  });

  it('added at the shortfall, makes any receipt that fell short add up', () => {
    const line = fc.record({ pricePence: fc.integer({ min: -500, max: 5000 }), kind: fc.constantFrom('item', 'service', 'discount', 'vat') as fc.Arbitrary<'item' | 'service' | 'discount' | 'vat'> });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.integer({ min: 1, max: 100_000 }), (rows, total) => {
        const lines = rows.map((r, i) => reviewLine(`r${i}`, `Line ${i}`, minorUnits(r.pricePence), r.kind));
        const shortfall = shortfallPence(reviewReconciliation(lines, minorUnits(total)));
        if (shortfall === null) return;
        const added = missedLine('missed', 'Missed', (shortfall / 100).toFixed(2), GBP);
        expect(added.ok && reviewReconciliation([...lines, added.value], minorUnits(total)).matches).toBe(true);
      }),
    );
  });
});

describe('back from Assign to Review', () => {
  it('shows the lines as read, with the bill’s edits, removed items unticked and added items at the end', () => {
    const read = sampleReceiptLines();
    const items = [
      { id: 'sample-1', name: 'Pizza Margherita', pricePence: minorUnits(950), kind: 'item' as const },
      { id: 'sample-3', name: 'Service Charge', pricePence: minorUnits(150), kind: 'service' as const },
      { id: 'added', name: 'Tiramisu', pricePence: minorUnits(550), kind: 'item' as const },
    ];
    const lines = reviewLinesForBill(read, items);
    expect(lines.map((l) => [l.id, l.label, l.pricePence, l.included])).toEqual([
      ['sample-1', 'Pizza Margherita', 950, true],
      ['sample-2', 'Soft Drink', 299, false],
      ['sample-3', 'Service Charge', 150, true],
      ['sample-4', 'VAT', 0, false],
      ['added', 'Tiramisu', 550, true],
    ]);
  });

  it('keeps who had each item when the bill continues again', () => {
    const before = [{ id: 'a', name: 'Pizza', assignedTo: ['ann'] }];
    const next = [
      { id: 'a', name: 'Pizza Margherita' },
      { id: 'b', name: 'Soft Drink' },
    ];
    expect(keepAssignments(next, before, (i) => ({ ...i, assignedTo: [] as string[] }))).toEqual([
      { id: 'a', name: 'Pizza Margherita', assignedTo: ['ann'] },
      { id: 'b', name: 'Soft Drink', assignedTo: [] },
    ]);
  });
});
