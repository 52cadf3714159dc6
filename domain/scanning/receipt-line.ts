import { sumMinorUnits, type MinorUnits } from '../money';

/** Kinds of a parsed receipt line. */
export const RECEIPT_LINE_KINDS = ['item', 'service', 'vat', 'subtotal', 'total', 'discount'] as const;
export type ReceiptLineKind = (typeof RECEIPT_LINE_KINDS)[number];

/**
 * One line read from a receipt: its text as read, a cleaned name, its price (negative for
 * discounts) and, when the receipt prints them, how many and at what each (`2 @ 7.00  14.00`),
 * so a line can be split by units.
 */
export interface ReceiptLine {
  readonly raw: string;
  readonly label: string;
  readonly pricePence: MinorUnits | null;
  readonly kind: ReceiptLineKind;
  readonly quantity?: number;
  readonly unitPricePence?: MinorUnits;
  /** Why a person should check this line, when the reader is not sure of it (receipt-doubt.ts). */
  readonly doubt?: LineDoubt;
}

/**
 * Why a line is in doubt: the reader was unsure of its name's letters or its price's figures (or
 * put the price right to fit the printed total), its price does not fit the sum to the printed
 * total, or a reader said it was unsure of the line without saying why.
 */
export const LINE_DOUBTS = ['name', 'price', 'sum', 'line'] as const;
export type LineDoubt = (typeof LINE_DOUBTS)[number];

/** A quantity worth carrying: a whole number of units from 2 to 999 (one unit says nothing). */
export function isCountedQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 2 && value <= 999;
}

/**
 * A charge printed with a count ("2 x Coperto 5.00", a cover charge per head) is so many of
 * something: an item, split by units like any other, not a charge spread over the whole bill.
 */
export function kindGivenCount(kind: ReceiptLineKind, quantity: number | undefined): ReceiptLineKind {
  return kind === 'service' && isCountedQuantity(quantity) ? 'item' : kind;
}

/** The priced part of a reading: its lines, and the printed total when one was found. */
export interface PricedLines {
  readonly lines: readonly ReceiptLine[];
  readonly totalPence: MinorUnits | null;
}

/** Who, when and in what money, each null when the receipt does not say. */
export interface ReceiptHeader {
  readonly merchant: string | null;
  /** ISO yyyy-mm-dd. */
  readonly date: string | null;
  /** ISO 4217 code. */
  readonly currency: string | null;
  /** The receipt prints no sign or code: the currency is a guess from where the shop is, to be checked. */
  readonly currencyDoubtful?: boolean;
}

export const NO_HEADER: ReceiptHeader = { merchant: null, date: null, currency: null };

/** What a reader found on a receipt. */
export interface ReceiptReading extends PricedLines, ReceiptHeader {}

/** Kinds that make up the bill: VAT is already inside UK prices, subtotals and totals are sums. */
export const BILLED_KINDS: ReadonlySet<ReceiptLineKind> = new Set(['item', 'service', 'discount']);

/** What the priced lines that pass `test` add up to (lines without a price count for nothing). */
export function pricedSum<L extends ReceiptLine>(lines: readonly L[], test: (line: L) => boolean): MinorUnits {
  return sumMinorUnits(lines.filter((l) => test(l) && l.pricePence !== null).map((l) => l.pricePence!));
}
