// Money is integers in the minor unit of its currency: pence for tokens, which are sold in pounds, and
// the bill's currency's unit for a bill's amounts (currency.ts formats those). The brand keeps major
// amounts (plain numbers as typed) from being passed where minor units are expected; the only ways
// in are the constructors below. Fields keep the names the documents give them (`pricePence`,
// `tipPence`, …) whatever the currency: their type says what they hold.
declare const minorUnitsBrand: unique symbol;
export type MinorUnits = number & { readonly [minorUnitsBrand]: true };

export function minorUnits(value: number): MinorUnits {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Minor units must be a safe integer, got ${value}`);
  return (Object.is(value, -0) ? 0 : value) as MinorUnits;
}

export function isMinorUnits(value: unknown): value is MinorUnits {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function sumMinorUnits(values: Iterable<MinorUnits>): MinorUnits {
  let total = 0;
  for (const value of values) total += value;
  return minorUnits(total);
}
