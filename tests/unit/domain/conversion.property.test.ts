import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, convertShares, minor, parseRate, RATE_MESSAGE, sumMinor } from '../../../domain/conversion';
import { currencyCode, minorDigits, type CurrencyCode } from '../../../domain/currency';

const code = (text: string): CurrencyCode => currencyCode(text)!;
// Two decimals, none and three, each way.
const CURRENCIES = ['GBP', 'EUR', 'JPY', 'IDR', 'KWD'].map(code);
const rates = fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 6 })).map(([digits, decimals]) => {
  const text = String(digits + 1).padStart(decimals + 1, '0');
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
});

describe('paying back in another currency', () => {
  it('reads a typed rate exactly, and refuses anything that is not a positive number', () => {
    const eur = code('EUR');
    const gbp = code('GBP');
    expect(parseRate(' 0.86 ', eur, gbp)).toMatchObject({ ok: true, value: { text: '0.86', num: 86n, den: 100n } });
    expect(parseRate('1,250.5', code('KWD'), gbp)).toMatchObject({ ok: true, value: { num: 12505n, den: 10n } });
    for (const bad of ['', '0', '0.000', '-1', 'abc', '1e3', '1.2.3', '0.123456789']) expect(parseRate(bad, eur, gbp)).toEqual({ ok: false, error: RATE_MESSAGE });
  });

  it('converts one amount at the rate, rounded half away from zero, between any classes of currency', () => {
    const rate = (text: string, from: string, to: string) => {
      const read = parseRate(text, code(from), code(to));
      if (!read.ok) throw new Error(read.error);
      return read.value;
    };
    expect(convert(minor(1250, code('EUR')), rate('0.86', 'EUR', 'GBP'))).toBe(1075);
    expect(convert(minor(1200, code('JPY')), rate('0.0052', 'JPY', 'GBP'))).toBe(624);
    expect(convert(minor(4500, code('KWD')), rate('2.6', 'KWD', 'GBP'))).toBe(1170);
    expect(convert(minor(45000, code('IDR')), rate('0.00005', 'IDR', 'GBP'))).toBe(225);
    expect(convert(minor(-125, code('EUR')), rate('0.5', 'EUR', 'GBP'))).toBe(-63);
  });

  it('converts everyone’s shares so that they add up to the converted total, each within a unit of its exact value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...CURRENCIES),
        rates,
        fc.array(fc.integer({ min: -50_000, max: 5_000_000 }), { minLength: 1, maxLength: 8 }),
        (from, to, text, amounts) => {
          const rate = parseRate(text, from, to);
          if (!rate.ok) throw new Error(rate.error);
          const shares = amounts.map((a) => minor(a, from));
          const converted = convertShares(shares, rate.value);
          expect(converted.shares.reduce((a, b) => a + b, 0)).toBe(converted.total);
          expect(converted.total).toBe(convert(sumMinor(shares, from), rate.value));
          const scale = 10 ** (minorDigits(to) - minorDigits(from));
          converted.shares.forEach((s, k) => expect(Math.abs(s - amounts[k]! * Number(text) * scale)).toBeLessThan(1 + 1e-6));
        },
      ),
    );
  });

  it('will not add amounts of two currencies', () => {
    const eur = 'EUR' as 'EUR' & CurrencyCode;
    const jpy = 'JPY' as 'JPY' & CurrencyCode;
    // @ts-expect-error yen are not euros: the compiler refuses the sum
    expect(() => sumMinor([minor(100, eur), minor(100, jpy)], eur)).not.toThrow();
  });
});
