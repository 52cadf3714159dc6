import { pence, poundsToPence, type Pence } from './money';

export type TipMode = 'percent' | 'amount';
export const TIP_QUICK_PERCENTS = [0, 5, 10, 15, 20] as const;
export const DEFAULT_TIP_PERCENT = 10;

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

/** The tip as a percentage of the subtotal to one decimal, as the share pages and texts show it (seed 001 §9); 0 for a zero subtotal. */
export function tipPercentOf(tip: Pence, subtotal: Pence): number {
  return subtotal > 0 ? Math.round((tip / subtotal) * 1000) / 10 : 0;
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
}
