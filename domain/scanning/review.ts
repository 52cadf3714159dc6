import { minorUnits, type MinorUnits } from '../money';
import { GBP, minorToMajorText, rescaleMinor, type CurrencyCode } from '../currency';
import { parsePriceInput, type PriceInput } from '../price-input';
import { BILLED_KINDS, type ReceiptLine, type ReceiptLineKind } from './receipt-line';
import { reconcile, type Reconciliation } from './receipt-reconcile';
import { err, ok, type Result } from '../result';
import type { ItemKind } from '../split';

/** Kinds a reading can give a line; only item, service, vat and discount become bill items. */
export type LineKind = ReceiptLineKind;

/** One line on the Review Receipt Items screen: a line as read, with an id and whether it is kept. */
export interface ReviewLine extends ReceiptLine {
  readonly id: string;
  readonly included: boolean;
  /** How many units the line was printed with ("3 x Peroni", "2XCOPERTO"), as the server read it, whatever each costs. */
  readonly printedUnits?: number;
}

/** Lines start included if their kind is item, service or discount. */
function startsIncluded(kind: LineKind): boolean {
  return kind === 'item' || kind === 'service' || kind === 'discount';
}

/** A line as read; `raw` defaults to the seed's form "name £price". */
export function reviewLine(id: string, label: string, pricePence: MinorUnits | null, kind: LineKind, raw = pricePence === null ? label : `${label} £${(pricePence / 100).toFixed(2)}`): ReviewLine {
  return { id, raw, label, pricePence, kind, included: startsIncluded(kind) };
}

/** The specification's fixed sample receipt. */
export function sampleReceiptLines(): ReviewLine[] {
  return [
    reviewLine('sample-1', 'Margherita Pizza', minorUnits(899), 'item'),
    reviewLine('sample-2', 'Soft Drink', minorUnits(299), 'item'),
    reviewLine('sample-3', 'Service Charge', minorUnits(150), 'service'),
    reviewLine('sample-4', 'VAT', minorUnits(0), 'vat'),
  ];
}

/**
 * The lines and printed total with their amounts in a currency of other minor units (digits after
 * the point): a reading, which is in hundredths, as whole yen; or the review after its currency changed.
 */
export function rescaleReview(lines: readonly ReviewLine[], totalPence: MinorUnits | null, from: 0 | 2 | 3, to: 0 | 2 | 3): { lines: ReviewLine[]; totalPence: MinorUnits | null } {
  const scale = (amount: MinorUnits) => minorUnits(rescaleMinor(amount, from, to));
  return {
    lines: lines.map((l) => ({
      ...l,
      pricePence: l.pricePence === null ? null : scale(l.pricePence),
      ...(l.unitPricePence === undefined ? {} : { unitPricePence: scale(l.unitPricePence) }),
    })),
    totalPence: totalPence === null ? null : scale(totalPence),
  };
}

/** Why a ticked line does not go on to Assign: nothing is left out without the line saying so. */
export type LineHeldBack = 'no price' | 'negative' | 'not a bill line';

/** What a held-back line says on Review, under its price. */
export const HELD_BACK_MESSAGES: Readonly<Record<LineHeldBack, string>> = {
  'no price': 'No price (0.00): this line does not go on to Assign. Type its price, or untick it.',
  negative: 'A negative price: only a discount line takes money off. Type the price without the minus, or untick it.',
  'not a bill line': 'A subtotal or total is not a line of the bill: it does not go on to Assign. Untick it.',
};

/**
 * Why a ticked line will not go on to Assign, or null when it will (an unticked line is simply left
 * out): a line needs a price other than 0.00, an item or charge a positive one, and a subtotal or
 * total is never a line of the bill.
 */
export function heldBack(line: ReviewLine): LineHeldBack | null {
  if (!line.included) return null;
  if (!isItemKind(line.kind)) return 'not a bill line';
  if (line.pricePence === null || line.pricePence === 0) return 'no price';
  if (line.pricePence < 0 && (line.kind === 'item' || line.kind === 'service')) return 'negative';
  return null;
}

/** The included lines that go on (none held back), named by their label or else their raw text. */
export function linesToPassOn(lines: readonly ReviewLine[]): { id: string; name: string; pricePence: MinorUnits; kind: ItemKind }[] {
  return lines.flatMap((l) =>
    l.included && heldBack(l) === null && l.pricePence !== null && isItemKind(l.kind) ? [{ id: l.id, name: l.label.trim() || l.raw, pricePence: l.pricePence, kind: l.kind }] : [],
  );
}

/**
 * A price typed on a Review line: as everywhere (price-input.ts), except that a minus is kept, so
 * the line can say why it will not go on rather than quietly keep its old price.
 */
export function typedReviewPrice(text: string, currency: CurrencyCode): PriceInput {
  const negative = /^\s*-/.test(text);
  const typed = parsePriceInput(negative ? text.replace('-', '') : text, currency);
  return negative && typed.kind === 'price' ? { ...typed, pricePence: minorUnits(-typed.pricePence), normalised: `-${typed.normalised}` } : typed;
}

/**
 * The review screen's check against the printed total: the same reconciliation the server ran
 * (receipt-reconcile), re-run on the lines as the person has them now (inclusion, corrected prices),
 * counting only the lines that go on to Assign.
 */
export function reviewReconciliation(lines: readonly ReviewLine[], printedTotalPence: MinorUnits | null): Reconciliation {
  // A negative item does not go on, so it is not counted either (a line without a price adds nothing, and is flagged).
  return reconcile(lines, printedTotalPence, (l) => l.included && BILLED_KINDS.has(l.kind) && heldBack(l) !== 'negative');
}

/** What the included lines fall short of the printed total by (what a missed line may cost); null when they do not. */
export function shortfallPence(reconciliation: Reconciliation): MinorUnits | null {
  const difference = reconciliation.differencePence;
  return difference !== null && difference < 0 ? minorUnits(-difference) : null;
}

export type MissedLineProblem = 'name needed' | 'price needed';

/** A line the reader missed, typed on Review: an item with a name and a price above £0.00, included. */
export function missedLine(id: string, rawName: string, priceText: string, currency: CurrencyCode): Result<ReviewLine, MissedLineProblem> {
  const name = rawName.trim();
  if (name === '') return err('name needed');
  const price = parsePriceInput(priceText, currency);
  if (price.kind !== 'price') return err('price needed');
  // Its raw text as a receipt would print it: "name £price" for pounds, the plain amount otherwise.
  return ok(currency === GBP ? reviewLine(id, name, price.pricePence, 'item') : reviewLine(id, name, price.pricePence, 'item', `${name} ${minorToMajorText(price.pricePence, currency)}`));
}

/** Ids of the lines the reconciliation asks the person to check. */
export function suspectLineIds(lines: readonly ReviewLine[], reconciliation: Reconciliation): string[] {
  return reconciliation.suspectLines.map((i) => lines[i]!.id);
}

function isItemKind(kind: LineKind): kind is ItemKind {
  return kind === 'item' || kind === 'service' || kind === 'vat' || kind === 'discount';
}

/**
 * Back from Assign to Review: the lines as read, brought up to date with the bill as it is now
 * (names and prices edited since, items removed unticked), then the items added since.
 */
export function reviewLinesForBill(read: readonly ReviewLine[], items: readonly { id: string; name: string; pricePence: MinorUnits; kind: ItemKind }[]): ReviewLine[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const lines = read.map((line) => {
    const item = byId.get(line.id);
    return item ? { ...line, label: item.name, pricePence: item.pricePence, kind: item.kind, included: true } : { ...line, included: false };
  });
  const known = new Set(read.map((l) => l.id));
  return [...lines, ...items.filter((i) => !known.has(i.id)).map((i) => ({ ...reviewLine(i.id, i.name, i.pricePence, i.kind), included: true }))];
}

/** Items continuing from Review keep what the bill already knew about them (who had them, how they are split). */
export function keepAssignments<T extends { id: string }, K extends { id: string }>(next: readonly T[], previous: readonly K[], fresh: (item: T) => K): K[] {
  const before = new Map(previous.map((i) => [i.id, i]));
  return next.map((item) => {
    const kept = before.get(item.id);
    return kept ? { ...kept, ...item } : fresh(item);
  });
}
