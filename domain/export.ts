import { GBP, minorToMajorText } from './currency';
import type { Pence } from './money';
import type { Receipt } from './receipt';
import { err, ok, type Result } from './result';
import { billSplit, type Bill } from './bill';

export interface ExportFile {
  readonly content: string;
  readonly mimeType: string;
  readonly extension: 'csv' | 'json';
}

/** Exports a bill as csv or json; any other format is refused with the documents' message. */
export function exportReceipt(receipt: Receipt, format: string): Result<ExportFile, string> {
  if (format === 'csv') return ok({ content: toCsv(receipt), mimeType: 'text/csv;charset=utf-8', extension: 'csv' });
  if (format === 'json') return ok({ content: toJson(receipt), mimeType: 'application/json', extension: 'json' });
  return err(`Unsupported export format: ${format}`);
}

/** The bill a processed receipt holds, as the summary split it. */
function billOfReceipt(receipt: Receipt): Bill {
  return {
    currency: receipt.currency ?? GBP,
    name: null,
    diners: receipt.diners,
    items: receipt.items,
    tipPence: receipt.tipPence,
    tipSplit: receipt.tipSplit ?? 'equal',
    tipSharers: 'allDiners',
    payerId: null,
  };
}

function toCsv(receipt: Receipt): string {
  const currency = receipt.currency ?? GBP;
  const amount = (value: Pence) => minorToMajorText(value, currency);
  const names = new Map(receipt.diners.map((d) => [d.id, d.name]));
  // The Share Amount is what each diner pays for the line in the summary's split, so the pennies add up.
  const split = billSplit(billOfReceipt(receipt));
  const shares = new Map<string, { name: string; sharePence: Pence }[]>();
  for (const share of split.shares) for (const line of share.lines) shares.set(line.itemId, [...(shares.get(line.itemId) ?? []), { name: names.get(share.dinerId)!, sharePence: line.sharePence }]);
  // A bill in pounds keeps the documents' columns; any other names its currency in the amounts' headings.
  const unit = currency === GBP ? '' : ` (${currency})`;
  const rows: string[][] = [['Item', `Price${unit}`, 'Assigned To', `Share Amount${unit}`]];
  for (const item of receipt.items) {
    const lineShares = item.kind === 'vat' ? [] : (shares.get(item.id) ?? []);
    const assigned = lineShares.length > 0 ? lineShares.map((s) => s.name).join(', ') : 'Unassigned';
    rows.push([item.name, amount(item.pricePence), assigned, lineShares.map((s) => amount(s.sharePence)).join(', ')]);
  }
  rows.push(['Subtotal', amount(receipt.subtotalPence), '', '']);
  rows.push(['Tip', amount(receipt.tipPence), '', '']);
  rows.push(['Total', amount(receipt.totalPence), '', '']);
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function toJson(receipt: Receipt): string {
  const split = billSplit(billOfReceipt(receipt));
  const names = new Map(receipt.diners.map((d) => [d.id, d.name]));
  return JSON.stringify(
    {
      receiptId: receipt.receiptId,
      timestamp: receipt.timestamp,
      currency: receipt.currency ?? GBP,
      items: receipt.items.map((i) => ({ name: i.name, pricePence: i.pricePence, kind: i.kind, assignedTo: i.assignedTo.flatMap((id) => names.get(id) ?? []) })),
      diners: split.shares.map((s) => ({ name: names.get(s.dinerId), itemsPence: s.itemsPence + s.servicePence + s.discountPence, tipPence: s.tipPence, totalPence: s.totalPence })),
      subtotalPence: receipt.subtotalPence,
      tipPence: receipt.tipPence,
      totalPence: receipt.totalPence,
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
