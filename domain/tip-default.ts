// The tip a bill starts with, apart from the tip arithmetic (tip.ts): a new bill needs only this.
export const DEFAULT_TIP_PERCENT = 10;

/**
 * The tip a bill starts with: a printed service charge is already the tip, so
 * such a bill starts at no extra tip; any other bill at the documents' 10%.
 */
export function defaultTipPercent(hasServiceCharge: boolean): number {
  return hasServiceCharge ? 0 : DEFAULT_TIP_PERCENT;
}
