import { describe, expect, it } from 'vitest';
import { isLinePrice, MAX_ITEM_PENCE } from '../../../domain/bill';
import { currencyCode, formatMoney, GBP, majorToMinor, minorToMajorText } from '../../../domain/currency';
import { minorUnits, sumMinorUnits } from '../../../domain/money';
import { parsePriceInput, priceTooHighText, typedItemPrice, typedLinePrice, typedMajor } from '../../../domain/price-input';

describe('money', () => {
  it('formats pence as en-GB pounds with two decimals', () => {
    expect(formatMoney(899, GBP)).toBe('£8.99');
    expect(formatMoney(0, GBP)).toBe('£0.00');
    expect(formatMoney(-150, GBP)).toBe('-£1.50');
    expect(formatMoney(123456, GBP)).toBe('£1,234.56');
  });

  it('converts typed pounds to pence the way a person reads them', () => {
    expect(majorToMinor(8.99, GBP)).toBe(899);
    expect(majorToMinor(1.005, GBP)).toBe(101);
    expect(majorToMinor(0.1 + 0.2, GBP)).toBe(30);
    expect(majorToMinor(-4.5, GBP)).toBe(-450);
  });

  it('refuses fractional or unsafe pence', () => {
    expect(() => minorUnits(1.5)).toThrow(RangeError);
    expect(() => minorUnits(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('writes plain two-decimal text and sums', () => {
    expect(minorToMajorText(5, GBP)).toBe('0.05');
    expect(minorToMajorText(-1205, GBP)).toBe('-12.05');
    expect(sumMinorUnits([minorUnits(1), minorUnits(2), minorUnits(-3)])).toBe(0);
  });
});

describe('review-screen price input', () => {
  it.each([
    ['£8.99', 899, '8.99'],
    ['$1,234.5', 123450, '1234.50'],
    ['7', 700, '7.00'],
    [' 3.456 ', 346, '3.46'],
  ])('reads %s as %i pence, normalised to %s', (text, expected, normalised) => {
    expect(parsePriceInput(text, GBP)).toEqual({ kind: 'price', pricePence: expected, normalised });
  });

  it.each(['', '   ', '0', '0.00', '£0'])('clears the price for %j', (text) => {
    expect(parsePriceInput(text, GBP)).toEqual({ kind: 'cleared' });
  });

  it.each(['-2.50', 'abc', '1.2.3', '12abc', '£-1'])('ignores %j', (text) => {
    expect(parsePriceInput(text, GBP)).toEqual({ kind: 'ignored' });
  });
});

describe('a money field read as pounds (manual entry, adding an item)', () => {
  it.each([
    ['12.50', 12.5],
    ['£12.50', 12.5],
    [' £1,200 ', 1200],
    ['', 0],
  ])('%j is %d pounds', (text, pounds) => {
    expect(typedMajor(text)).toBe(pounds);
  });

  it('is not a number for words', () => {
    expect(typedMajor('twelve')).toBeNaN();
  });
});

describe('a live line’s price as the organiser typed it', () => {
  it('is in the currency’s minor units, a discount’s minus kept', () => {
    expect(typedLinePrice('£12.50', GBP)).toBe(1250);
    expect(typedLinePrice(' 1,200 ', GBP)).toBe(120000);
    expect(typedLinePrice('-3', GBP)).toBe(-300);
    expect(typedLinePrice('500', currencyCode('JPY')!)).toBe(500);
    expect(typedLinePrice('', GBP)).toBe(0);
  });

  it('is not a number for words or a size beyond any line, for the server to refuse', () => {
    expect(typedLinePrice('twelve', GBP)).toBeNaN();
    expect(typedLinePrice('1e400', GBP)).toBeNaN();
    expect(typedLinePrice(String(MAX_ITEM_PENCE), GBP)).toBe(MAX_ITEM_PENCE * 100);
    expect(typedLinePrice(String(MAX_ITEM_PENCE + 1), GBP)).toBeNaN();
    expect(typedLinePrice(String(-MAX_ITEM_PENCE - 1), GBP)).toBeNaN();
  });
});

describe('a food line’s price as typed on Assign or in manual entry', () => {
  it('is in the currency’s minor units', () => {
    expect(typedItemPrice('£12.50', GBP)).toEqual({ ok: true, value: 1250 });
    expect(typedItemPrice('500', currencyCode('JPY')!)).toEqual({ ok: true, value: 500 });
    expect(typedItemPrice(String(MAX_ITEM_PENCE / 100), GBP)).toEqual({ ok: true, value: MAX_ITEM_PENCE });
  });

  it('is needed when blank, no number, or not above 0 in the currency’s unit', () => {
    for (const text of ['', '  ', 'twelve', '0', '-3', '0.001', '1e400']) expect(typedItemPrice(text, GBP), text).toEqual({ ok: false, error: 'price needed' });
    // Half a yen is no yen.
    expect(typedItemPrice('0.4', currencyCode('JPY')!)).toEqual({ ok: false, error: 'price needed' });
  });

  it('is too high above what every endpoint takes for a line, and says the most it may be', () => {
    expect(typedItemPrice(String(MAX_ITEM_PENCE / 100 + 0.01), GBP)).toEqual({ ok: false, error: 'price too high' });
    // Too big to convert to minor units at all: still said, never thrown.
    expect(typedItemPrice('1e300', GBP)).toEqual({ ok: false, error: 'price too high' });
    expect(isLinePrice(-MAX_ITEM_PENCE - 1)).toBe(false);
    expect(isLinePrice(-MAX_ITEM_PENCE)).toBe(true);
    expect(priceTooHighText(GBP)).toBe('Enter a price of at most £100,000.00.');
  });
});
