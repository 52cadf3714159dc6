import { pence, sumPence, type Pence } from './money';
import type { ItemKind } from './split';

/** Kinds a reading can give a line (seed 000 §3); only item, service, vat and discount become bill items. */
export type LineKind = ItemKind | 'subtotal' | 'total';

/** One line on the Review Receipt Items screen. */
export interface ReviewLine {
  readonly id: string;
  readonly raw: string;
  readonly label: string;
  readonly pricePence: Pence | null;
  readonly kind: LineKind;
  readonly included: boolean;
}

/** Lines start included if their kind is item, service or discount (seed 000 §5). */
export function startsIncluded(kind: LineKind): boolean {
  return kind === 'item' || kind === 'service' || kind === 'discount';
}

/** A line as read; `raw` defaults to the seed's form "name £price". */
export function reviewLine(id: string, label: string, pricePence: Pence | null, kind: LineKind, raw = pricePence === null ? label : `${label} £${(pricePence / 100).toFixed(2)}`): ReviewLine {
  return { id, raw, label, pricePence, kind, included: startsIncluded(kind) };
}

/** The fixed sample receipt of seed 000 §4 and §9. */
export function sampleReceiptLines(): ReviewLine[] {
  return [
    reviewLine('sample-1', 'Margherita Pizza', pence(899), 'item'),
    reviewLine('sample-2', 'Soft Drink', pence(299), 'item'),
    reviewLine('sample-3', 'Service Charge', pence(150), 'service'),
    reviewLine('sample-4', 'VAT', pence(0), 'vat'),
  ];
}

/** Only included lines with a price go on, named by their label or else their raw text. */
export function linesToPassOn(lines: readonly ReviewLine[]): { id: string; name: string; pricePence: Pence; kind: ItemKind }[] {
  return lines.flatMap((l) =>
    l.included && l.pricePence !== null && isItemKind(l.kind) ? [{ id: l.id, name: l.label.trim() || l.raw, pricePence: l.pricePence, kind: l.kind }] : [],
  );
}

export function includedTotal(lines: readonly ReviewLine[]): Pence {
  return sumPence(linesToPassOn(lines).filter((l) => l.kind !== 'vat').map((l) => l.pricePence));
}

export type Reconciliation =
  | { readonly kind: 'no printed total' }
  | { readonly kind: 'adds up'; readonly printedTotalPence: Pence }
  | { readonly kind: 'differs'; readonly printedTotalPence: Pence; readonly differencePence: Pence; readonly suspectLineIds: readonly string[] };

/**
 * Compares the included lines with the printed total (the last 'total' line). When they differ,
 * the suspects are lines without a price, and any single line whose inclusion or exclusion alone
 * would explain the difference, so the reviewer knows where to look.
 */
export function reconcile(lines: readonly ReviewLine[]): Reconciliation {
  const printed = [...lines].reverse().find((l) => l.kind === 'total' && l.pricePence !== null);
  if (!printed || printed.pricePence === null) return { kind: 'no printed total' };
  const difference = pence(includedTotal(lines) - printed.pricePence);
  if (difference === 0) return { kind: 'adds up', printedTotalPence: printed.pricePence };
  const suspects = lines.filter((l) => {
    if (!isItemKind(l.kind) || l.kind === 'vat') return false;
    if (l.pricePence === null) return true;
    return l.included ? l.pricePence === difference : l.pricePence === -difference;
  });
  return { kind: 'differs', printedTotalPence: printed.pricePence, differencePence: difference, suspectLineIds: suspects.map((l) => l.id) };
}

function isItemKind(kind: LineKind): kind is ItemKind {
  return kind === 'item' || kind === 'service' || kind === 'vat' || kind === 'discount';
}
