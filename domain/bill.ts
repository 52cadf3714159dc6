import type { CurrencyCode } from './currency';
import type { Pence } from './money';
import type { BillItem } from './receipt';
import { splitBill, type BillSplit, type TipSharers, type TipSplit } from './split';

/** A line's name on a link, a stored bill or a live bill, in characters. */
export const MAX_ITEM_NAME_LENGTH = 80;
// Minor units of the bill's currency (£100,000, ¥10,000,000, IDR 10,000,000): above any restaurant
// line, far below unsafe integers.
export const MAX_ITEM_PENCE = 10_000_000;

export interface BillDiner {
  readonly id: string;
  readonly name: string;
}

/**
 * The one model of a bill that every view is worked out from: the organiser's summary, a share
 * link's pages, a stored bill's diner pages, the live bill, the share messages and the CSV. Each way
 * a bill travels (a signed link, a stored bill, a live bill, the wizard's own) is read into a Bill
 * and split by `billSplit`, so every phone shows the same shares to the penny.
 */
export interface Bill {
  /** ISO 4217: every amount is in its minor unit. */
  readonly currency: CurrencyCode;
  /** "The Olive Tree · 25 Nov 2026"; null when it has none. */
  readonly name: string | null;
  readonly diners: readonly BillDiner[];
  /** Items, charges and discounts, each with its kind and, for a line split by units or shares, its portions. */
  readonly items: readonly BillItem[];
  readonly tipPence: Pence;
  readonly tipSplit: TipSplit;
  readonly tipSharers: TipSharers;
  /** The diner who paid the restaurant: owed the others' shares, never owing; null when none of them did. */
  readonly payerId: string | null;
}

/** Every diner's share of the bill, adding up exactly to its total (less anything assigned to nobody). */
export function billSplit(bill: Bill): BillSplit {
  return splitBill(bill);
}
