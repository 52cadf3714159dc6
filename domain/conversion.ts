import { minorDigits, type CurrencyCode } from './currency';
import { err, ok, type Result } from './result';

// Where two currencies meet: a bill in one, paid back in another at a rate the organiser typed.
declare const minorBrand: unique symbol;
/** Minor units of the currency C: amounts of two currencies are different types and cannot be added. */
export type Minor<C extends CurrencyCode> = number & { readonly [minorBrand]: C };

export function minor<C extends CurrencyCode>(value: number, _currency: C): Minor<C> {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Minor units must be a safe integer, got ${value}`);
  return value as Minor<C>;
}

export function sumMinor<C extends CurrencyCode>(values: readonly Minor<C>[], currency: C): Minor<C> {
  return minor(
    values.reduce((a, b) => a + b, 0),
    currency,
  );
}

/** One major unit of `from` is worth `text` major units of `to` (as typed: "0.86"), held exactly as a fraction. */
export interface Rate<From extends CurrencyCode, To extends CurrencyCode> {
  readonly from: From;
  readonly to: To;
  readonly text: string;
  readonly num: bigint;
  readonly den: bigint;
}

export const RATE_MESSAGE = 'Enter the rate as a number greater than 0, such as 0.86.';
const RATE_TEXT = /^(\d{1,7})(?:\.(\d{1,8}))?$/;

/** A rate as the organiser types it: a positive decimal, up to 8 decimals; anything else is refused. */
export function parseRate<From extends CurrencyCode, To extends CurrencyCode>(text: string, from: From, to: To): Result<Rate<From, To>, string> {
  const found = RATE_TEXT.exec(text.trim().replace(/,/g, ''));
  if (found === null) return err(RATE_MESSAGE);
  const [, whole = '0', decimals = ''] = found;
  const num = BigInt(whole + decimals);
  if (num === 0n) return err(RATE_MESSAGE);
  const den = 10n ** BigInt(decimals.length);
  return ok({ from, to, text: `${BigInt(whole)}${decimals === '' ? '' : `.${decimals}`}`, num, den });
}

/** The exact value of an amount at the rate, in `to`'s minor units, as a fraction n / d (d > 0). */
function exact<From extends CurrencyCode, To extends CurrencyCode>(amount: Minor<From>, rate: Rate<From, To>): { n: bigint; d: bigint } {
  const shift = minorDigits(rate.to) - minorDigits(rate.from);
  const n = BigInt(amount) * rate.num * (shift > 0 ? 10n ** BigInt(shift) : 1n);
  const d = rate.den * (shift < 0 ? 10n ** BigInt(-shift) : 1n);
  return { n, d };
}

const floorDiv = (n: bigint, d: bigint): bigint => (n >= 0n ? n / d : -((-n + d - 1n) / d));

/** An amount converted on its own, rounded half away from zero. */
export function convert<From extends CurrencyCode, To extends CurrencyCode>(amount: Minor<From>, rate: Rate<From, To>): Minor<To> {
  const { n, d } = exact(amount, rate);
  const magnitude = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return minor(Number(n < 0n ? -magnitude : magnitude), rate.to);
}

/**
 * Everyone's shares converted so that they add up to the converted total: the total rounded half away
 * from zero, each share rounded down, and the units left over given to the largest remainders (ties:
 * the earlier share), so no share moves by a unit or more from its exact value.
 */
export function convertShares<From extends CurrencyCode, To extends CurrencyCode>(
  shares: readonly Minor<From>[],
  rate: Rate<From, To>,
): { readonly total: Minor<To>; readonly shares: readonly Minor<To>[] } {
  const total = convert(sumMinor(shares, rate.from), rate);
  const exacts = shares.map((s) => exact(s, rate));
  const floors = exacts.map(({ n, d }) => floorDiv(n, d));
  // Remainders as fractions of one unit over a common denominator: every share's d is the same.
  const remainders = exacts.map(({ n, d }, k) => n - floors[k]! * d);
  let left = BigInt(total) - floors.reduce((a, b) => a + b, 0n);
  const order = remainders.map((r, k) => ({ r, k })).sort((a, b) => (a.r === b.r ? a.k - b.k : a.r > b.r ? -1 : 1));
  const extra = new Set<number>();
  for (const { k } of order) {
    if (left <= 0n) break;
    extra.add(k);
    left -= 1n;
  }
  return { total, shares: floors.map((f, k) => minor(Number(f) + (extra.has(k) ? 1 : 0), rate.to)) };
}
