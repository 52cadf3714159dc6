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
