/** Exact non-float rational arithmetic for rounding decisions; denominators stay positive. */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

export const ZERO_FRACTION: Fraction = { num: 0n, den: 1n };

export function fraction(num: bigint, den: bigint): Fraction {
  if (den === 0n) throw new RangeError('zero denominator');
  const sign = den < 0n ? -1n : 1n;
  const g = gcd(num < 0n ? -num : num, den < 0n ? -den : den) || 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

export function addFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function subtractFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function compareFractions(a: Fraction, b: Fraction): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left === right ? 0 : left < right ? -1 : 1;
}

/** Smallest integer ≥ the fraction. */
export function ceilFraction(a: Fraction): bigint {
  const q = a.num / a.den;
  return a.num % a.den !== 0n && a.num > 0n ? q + 1n : q;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Largest integer ≤ the fraction. */
export function floorFraction(a: Fraction): bigint {
  const q = a.num / a.den;
  return a.num % a.den !== 0n && a.num < 0n ? q - 1n : q;
}
