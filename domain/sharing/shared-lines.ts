import type { Bill } from '../bill';
import type { MinorUnits } from '../money';
import { portionLabel, portionParts, type PortionedItem } from '../portions';
import { MAX_ITEM_NAME_LENGTH } from '../bill';

export interface SharedLine {
  readonly name: string;
  readonly pricePence: MinorUnits;
  readonly assignedTo: readonly string[];
}

/**
 * The lines a share link or a stored receipt carries: a line split by units or shares goes as its
 * whole-pence parts, one per diner ("Peroni (1 of 3)"), exactly the parts billSplit charged in the
 * summary, so every page shows the organiser's figures to the penny; other lines go as they are.
 */
export function sharedLines<T extends PortionedItem & { readonly name: string }>(items: readonly T[], dinerOrder: readonly string[]): (T | (T & SharedLine))[] {
  // VAT lines never travel (they are inside the prices) and take no part in the split.
  const billed = items.filter((i) => !('kind' in i) || i.kind !== 'vat');
  const allParts = portionParts(billed, dinerOrder);
  return billed.flatMap((item, index) => {
    const parts = allParts.get(index);
    if (parts === undefined || item.portions === undefined) return [item];
    const portions = item.portions;
    return parts.map((p) => {
      const suffix = ` (${portionLabel(portions, p.count)})`;
      const name = [...item.name].slice(0, MAX_ITEM_NAME_LENGTH - suffix.length).join('') + suffix;
      return { ...item, name, pricePence: p.pricePence, assignedTo: p.dinerId === null ? [] : [p.dinerId], portions: undefined };
    });
  });
}

/** The bill as a link or a stored bill carries it: no VAT lines, each line split by units or shares as its parts. */
export function sharedBill(bill: Bill): Bill {
  const lines = sharedLines(
    bill.items,
    bill.diners.map((d) => d.id),
  );
  // A line's parts keep its id with their position, so every part has an id of its own.
  const seen = new Map<string, number>();
  const items = lines.map((line) => {
    const n = seen.get(line.id) ?? 0;
    seen.set(line.id, n + 1);
    return n === 0 ? line : { ...line, id: `${line.id}#${n}` };
  });
  return { ...bill, items };
}
