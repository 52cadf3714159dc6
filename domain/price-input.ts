import { isLinePrice, MAX_ITEM_PENCE } from './bill';
import { formatMoney, majorToMinor, minorToMajorText, type CurrencyCode } from './currency';
import { err, ok, type Result } from './result';
import { minorUnits, type MinorUnits } from './money';

/**
 * What a typed price on the review screen means: currency signs and commas are stripped;
 * empty or zero clears the price; a negative or non-numeric value is ignored (the previous
 * price stays). Amounts are in the bill's currency, rounded to its minor unit.
 */
export type PriceInput = { readonly kind: 'price'; readonly pricePence: MinorUnits; readonly normalised: string } | { readonly kind: 'cleared' } | { readonly kind: 'ignored' };

const NUMBER = /^\d*\.?\d+$|^\d+\.$/;

/** A money field's text as a major amount, with currency signs and commas stripped (NaN when it is no number; 0 when blank). */
export function typedMajor(text: string): number {
  return Number(stripped(text));
}

const stripped = (text: string): string => text.replace(/[£$€¥,]/g, '').trim();

/** A typed major amount in the currency's minor units. */
export function typedMinor(amount: number, currency: CurrencyCode): MinorUnits {
  return minorUnits(majorToMinor(amount, currency));
}

/** Why a typed price will not go on a line: nothing above 0 in the currency's unit, or more than any line may be. */
export type ItemPriceProblem = 'price needed' | 'price too high';

/**
 * A food line's price as typed on Assign or in manual entry, in the currency's minor units, or why
 * not: blank, no number or not above 0 in the currency's unit; or more than a line may be
 * (MAX_ITEM_PENCE), as every endpoint that takes a bill judges it.
 */
export function typedItemPrice(text: string, currency: CurrencyCode): Result<MinorUnits, ItemPriceProblem> {
  const major = typedMajor(text);
  if (!Number.isFinite(major) || major <= 0) return err('price needed');
  // Over MAX_ITEM_PENCE whole units is beyond any line in every currency, and may be too big to convert.
  if (major > MAX_ITEM_PENCE) return err('price too high');
  const minor = typedMinor(major, currency);
  if (minor <= 0) return err('price needed');
  return isLinePrice(minor) ? ok(minor) : err('price too high');
}

/** What every form says of a price beyond any line. */
export function priceTooHighText(currency: CurrencyCode): string {
  return `Enter a price of at most ${formatMoney(MAX_ITEM_PENCE, currency)}.`;
}

/**
 * A live bill's line price as the organiser typed it, in the currency's minor units, for the server to
 * judge: NaN when the text is no number or over MAX_ITEM_PENCE whole units (beyond any line, so never
 * converted); the server refuses NaN, as it does any price out of range, with its own words.
 */
export function typedLinePrice(text: string, currency: CurrencyCode): number {
  const major = typedMajor(text);
  return Number.isFinite(major) && Math.abs(major) <= MAX_ITEM_PENCE ? typedMinor(major, currency) : NaN;
}

export function parsePriceInput(text: string, currency: CurrencyCode): PriceInput {
  const cleaned = stripped(text);
  if (cleaned === '') return { kind: 'cleared' };
  if (!NUMBER.test(cleaned)) return { kind: 'ignored' };
  const major = Number(cleaned);
  if (!Number.isFinite(major) || major < 0 || !Number.isSafeInteger(Math.round(major * 1000))) return { kind: 'ignored' };
  const pricePence = typedMinor(major, currency);
  if (pricePence === 0) return { kind: 'cleared' };
  return { kind: 'price', pricePence, normalised: minorToMajorText(pricePence, currency) };
}

/** The text a line's price is edited as: its size, since a corrected price keeps the line's sign (keepingSign). */
export function priceEditText(pricePence: MinorUnits, currency: CurrencyCode): string {
  return minorToMajorText(Math.abs(pricePence), currency);
}

/** A corrected price keeps the line's sign: a discount stays a discount whatever the person typed. */
export function keepingSign(previous: MinorUnits, typed: MinorUnits): MinorUnits {
  return minorUnits(previous < 0 ? -Math.abs(typed) : typed);
}
