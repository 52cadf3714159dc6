import type { Fraction } from './fraction';
import { sumMinorUnits, type MinorUnits } from './money';
import type { Portions } from './portions';

// The words of a split (kinds of line, how the tip is shared, each diner's share). The split itself
// is `billSplit` in bill.ts: it takes the one Bill, so every view is worked out from the same shape.

export type ItemKind = 'item' | 'service' | 'vat' | 'discount';

/** How the tip is shared: 'equal' (the documents' rule, the default) or in proportion to each diner's items. */
export const TIP_SPLITS = ['equal', 'proportional'] as const;
export type TipSplit = (typeof TIP_SPLITS)[number];
/** The choice's wording, the same in the wizard and on every share page. */
export const TIP_SPLIT_LABELS: Readonly<Record<TipSplit, string>> = { equal: 'Equally', proportional: 'By what each had' };

/** A line as a subtotal or the tip setting reads it: a bill's item (BillItem) is one. */
export interface SplitItem {
  readonly id: string;
  readonly pricePence: MinorUnits;
  readonly kind: ItemKind;
  readonly assignedTo: readonly string[];
  /** Split by units or uneven shares; equal between assignedTo when absent. */
  readonly portions?: Portions | undefined;
}

/** Who shares the tip: every diner (the app's summary) or only diners with items (the documents' rule for receipts stored through the API). */
export type TipSharers = 'allDiners' | 'dinersWithItems';

export interface ItemShare {
  readonly itemId: string;
  readonly sharePence: MinorUnits;
  /** How many diners the line is divided between. */
  readonly sharedWith: number;
}

export interface DinerShare {
  readonly dinerId: string;
  readonly lines: readonly ItemShare[];
  readonly itemsPence: MinorUnits;
  readonly servicePence: MinorUnits;
  readonly discountPence: MinorUnits;
  readonly tipPence: MinorUnits;
  readonly totalPence: MinorUnits;
  /** Whole pence this diner pays above their exact share so that the shares add up (0 for most). */
  readonly roundingPence: number;
  /** The diner's exact share in fractions of a penny, before any whole-pence rounding (see roundingNote). */
  readonly exactPence: Fraction;
}

export interface BillSplit {
  readonly subtotalPence: MinorUnits;
  readonly tipPence: MinorUnits;
  readonly totalPence: MinorUnits;
  readonly shares: readonly DinerShare[];
  /** Items (kind 'item') assigned to nobody: counted for nobody and flagged 'Not assigned'. */
  readonly unassignedItemIds: readonly string[];
  readonly unassignedPence: MinorUnits;
}

/** Items, service charges and discounts added up; VAT lines are already in the prices. */
export function subtotalOf(items: readonly SplitItem[]): MinorUnits {
  return sumMinorUnits(items.filter(isBillable).map((i) => i.pricePence));
}

/** A line that counts toward the bill: every kind but VAT, which is already in the prices. */
export function isBillable<T extends { readonly kind: ItemKind }>(item: T): item is T & { readonly kind: Exclude<ItemKind, 'vat'> } {
  return item.kind !== 'vat';
}
