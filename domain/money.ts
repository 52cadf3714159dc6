// Money is integer pence everywhere. The brand keeps pounds (plain numbers) from being passed where
// pence are expected; the only ways in are the constructors below.
declare const penceBrand: unique symbol;
export type Pence = number & { readonly [penceBrand]: true };

export function pence(value: number): Pence {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Pence must be a safe integer, got ${value}`);
  return (Object.is(value, -0) ? 0 : value) as Pence;
}

export function isPence(value: unknown): value is Pence {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Pounds as typed by a person (e.g. 8.99) to pence, rounded half away from zero. */
export function poundsToPence(pounds: number): Pence {
  if (!Number.isFinite(pounds)) throw new RangeError(`Pounds must be finite, got ${pounds}`);
  // Round on the shortest decimal text of the number, so 1.005 becomes 101p as a person expects
  // rather than 100p from the binary value 1.00499…
  const text = Math.abs(pounds).toString();
  const magnitude = text.includes('e') ? Math.round(Math.abs(pounds) * 100) : roundDecimalText(text);
  return pence(pounds < 0 ? -magnitude : magnitude);
}

function roundDecimalText(text: string): number {
  const [whole = '0', frac = ''] = text.split('.');
  const digits = frac.padEnd(3, '0');
  return Number(whole) * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
}

export function sumPence(values: Iterable<Pence>): Pence {
  let total = 0;
  for (const value of values) total += value;
  return pence(total);
}

// Made on first use: building a currency formatter costs tens of milliseconds on a phone, which
// every page importing this module would otherwise pay while loading, prices shown or not.
let gbp: Intl.NumberFormat | null = null;

/** en-GB pounds with the £ symbol and two decimals: 899 → "£8.99", -150 → "-£1.50". */
export function formatGBP(amount: Pence): string {
  gbp ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return gbp.format(amount / 100);
}

/** Two-decimal pounds without a symbol, for inputs and CSV: 899 → "8.99". */
export function penceToPoundsText(amount: Pence): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
