// Money is integers in the minor unit of its currency: pence for tokens, which are sold in pounds, and
// the bill's currency's unit for a bill's amounts (currency.ts formats those). The brand keeps major
// amounts (plain numbers as typed) from being passed where minor units are expected; the only ways
// in are the constructors below.
declare const penceBrand: unique symbol;
export type Pence = number & { readonly [penceBrand]: true };

export function pence(value: number): Pence {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Pence must be a safe integer, got ${value}`);
  return (Object.is(value, -0) ? 0 : value) as Pence;
}

export function isPence(value: unknown): value is Pence {
  return typeof value === 'number' && Number.isSafeInteger(value);
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
