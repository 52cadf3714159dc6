import { currencyCode, currencySign, formatMoney, GBP, type CurrencyCode } from '../currency';
import { convert, convertShares, minor, parseRate } from '../conversion';
import type { MinorUnits } from '../money';
import { err, ok, type Result } from '../result';

/** The organiser of a bill in another currency is paid back in pounds, at a rate typed once for the bill. */
export interface PayBackRate {
  readonly currency: CurrencyCode;
  /** One unit of the bill's currency in `currency`, as typed ("0.86"). */
  readonly rate: string;
}

/** A rate for a bill in `billCurrency`: none for a bill already in pounds or when no rate was typed. */
export function payBackRate(billCurrency: CurrencyCode, typed: string | null | undefined): Result<PayBackRate | null, string> {
  if (typed == null || typed.trim() === '' || billCurrency === GBP) return ok(null);
  const rate = parseRate(typed, billCurrency, GBP);
  return rate.ok ? ok({ currency: GBP, rate: rate.value.text }) : err(rate.error);
}

/** A rate as stored: null when it no longer reads as one (it was checked when it was stored). */
export function storedPayBackRate(currency: string | null, rate: string | null): PayBackRate | null {
  const code = currencyCode(currency);
  return code === null || rate === null ? null : { currency: code, rate };
}

/**
 * Everyone's totals at the rate (in the order given) and the Grand Total they add up to (largest
 * remainder), in the currency of the rate; null without a rate.
 */
export function convertedTotals(
  billCurrency: CurrencyCode,
  totals: readonly MinorUnits[],
  payBack: PayBackRate | null,
): { readonly currency: CurrencyCode; readonly total: number; readonly shares: readonly number[] } | null {
  if (payBack === null) return null;
  const rate = parseRate(payBack.rate, billCurrency, payBack.currency);
  if (!rate.ok) return null;
  const converted = convertShares(
    totals.map((t) => minor(t, billCurrency)),
    rate.value,
  );
  return { currency: payBack.currency, total: converted.total, shares: converted.shares };
}

/**
 * What a diner has left to pay, at the rate: their part of the converted total while they have paid
 * nothing, else what is left converted on its own (rounded half away from zero); null without a rate.
 */
export function leftAtRate(
  stored: { readonly bill: { readonly currency: CurrencyCode }; readonly payBack: PayBackRate | null },
  share: { readonly totalPence: MinorUnits; readonly converted: { readonly currency: CurrencyCode; readonly totalPence: number } | null },
  leftPence: MinorUnits,
): { readonly currency: CurrencyCode; readonly amount: number } | null {
  const { payBack, bill } = stored;
  if (payBack === null || share.converted === null) return null;
  if (leftPence === share.totalPence) return { currency: share.converted.currency, amount: share.converted.totalPence };
  const rate = parseRate(payBack.rate, bill.currency, payBack.currency);
  return rate.ok ? { currency: payBack.currency, amount: convert(minor(leftPence, bill.currency), rate.value) } : null;
}

/** The organiser's rate as people read it: "1 EUR = £0.86". */
export function rateText(billCurrency: CurrencyCode, payBack: PayBackRate): string {
  return `1 ${billCurrency} = ${currencySign(payBack.currency)}${payBack.rate}`;
}

/**
 * An amount of the bill in its currency and, with a rate, in the currency paid back in: "€12.00
 * (£10.32)". `converted` is the amount at the rate when it was worked out with the others (a share of
 * the converted total); else the amount is converted on its own, rounded half away from zero.
 */
/** An amount beside the same in the currency it is paid back in, "€20.00 (£17.20)": the one way both are written (the amount alone without one). */
export function inBoth(own: string, other: string | null): string {
  return other === null ? own : `${own} (${other})`;
}

export function inBothCurrencies(amount: MinorUnits, billCurrency: CurrencyCode, payBack: PayBackRate | null, converted?: number | null): string {
  const own = formatMoney(amount, billCurrency);
  if (payBack === null) return own;
  if (converted !== undefined && converted !== null) return inBoth(own, formatMoney(converted, payBack.currency));
  const rate = parseRate(payBack.rate, billCurrency, payBack.currency);
  return rate.ok ? inBoth(own, formatMoney(convert(minor(amount, billCurrency), rate.value), payBack.currency)) : own;
}
