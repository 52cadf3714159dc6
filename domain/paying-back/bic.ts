import { err, ok, type Result } from '../result';

/** A BIC as ISO 9362 shapes it: upper case, 8 or 11 characters. */
export type Bic = string & { readonly __bic: true };

export type BicProblem = { readonly code: 'bic_shape'; readonly message: string };

// 4 letters of the bank, 2 of the country, 2 letters or digits of the location, optionally 3 of the branch.
const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export function parseBic(input: string): Result<Bic, BicProblem> {
  const bic = input.replace(/\s+/g, '').toUpperCase();
  return BIC.test(bic) ? ok(bic as Bic) : err({ code: 'bic_shape', message: 'A BIC has 8 or 11 letters and digits, such as DEUTDEFF: check the BIC' });
}
