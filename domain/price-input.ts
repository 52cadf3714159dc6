import { poundsToPence, penceToPoundsText, type Pence } from './money';

/**
 * What a typed price on the review screen means: £, $ and commas are stripped;
 * empty, 0 or 0.00 clears the price; a negative or non-numeric value is ignored (the previous
 * price stays).
 */
export type PriceInput = { readonly kind: 'price'; readonly pricePence: Pence; readonly normalised: string } | { readonly kind: 'cleared' } | { readonly kind: 'ignored' };

const NUMBER = /^\d*\.?\d+$|^\d+\.$/;

/** A money field's text as pounds, with £, $ and commas stripped (NaN when it is no number; 0 when blank). */
export function typedPounds(text: string): number {
  return Number(stripped(text));
}

const stripped = (text: string): string => text.replace(/[£$,]/g, '').trim();

export function parsePriceInput(text: string): PriceInput {
  const cleaned = stripped(text);
  if (cleaned === '') return { kind: 'cleared' };
  if (!NUMBER.test(cleaned)) return { kind: 'ignored' };
  const pounds = Number(cleaned);
  if (!Number.isFinite(pounds) || pounds < 0) return { kind: 'ignored' };
  const pricePence = poundsToPence(pounds);
  if (pricePence === 0) return { kind: 'cleared' };
  return { kind: 'price', pricePence, normalised: penceToPoundsText(pricePence) };
}
