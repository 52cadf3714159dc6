import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBic } from '../../../domain/paying-back/bic';
import { groupedIban, IBAN_LENGTHS, parseIban } from '../../../domain/paying-back/iban';
import { parseUpiId } from '../../../domain/paying-back/upi';

// Published examples: the IBAN registry's and the banks' own sample IBANs, as printed (with spaces).
const PUBLISHED = [
  'GB82 WEST 1234 5698 7654 32',
  'DE89 3704 0044 0532 0130 00',
  'FR14 2004 1010 0505 0001 3M02 606',
  'NL91 ABNA 0417 1643 00',
  'BE68 5390 0754 7034',
  'AT61 1904 3002 3457 3201',
  'ES91 2100 0418 4502 0005 1332',
  'IT60 X054 2811 1010 0000 0123 456',
  'CH93 0076 2011 6238 5295 7',
  'CZ65 0800 0000 1920 0014 5399',
  'FI21 1234 5600 0007 85',
  'NO93 8601 1117 947',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
  'SA03 8000 0000 6080 1016 7519',
];
const bare = (iban: string) => iban.replace(/ /g, '');
const isDigit = (c: string) => /\d/.test(c);
const isLetter = (c: string) => /[A-Z]/.test(c);
const sameKind = (a: string, b: string) => (isDigit(a) && isDigit(b)) || (isLetter(a) && isLetter(b));

describe('IBAN (ISO 13616)', () => {
  it('accepts every published example, with spaces or without and in any case, and keeps it bare and upper-case', () => {
    for (const example of PUBLISHED) {
      expect(parseIban(example)).toEqual({ ok: true, value: bare(example) });
      expect(parseIban(` ${example.toLowerCase()} `)).toEqual({ ok: true, value: bare(example) });
      expect(bare(example).length).toBe(IBAN_LENGTHS[example.slice(0, 2)]);
    }
  });

  it('prints it in groups of four', () => {
    const parsed = parseIban('de89370400440532013000');
    expect(parsed.ok && groupedIban(parsed.value)).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('catches every change of one character to another of its kind (digit for digit, letter for letter)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PUBLISHED.map(bare)), fc.nat(), fc.nat(), (iban, at, by) => {
        const i = at % iban.length;
        const old = iban[i]!;
        const pool = isDigit(old) ? '0123456789' : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
        const replacement = pool.replace(old, '')[by % (pool.length - 1)]!;
        const changed = iban.slice(0, i) + replacement + iban.slice(i + 1);
        expect(parseIban(changed).ok, changed).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('catches every swap of two different neighbours of a kind, in the check digits as in the account', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PUBLISHED.map(bare)), fc.nat(), (iban, at) => {
        const i = at % (iban.length - 1);
        const [a, b] = [iban[i]!, iban[i + 1]!];
        fc.pre(a !== b && sameKind(a, b));
        const swapped = iban.slice(0, i) + b + a + iban.slice(i + 2);
        expect(parseIban(swapped).ok, swapped).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('says what is wrong in words, with a code', () => {
    expect(parseIban('DE88 3704 0044 0532 0130 00')).toEqual({ ok: false, error: { code: 'iban_check_digits', message: "The check digits don't match: check the IBAN" } });
    expect(parseIban('DE89 3704 0044 0532 0130 0')).toMatchObject({ ok: false, error: { code: 'iban_length', message: 'An IBAN from DE has 22 characters, this one has 21: check the IBAN' } });
    expect(parseIban('US89 3704 0044 0532 0130 00')).toMatchObject({ ok: false, error: { code: 'iban_country' } });
    expect(parseIban('DE89-3704-0044-0532-0130-00')).toMatchObject({ ok: false, error: { code: 'iban_characters' } });
    expect(parseIban('')).toMatchObject({ ok: false });
  });

  it('refuses the check digits 00, 01 and 99, which mod 97 alone would let through as 97, 98 and 02', () => {
    // Check digits worked out independently (BigInt), for accounts whose true check digits are 97, 98 or 02.
    const checkDigits = (country: string, bban: string) => {
      const digits = [...`${bban}${country}00`].map((c) => parseInt(c, 36)).join('');
      return 98 - Number(BigInt(digits) % 97n);
    };
    const found = new Map<number, string>();
    for (let n = 0; found.size < 3 && n < 100_000; n++) {
      const bban = `WEST${String(12345698765432 + n).padStart(14, '0')}`;
      const cd = checkDigits('GB', bban);
      if ([97, 98, 2].includes(cd) && !found.has(cd)) found.set(cd, bban);
    }
    expect(found.size).toBe(3);
    for (const [cd, bban] of found) {
      expect(parseIban(`GB${String(cd).padStart(2, '0')}${bban}`).ok).toBe(true);
      const alias = cd === 2 ? '99' : String(cd - 97).padStart(2, '0');
      expect(parseIban(`GB${alias}${bban}`)).toMatchObject({ ok: false, error: { code: 'iban_check_digits' } });
    }
  });
});

describe('BIC (ISO 9362)', () => {
  it('accepts 8 and 11 characters: bank, country, location, branch', () => {
    for (const bic of ['DEUTDEFF', 'DEUTDEFF500', 'NEDSZAJJXXX', 'BNPAFRPP', 'GENODEF1S04', 'UBSWCHZH80A', 'BHBLDEHHXXX', 'bpot be b1']) {
      expect(parseBic(bic)).toEqual({ ok: true, value: bic.replace(/ /g, '').toUpperCase() });
    }
  });

  it('refuses any other shape, in words', () => {
    for (const bic of ['DEUTDEF', 'DEUTDEFF5', 'DEUTDEFF5000', 'DEU1DEFF', 'DEUTD3FF', 'DEUTDEF_', '']) {
      expect(parseBic(bic)).toEqual({ ok: false, error: { code: 'bic_shape', message: 'A BIC has 8 or 11 letters and digits, such as DEUTDEFF: check the BIC' } });
    }
  });

  it('takes no string that is not 8 or 11 characters of the right kinds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (text) => {
        const parsed = parseBic(text);
        if (parsed.ok) expect(parsed.value).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
      }),
    );
  });
});

describe('UPI id', () => {
  it('is a handle at a provider', () => {
    expect(parseUpiId(' Priya.Shah@okaxis ')).toEqual({ ok: true, value: 'priya.shah@okaxis' });
    expect(parseUpiId('9876543210@ybl')).toEqual({ ok: true, value: '9876543210@ybl' });
    for (const id of ['priya', '@okaxis', 'priya@', 'pri ya@okaxis', 'priya@ok@axis', 'priya@ok.axis', 'p@okaxis']) {
      expect(parseUpiId(id)).toEqual({ ok: false, error: { code: 'upi_shape', message: 'A UPI ID looks like name@bank: check the UPI ID' } });
    }
  });
});
