import fc from 'fast-check';
import { minorUnits } from '../../../domain/money';
import { describe, expect, it, vi } from 'vitest';
import {
  COMMON_CURRENCIES,
  currencyChoices,
  currencyCode,
  currencySign,
  formatMoney,
  GBP,
  majorToMinor,
  minorDigits,
  minorToMajorText,
  rescaleMinor,
  type CurrencyCode,
} from '../../../domain/currency';
import { parsePriceInput } from '../../../domain/price-input';
import { billSplit } from '../../../domain/bill';
import { tipFromPercent } from '../../../domain/tip';
import { aBill } from '../../support/builders';

const code = (text: string): CurrencyCode => currencyCode(text)!;
// One currency of each class of minor unit, and the pound.
const CLASSES = [code('GBP'), code('EUR'), code('USD'), code('JPY'), code('KRW'), code('IDR'), code('KWD'), code('BHD')];

describe('currencies', () => {
  it('takes ISO 4217 codes that Intl can format, and nothing else', () => {
    expect(currencyCode('EUR')).toBe('EUR');
    for (const bad of ['eur', 'EURO', 'XYZ', '', 12, null, 'GB']) expect(currencyCode(bad)).toBeNull();
  });

  it('takes the common codes on a browser that cannot list the ones it knows (Safari before 15.4)', async () => {
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl), { supportedValuesOf: undefined }));
    vi.resetModules();
    try {
      const fresh = await import('../../../domain/currency');
      expect(['EUR', 'JPY', 'KWD', 'IDR', 'XYZ'].map(fresh.currencyCode)).toEqual(['EUR', 'JPY', 'KWD', 'IDR', null]);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  it('knows the minor unit of the currencies it offers and names as Intl does for en-GB', () => {
    for (const currency of [...COMMON_CURRENCIES, ...['KRW', 'IDR', 'IQD', 'BHD', 'OMR', 'JOD', 'TND', 'LYD', 'CLP', 'VND', 'ISK', 'XOF'].map(code)]) {
      const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
      expect({ currency, digits: minorDigits(currency) }).toEqual({ currency, digits: intl });
    }
    expect([minorDigits(code('JPY')), minorDigits(code('KRW')), minorDigits(code('IDR'))]).toEqual([0, 0, 0]);
    expect([minorDigits(code('KWD')), minorDigits(code('BHD')), minorDigits(code('OMR')), minorDigits(code('JOD')), minorDigits(code('TND'))]).toEqual([3, 3, 3, 3, 3]);
    expect(minorDigits(GBP)).toBe(2);
  });

  it('formats amounts as en-GB does', () => {
    expect(formatMoney(1250, code('EUR'))).toBe('€12.50');
    expect(formatMoney(1250, code('USD'))).toMatch(/^(US)?\$12\.50$/);
    expect(formatMoney(1200, code('JPY'))).toBe('JP¥1,200');
    expect(formatMoney(45000, code('IDR'))).toBe('IDR\u00a045,000');
    expect(formatMoney(1250, code('KWD'))).toBe('KWD\u00a01.250');
    expect(formatMoney(-150, code('EUR'))).toBe('-€1.50');
  });

  it('formats pounds byte for byte as en-GB writes them: the £ sign, thousands, two decimals', () => {
    const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (amount) => formatMoney(amount, GBP) === pounds.format(amount / 100)));
  });

  it("shows each currency's sign", () => {
    expect([GBP, code('EUR'), code('JPY'), code('IDR')].map(currencySign)).toEqual(['£', '€', 'JP¥', 'IDR']);
    // en-GB puts a no-break space between a code and its amount.
    expect(formatMoney(45000, code('IDR'))).toBe(`${currencySign(code('IDR'))}\u00a045,000`);
  });

  it('writes and reads major amounts with the currency’s decimals', () => {
    expect(minorToMajorText(1200, code('JPY'))).toBe('1200');
    expect(minorToMajorText(1250, code('KWD'))).toBe('1.250');
    expect(minorToMajorText(-5, GBP)).toBe('-0.05');
    expect(majorToMinor(1200.5, code('JPY'))).toBe(1201);
    expect(majorToMinor(1.2345, code('KWD'))).toBe(1235);
    expect(majorToMinor(1.005, GBP)).toBe(101);
  });

  it('reads back every amount it writes, in every class of currency', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CLASSES), fc.integer({ min: -1e10, max: 1e10 }), (currency, amount) => {
        const text = minorToMajorText(amount, currency);
        expect(majorToMinor(Number(text), currency)).toBe(amount);
        const typed = parsePriceInput(text.replace('-', ''), currency);
        if (amount !== 0) expect(typed).toEqual({ kind: 'price', pricePence: Math.abs(amount), normalised: text.replace('-', '') });
      }),
    );
  });

  it('keeps the figures when a bill changes currency, rounding half away from zero', () => {
    expect(rescaleMinor(120000, 2, 0)).toBe(1200);
    expect(rescaleMinor(1250, 2, 0)).toBe(13);
    expect(rescaleMinor(-1250, 2, 0)).toBe(-13);
    expect(rescaleMinor(1250, 2, 3)).toBe(12500);
    expect(rescaleMinor(1200, 0, 2)).toBe(120000);
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (amount) => rescaleMinor(rescaleMinor(amount, 0, 3), 3, 0) === amount));
  });

  it('offers recent currencies first, each once', () => {
    const choices = currencyChoices([code('JPY'), code('EUR')]);
    expect(choices.slice(0, 3)).toEqual(['JPY', 'EUR', 'GBP']);
    expect(new Set(choices).size).toBe(choices.length);
  });
});

describe('splitting in every class of currency', () => {
  it('typed prices split so that the shares add up to the total exactly, with the tip rounded to the unit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CLASSES),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 1000 }),
        (currency, amounts, dinerCount, tenths) => {
          const diners = Array.from({ length: dinerCount }, (_, i) => ({ id: `d${i}` }));
          // Each price as a person types it in this currency, read back by the review screen's parser.
          const items = amounts.map((amount, i) => {
            const typed = parsePriceInput(minorToMajorText(amount, currency), currency);
            if (typed.kind !== 'price') throw new Error(`${amount} was not read back`);
            return { id: `i${i}`, pricePence: typed.pricePence, assignedTo: diners.filter((_, k) => (i + k) % 3 !== 0 || k === 0).map((d) => d.id) };
          });
          const subtotal = items.reduce((sum, i) => sum + i.pricePence, 0);
          const tipPence = tipFromPercent(minorUnits(subtotal), tenths / 10);
          const bill = aBill()
            .inCurrency(currency)
            .withDiners(...diners.map((d) => d.id))
            .withTip(tipPence, 'proportional');
          for (const i of items) bill.withItem(i.id, i.pricePence, i.assignedTo);
          const split = billSplit(bill.build());
          expect(split.subtotalPence).toBe(subtotal);
          expect(split.shares.reduce((sum, s) => sum + s.totalPence, 0)).toBe(split.totalPence);
          expect(split.shares.every((s) => Number.isSafeInteger(s.totalPence))).toBe(true);
        },
      ),
    );
  });
});
