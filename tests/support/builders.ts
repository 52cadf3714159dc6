import { createHash, randomUUID } from 'node:crypto';
import { parseAnonymousUserId, type AnonymousId } from '../../domain/anonymous-id';
import { pence } from '../../domain/money';
import type { Portions } from '../../domain/portions';
import type { ItemKind, SplitInput, SplitItem } from '../../domain/split';

/** Test-data builder for bills: readable setups, sensible defaults. */
class BillBuilder {
  private readonly diners: { id: string }[] = [];
  private readonly items: SplitItem[] = [];
  private tip = pence(0);
  private tipSplit: SplitInput['tipSplit'] = 'equal';

  withDiners(...ids: string[]): this {
    this.diners.push(...ids.map((id) => ({ id })));
    return this;
  }

  withItem(id: string, pricePence: number, assignedTo: string[], kind: ItemKind = 'item'): this {
    this.items.push({ id, pricePence: pence(pricePence), assignedTo, kind });
    return this;
  }

  /** A line split by units or shares: its diners are those with a count. */
  withPortionedItem(id: string, pricePence: number, portions: Portions): this {
    const assignedTo = Object.keys(portions.counts).filter((d) => portions.counts[d]! > 0);
    this.items.push({ id, pricePence: pence(pricePence), assignedTo, kind: 'item', portions });
    return this;
  }

  withTip(tipPence: number, split: SplitInput['tipSplit'] = 'equal'): this {
    this.tip = pence(tipPence);
    this.tipSplit = split;
    return this;
  }

  build(): SplitInput {
    return { diners: [...this.diners], items: [...this.items], tipPence: this.tip, tipSplit: this.tipSplit };
  }
}

export const aBill = () => new BillBuilder();

/** A device id parsed as the edge parses one (a fresh one by default). */
export function anAnonymousId(uuid: string = randomUUID()): AnonymousId {
  const parsed = parseAnonymousUserId(uuid);
  if (!parsed.ok) throw new Error(`${uuid} is not a UUID`);
  return parsed.value;
}

/** The same device id for the same name, so a test can say 'a' and 'b' and mean two devices. */
export function aNamedAnonymousId(name: string): AnonymousId {
  const hex = createHash('sha256').update(name).digest('hex');
  return anAnonymousId(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`);
}
