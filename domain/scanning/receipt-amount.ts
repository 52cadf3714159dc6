import { minorUnits, type MinorUnits } from '../money';

/**
 * A money amount at the end of an OCR'd receipt line, and the text before it.
 * Receipts print amounts as 5.95, £5.95, 1,234.50, 290,00 (decimal comma), 60.000 (whole
 * rupiah with thousands dots), .99 (US receipts print cents without a leading 0), sometimes with a
 * trailing VAT code (A, T, S*) or a trailing minus.
 * OCR adds stray spaces around the decimal point ("£70 .65"), reads 5 as $ or S (not the S that
 * ends a word: "SAVINGS.60"), and drops a decimal point after a currency sign ("£ 1100").
 */
export interface TrailingAmount {
  readonly before: string;
  readonly pence: MinorUnits;
  readonly hadCurrency: boolean;
}

const CURRENCY = String.raw`(?:£|€|\$|GBP|EUR|USD|RM|Rp\.?|IDR)`;
// After the amount: a VAT code (A, T, S*), a currency, or a short smudge the OCR made of the edge.
const TRAILER = String.raw`(?:\s*(?:CR|${CURRENCY}|[A-Z]{1,2}\d{0,2}\*?|[*#])|(?:\s+[^\s\d£$€]{1,3}){1,3}|\s+\d)?`;
const DECIMAL = new RegExp(
  String.raw`(?<neg>-\s*)?(?<cur>${CURRENCY})?\s*(?<neg2>-\s*)?(?<whole>\d{1,3}(?:[,.]\d{3})+|\d{1,6}|(?<![A-Za-z])[$S](?=\s?[.,]\d\d)|(?<=^|[\s-])(?=\.\d\d))\s?(?<sep>[.,])\s?(?<dec>\d\d)(?<neg3>\s*-)?${TRAILER}\s*$`,
);
const THOUSANDS = new RegExp(String.raw`(?<neg>-\s*)?(?<cur>${CURRENCY})?\s*(?<whole>\d{1,3}(?:[.,]\d{3})+)(?<neg3>\s*-)?${TRAILER}\s*$`);
const MISSING_POINT = new RegExp(String.raw`(?<cur>£|€)\s*(?<whole>\d{3,5})${TRAILER}\s*$`);

export function trailingAmount(line: string): TrailingAmount | null {
  const text = line.replace(/\s+$/, '');
  const decimal = DECIMAL.exec(text);
  if (decimal?.groups) {
    const g = decimal.groups;
    const wholeText = g['whole'] === '$' || g['whole'] === 'S' ? '5' : g['whole']!.replace(/[,.]/g, '');
    const negative = Boolean(g['neg'] ?? g['neg2'] ?? g['neg3']);
    const magnitude = Number(wholeText) * 100 + Number(g['dec']);
    if (!Number.isSafeInteger(magnitude)) return null;
    return { before: text.slice(0, decimal.index).trimEnd(), pence: minorUnits(negative ? -magnitude : magnitude), hadCurrency: Boolean(g['cur']) };
  }
  const thousands = THOUSANDS.exec(text);
  if (thousands?.groups) {
    const g = thousands.groups;
    const magnitude = Number(g['whole']!.replace(/[,.]/g, '')) * 100;
    if (!Number.isSafeInteger(magnitude)) return null;
    return { before: text.slice(0, thousands.index).trimEnd(), pence: minorUnits(g['neg'] || g['neg3'] ? -magnitude : magnitude), hadCurrency: Boolean(g['cur']) };
  }
  const missing = MISSING_POINT.exec(text);
  if (missing?.groups) return { before: text.slice(0, missing.index).trimEnd(), pence: minorUnits(Number(missing.groups['whole'])), hadCurrency: true };
  return null;
}
