import { pence, poundsToPence, type Pence } from './money';
import { typedPounds } from './price-input';

export type TipMode = 'percent' | 'amount';
export const TIP_QUICK_PERCENTS = [0, 5, 10, 15, 20] as const;

/** Tip in pence from a percentage (0–100 in steps of 0.1) of the subtotal, rounded half up. */
export function tipFromPercent(subtotal: Pence, percent: number): Pence {
  const tenths = Math.round(clamp(percent, 0, 100) * 10);
  const numerator = BigInt(Math.max(subtotal, 0)) * BigInt(tenths);
  return pence(Number((numerator + 500n) / 1000n));
}

/** Tip in pence from a typed amount in pounds (at least 0). */
export function tipFromAmount(pounds: number): Pence {
  return Number.isFinite(pounds) && pounds > 0 ? poundsToPence(pounds) : pence(0);
}

/** The tip as a percentage of the subtotal to one decimal, as the share pages and texts show it; 0 for a zero subtotal. */
export function tipPercentOf(tip: Pence, subtotal: Pence): number {
  return subtotal > 0 ? Math.round((tip / subtotal) * 1000) / 10 : 0;
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
}

export const TIP_INPUT_MESSAGES = {
  percent: 'Enter a percentage from 0 to 100.',
  amount: 'Enter an amount of £0.00 or more.',
} as const;

export const MAX_TIP_PENCE = 10_000_000;

/** A typed tip percentage: a number from 0 to 100, to one decimal place; anything else is refused, never clamped. */
export function readTipPercent(text: string): { ok: true; percent: number } | { ok: false; message: string } {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) return { ok: false, message: TIP_INPUT_MESSAGES.percent };
  return { ok: true, percent: Math.round(value * 10) / 10 };
}

/** A typed tip amount in pounds: at least £0.00; anything else is refused, never turned into £0.00. */
export function readTipAmount(text: string): { ok: true; pence: Pence } | { ok: false; message: string } {
  const value = typedPounds(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value * 100 > MAX_TIP_PENCE) return { ok: false, message: TIP_INPUT_MESSAGES.amount };
  return { ok: true, pence: poundsToPence(value) };
}
