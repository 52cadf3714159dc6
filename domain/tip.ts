import { formatMoney, majorToMinor, type CurrencyCode } from './currency';
import { minorUnits, type MinorUnits } from './money';
import { typedMajor } from './price-input';

export type TipMode = 'percent' | 'amount';
export const TIP_QUICK_PERCENTS = [0, 5, 10, 15, 20] as const;

/** Tip in pence from a percentage (0–100 in steps of 0.1) of the subtotal, rounded half up. */
export function tipFromPercent(subtotal: MinorUnits, percent: number): MinorUnits {
  const tenths = Math.round(clamp(percent, 0, 100) * 10);
  const numerator = BigInt(Math.max(subtotal, 0)) * BigInt(tenths);
  return minorUnits(Number((numerator + 500n) / 1000n));
}

/** Tip in minor units from a typed amount in the bill's currency (at least 0). */
export function tipFromAmount(major: number, currency: CurrencyCode): MinorUnits {
  return Number.isFinite(major) && major > 0 && major < MAX_TIP_PENCE ? minorUnits(majorToMinor(major, currency)) : minorUnits(0);
}

/** The tip as a percentage of the subtotal to one decimal, as the share pages and texts show it; 0 for a zero subtotal. */
export function tipPercentOf(tip: MinorUnits, subtotal: MinorUnits): number {
  return subtotal > 0 ? Math.round((tip / subtotal) * 1000) / 10 : 0;
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
}

export const TIP_INPUT_MESSAGES = {
  percent: 'Enter a percentage from 0 to 100.',
  amount: (currency: CurrencyCode) => `Enter an amount of ${formatMoney(0, currency)} or more.`,
} as const;

const MAX_TIP_PENCE = 10_000_000;

/** A typed tip percentage: a number from 0 to 100, to one decimal place; anything else is refused, never clamped. */
export function readTipPercent(text: string): { ok: true; percent: number } | { ok: false; message: string } {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) return { ok: false, message: TIP_INPUT_MESSAGES.percent };
  return { ok: true, percent: Math.round(value * 10) / 10 };
}

/** A typed tip amount in the bill's currency: at least zero; anything else is refused, never turned into zero. */
export function readTipAmount(text: string, currency: CurrencyCode): { ok: true; pence: MinorUnits } | { ok: false; message: string } {
  const value = typedMajor(text);
  const refused = { ok: false, message: TIP_INPUT_MESSAGES.amount(currency) } as const;
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > MAX_TIP_PENCE) return refused;
  const minor = majorToMinor(value, currency);
  return minor > MAX_TIP_PENCE ? refused : { ok: true, pence: minorUnits(minor) };
}
