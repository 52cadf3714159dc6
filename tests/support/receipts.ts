import { pence } from '../../domain/money';
import type { Portions } from '../../domain/portions';
import type { BillItem, Diner, Receipt } from '../../domain/receipt';
import type { ItemKind } from '../../domain/split';

/** Builder for whole receipts, with subtotal and total derived the way the app derives them. */
class ReceiptBuilder {
  private readonly diners: Diner[] = [];
  private readonly items: BillItem[] = [];
  private tip = 0;

  withDiner(id: string, name: string): this {
    this.diners.push({ id, name, color: '#000' });
    return this;
  }

  withItem(name: string, pricePence: number, assignedTo: string[] = [], kind: ItemKind = 'item'): this {
    this.items.push({ id: `i${this.items.length + 1}`, name, pricePence: pence(pricePence), kind, assignedTo });
    return this;
  }

  withPortionedItem(name: string, pricePence: number, portions: Portions): this {
    const assignedTo = Object.keys(portions.counts);
    this.items.push({ id: `i${this.items.length + 1}`, name, pricePence: pence(pricePence), kind: 'item', assignedTo, portions });
    return this;
  }

  withTip(tipPence: number): this {
    this.tip = tipPence;
    return this;
  }

  build(): Receipt {
    const subtotal = this.items.filter((i) => i.kind !== 'vat').reduce((a, i) => a + i.pricePence, 0);
    return {
      receiptId: 'receipt_1700000000000_abc123',
      items: [...this.items],
      diners: [...this.diners],
      tipPence: pence(this.tip),
      subtotalPence: pence(subtotal),
      totalPence: pence(subtotal + this.tip),
      timestamp: '2026-11-22T12:00:00.000Z',
    };
  }
}

export const aReceipt = () => new ReceiptBuilder();
