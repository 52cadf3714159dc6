import { GBP, minorToMajorText } from './currency';
import type { MinorUnits } from './money';
import { err, ok, type Result } from './result';
import { billSplit, type Bill } from './bill';

export interface ExportFile {
  readonly content: string;
  readonly mimeType: string;
  readonly extension: 'csv' | 'json';
}

/** The export's own fields of the documents: the bill's receipt id and when the Summary was reached. */
export interface ExportStamp {
  readonly receiptId: string;
  readonly timestamp: string;
}

/** Exports a bill as csv or json; any other format is refused with the documents' message. */
export function exportBill(bill: Bill, stamp: ExportStamp, format: string): Result<ExportFile, string> {
  if (format === 'csv') return ok({ content: toCsv(bill), mimeType: 'text/csv;charset=utf-8', extension: 'csv' });
  if (format === 'json') return ok({ content: toJson(bill, stamp), mimeType: 'application/json', extension: 'json' });
  return err(`Unsupported export format: ${format}`);
}

function toCsv(bill: Bill): string {
  const currency = bill.currency;
  const amount = (value: MinorUnits) => minorToMajorText(value, currency);
  const names = new Map(bill.diners.map((d) => [d.id, d.name]));
  // The Share Amount is what each diner pays for the line in the summary's split, so the pennies add up.
  const split = billSplit(bill);
  const shares = new Map<string, { name: string; sharePence: MinorUnits }[]>();
  for (const share of split.shares) for (const line of share.lines) shares.set(line.itemId, [...(shares.get(line.itemId) ?? []), { name: names.get(share.dinerId)!, sharePence: line.sharePence }]);
  // A bill in pounds keeps the documents' columns; any other names its currency in the amounts' headings.
  const unit = currency === GBP ? '' : ` (${currency})`;
  const rows: string[][] = [['Item', `Price${unit}`, 'Assigned To', `Share Amount${unit}`]];
  for (const item of bill.items) {
    const lineShares = item.kind === 'vat' ? [] : (shares.get(item.id) ?? []);
    const assigned = lineShares.length > 0 ? lineShares.map((s) => s.name).join(', ') : 'Unassigned';
    rows.push([item.name, amount(item.pricePence), assigned, lineShares.map((s) => amount(s.sharePence)).join(', ')]);
  }
  rows.push(['Subtotal', amount(split.subtotalPence), '', '']);
  rows.push(['Tip', amount(split.tipPence), '', '']);
  rows.push(['Total', amount(split.totalPence), '', '']);
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function toJson(bill: Bill, stamp: ExportStamp): string {
  const split = billSplit(bill);
  const names = new Map(bill.diners.map((d) => [d.id, d.name]));
  return JSON.stringify(
    {
      receiptId: stamp.receiptId,
      timestamp: stamp.timestamp,
      currency: bill.currency,
      items: bill.items.map((i) => ({ name: i.name, pricePence: i.pricePence, kind: i.kind, assignedTo: i.assignedTo.flatMap((id) => names.get(id) ?? []) })),
      diners: split.shares.map((s) => ({ name: names.get(s.dinerId), itemsPence: s.itemsPence + s.servicePence + s.discountPence, tipPence: s.tipPence, totalPence: s.totalPence })),
      subtotalPence: split.subtotalPence,
      tipPence: split.tipPence,
      totalPence: split.totalPence,
    },
    null,
    2,
  );
}

// Quotes when needed, and defuses text a spreadsheet would run as a formula (names come from OCR).
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
