// A bill's currency (ISO 4217) and its amounts: integers in the currency's minor unit (pence, cents,
// whole yen, thousandths of a dinar), formatted as en-GB formats them.
declare const currencyBrand: unique symbol;
export type CurrencyCode = string & { readonly [currencyBrand]: true };

/** Bills start in pounds, and a bill stored or linked before currencies existed is in pounds. */
export const GBP = 'GBP' as CurrencyCode;
/** The currencies a payment code of their own carries (domain/paying-back/pay-ways.ts). */
export const EUR = 'EUR' as CurrencyCode;
export const CZK = 'CZK' as CurrencyCode;
export const INR = 'INR' as CurrencyCode;

// Minor units where they are not two, as en-GB's Intl shows each currency (ISO 4217's, except
// that IDR and IQD are written and paid in whole units). A fixed table rather than Intl's at run
// time, so a browser and the server on other ICU versions never disagree by a factor of 100.
const NO_MINOR_UNIT = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'IDR', 'IQD', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THOUSANDTHS = new Set(['BHD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** Digits after the point in the currency's major unit: 0, 2 or 3. */
export function minorDigits(currency: CurrencyCode): 0 | 2 | 3 {
  return NO_MINOR_UNIT.has(currency) ? 0 : THOUSANDTHS.has(currency) ? 3 : 2;
}

let known: ReadonlySet<string> | null = null;

/** A code the browser and server can format (Intl's list), or null for anything else. */
export function currencyCode(value: unknown): CurrencyCode | null {
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) return null;
  // Browsers before Intl.supportedValuesOf (Safari 15.3) format any well-formed code: the common ones are taken.
  known ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [...NO_MINOR_UNIT, ...THOUSANDTHS, ...COMMON_CURRENCIES]);
  return known.has(value) ? (value as CurrencyCode) : null;
}

/** The short list the pickers offer after the bill's recent currencies. */
export const COMMON_CURRENCIES = ['GBP', 'EUR', 'USD', 'JPY', 'CHF', 'AUD', 'CAD', 'SEK', 'DKK', 'NOK', 'PLN', 'CZK', 'TRY', 'AED', 'THB', 'IDR', 'KRW', 'INR', 'KWD'] as CurrencyCode[];

/** Recent currencies first (most recent first), then the common ones, each once. */
export function currencyChoices(recent: readonly CurrencyCode[]): CurrencyCode[] {
  return [...new Set([...recent, ...COMMON_CURRENCIES])];
}

// Made on first use, one per currency: building a formatter costs tens of milliseconds on a phone.
const formatters = new Map<string, Intl.NumberFormat>();

/** en-GB money: 899 GBP → "£8.99", 1250 EUR → "€12.50", 1200 JPY → "JP¥1,200", 1250 KWD → "KWD 1.250". */
export function formatMoney(amount: number, currency: CurrencyCode): string {
  const digits = minorDigits(currency);
  let format = formatters.get(currency);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(currency, format);
  }
  return format.format(amount / 10 ** digits);
}

/** The currency's sign as en-GB shows it beside an amount: "£", "€", "JP¥", "IDR". */
export function currencySign(currency: CurrencyCode): string {
  return formatMoney(0, currency)
    .replace(/[\d.,\s]/g, '')
    .trim();
}

/** Minor units as the major amount without a sign, for inputs and CSV: 899 → "8.99", 1200 JPY → "1200", 1250 KWD → "1.250". */
export function minorToMajorText(amount: number, currency: CurrencyCode): string {
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (digits === 0) return `${sign}${abs}`;
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

/** A major amount as typed (8.99, 1200) to minor units, rounded half away from zero on its decimal text. */
export function majorToMinor(major: number, currency: CurrencyCode): number {
  if (!Number.isFinite(major)) throw new RangeError(`An amount must be finite, got ${major}`);
  const digits = minorDigits(currency);
  const text = Math.abs(major).toString();
  // Rounding the shortest decimal text, so 1.005 becomes 101p as a person expects rather than 100p
  // from the binary value 1.00499…
  const magnitude = text.includes('e') ? Math.round(Math.abs(major) * 10 ** digits) : roundDecimalText(text, digits);
  if (!Number.isSafeInteger(magnitude)) throw new RangeError(`An amount must be a safe integer of minor units, got ${major}`);
  return major < 0 && magnitude !== 0 ? -magnitude : magnitude;
}

function roundDecimalText(text: string, digits: number): number {
  const [whole = '0', frac = ''] = text.split('.');
  const padded = frac.padEnd(digits + 1, '0');
  return Number(whole) * 10 ** digits + Number(padded.slice(0, digits) || '0') + (Number(padded[digits]) >= 5 ? 1 : 0);
}

/**
 * The same major amount in another currency's minor units: a reading's hundredths as whole yen
 * (rounded half away from zero), or pence typed before the bill's currency was changed.
 */
export function rescaleMinor(amount: number, from: 0 | 2 | 3, to: 0 | 2 | 3): number {
  if (from === to) return amount;
  if (to > from) return amount * 10 ** (to - from);
  const unit = 10 ** (from - to);
  const magnitude = Math.floor((Math.abs(amount) + unit / 2) / unit);
  return amount < 0 && magnitude !== 0 ? -magnitude : magnitude;
}
