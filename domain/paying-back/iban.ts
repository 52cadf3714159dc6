import { err, ok, type Result } from '../result';

/** An IBAN as ISO 13616 checks it: upper case, no spaces. */
export type Iban = string & { readonly __iban: true };

export type IbanProblem = {
  readonly code: 'iban_characters' | 'iban_country' | 'iban_length' | 'iban_check_digits';
  readonly message: string;
};

/**
 * The length of an IBAN in each country that has them, from the IBAN registry SWIFT keeps for ISO
 * 13616; a country not listed has no IBANs.
 */
const REGISTRY =
  'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 ' +
  'DE22 DJ27 DK18 DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 ' +
  'GT28 HN28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 ' +
  'LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 ' +
  'PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 ' +
  'SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30 ';
export const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.fromEntries(
  REGISTRY.trim()
    .split(' ')
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))]),
);

const problem = (code: IbanProblem['code'], message: string): Result<never, IbanProblem> => err({ code, message });

/** Checks an IBAN as typed or pasted (spaces allowed, any case): country, that country's length, then the mod-97 check digits. */
export function parseIban(input: string): Result<Iban, IbanProblem> {
  const iban = input.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z0-9]+$/.test(iban)) return problem('iban_characters', 'An IBAN has only letters and digits: check the IBAN');
  const country = iban.slice(0, 2);
  const length = /^[A-Z]{2}$/.test(country) ? IBAN_LENGTHS[country] : undefined;
  if (length === undefined) return problem('iban_country', 'An IBAN starts with the code of a country that uses IBANs, such as DE or FR: check the IBAN');
  if (iban.length !== length) return problem('iban_length', `An IBAN from ${country} has ${length} characters, this one has ${iban.length}: check the IBAN`);
  // Check digits run from 02 to 98: 00, 01 and 99 would pass mod 97 as 97, 98 and 02 do.
  const checkDigits = Number(iban.slice(2, 4));
  if (!/^\d\d$/.test(iban.slice(2, 4)) || checkDigits < 2 || checkDigits > 98 || mod97(iban.slice(4) + iban.slice(0, 4)) !== 1)
    return problem('iban_check_digits', "The check digits don't match: check the IBAN");
  return ok(iban as Iban);
}

/** ISO 7064 MOD 97-10 of the IBAN rearranged, letters as 10 to 35, a few digits at a time (no big numbers). */
function mod97(rearranged: string): number {
  let remainder = 0;
  for (const char of rearranged) {
    const value = parseInt(char, 36);
    remainder = (value < 10 ? remainder * 10 + value : remainder * 100 + value) % 97;
  }
  return remainder;
}

/** In groups of four, as printed on cards and statements ("DE89 3704 0044 0532 0130 00"). */
export function groupedIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
