import { minorUnits } from '../../domain/money';
import type { Portions } from '../../domain/portions';
import type { Bill, BillDiner } from '../../domain/bill';
import { GBP } from '../../domain/currency';
import type { ExportStamp } from '../../domain/export';
import type { BillItem } from '../../domain/receipt';
import type { ItemKind } from '../../domain/split';

/** What a bill's export is stamped with in tests. */
export const EXPORT_STAMP: ExportStamp = { receiptId: 'receipt_1700000000000_abc123', timestamp: '2026-11-22T12:00:00.000Z' };

/** Builder for a bill as read from a receipt: named diners and lines, ids given in order. */
class ReceiptBuilder {
  private readonly diners: BillDiner[] = [];
  private readonly items: BillItem[] = [];
  private tip = 0;

  withDiner(id: string, name: string): this {
    this.diners.push({ id, name });
    return this;
  }

  withItem(name: string, pricePence: number, assignedTo: string[] = [], kind: ItemKind = 'item'): this {
    this.items.push({ id: `i${this.items.length + 1}`, name, pricePence: minorUnits(pricePence), kind, assignedTo });
    return this;
  }

  withPortionedItem(name: string, pricePence: number, portions: Portions): this {
    const assignedTo = Object.keys(portions.counts);
    this.items.push({ id: `i${this.items.length + 1}`, name, pricePence: minorUnits(pricePence), kind: 'item', assignedTo, portions });
    return this;
  }

  withTip(tipPence: number): this {
    this.tip = tipPence;
    return this;
  }

  build(): Bill {
    return { currency: GBP, name: null, items: [...this.items], diners: [...this.diners], tipPence: minorUnits(this.tip), tipSplit: 'equal', tipSharers: 'allDiners', payerId: null };
  }
}

export const aReceipt = () => new ReceiptBuilder();
