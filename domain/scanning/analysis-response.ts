import { isMinorUnits, minorUnits, type MinorUnits } from '../money';
import { isoDate } from './receipt-date';
import { isCountedQuantity, LINE_DOUBTS, type LineDoubt, type ReceiptHeader } from './receipt-line';
import { reviewLine, type LineKind, type ReviewLine } from './review';

const KINDS: Record<string, LineKind> = {
  item: 'item',
  service: 'service',
  vat: 'vat',
  tax: 'vat',
  discount: 'discount',
  subtotal: 'subtotal',
  total: 'total',
};

/**
 * The analysis response: a list, or an object with an items list, of entries with
 * name or label, pricePence and kind or type. Returns null when the shape is not that; an empty
 * list means the photo was unclear.
 */
export function linesFromAnalysis(response: unknown, newId: () => string): ReviewLine[] | null {
  const entries = Array.isArray(response) ? response : isRecord(response) && Array.isArray(response['items']) ? response['items'] : null;
  if (entries === null) return null;
  return entries.flatMap((entry: unknown) => {
    if (!isRecord(entry)) return [];
    const label = text(entry['name']) ?? text(entry['label']) ?? text(entry['raw']) ?? '';
    const price = entry['pricePence'];
    const kindText = (text(entry['kind']) ?? text(entry['type']) ?? 'item').toLowerCase();
    const pricePence = isMinorUnits(price) && price !== 0 ? minorUnits(price) : null;
    if (label === '' && pricePence === null) return [];
    const raw = text(entry['raw']);
    const kind = KINDS[kindText] ?? 'item';
    const line = raw === null ? reviewLine(newId(), label, pricePence, kind) : reviewLine(newId(), label, pricePence, kind, raw);
    return [{ ...line, ...unitsOf(entry), ...printedUnitsOf(entry), ...doubtOf(entry) }];
  });
}

/** Quantity and unit price, carried only when both are there and make sense together. */
function unitsOf(entry: Record<string, unknown>): { quantity?: number; unitPricePence?: MinorUnits } {
  const quantity = entry['quantity'];
  const unit = entry['unitPricePence'];
  return isCountedQuantity(quantity) && isMinorUnits(unit) && unit > 0 ? { quantity, unitPricePence: minorUnits(unit) } : {};
}

/** The units our server read at the start of the line, which the line can be split by. */
function printedUnitsOf(entry: Record<string, unknown>): { printedUnits?: number } {
  const units = entry['printedUnits'];
  return isCountedQuantity(units) ? { printedUnits: units } : {};
}

/** Why the reader doubted the line, when it did (`doubtful`, and `doubt` if it says why). */
function doubtOf(entry: Record<string, unknown>): { doubt?: LineDoubt } {
  if (entry['doubtful'] !== true) return {};
  const why = entry['doubt'];
  return { doubt: LINE_DOUBTS.find((d) => d === why) ?? 'line' };
}

/** The printed total our server found on the receipt (`totalPence` beside the items), if any. */
export function printedTotalFromAnalysis(response: unknown): MinorUnits | null {
  const total = isRecord(response) ? response['totalPence'] : null;
  return isMinorUnits(total) && total > 0 ? minorUnits(total) : null;
}

/**
 * The merchant, date and currency our server read beside the items, each null when absent or not
 * in its shape (a name of up to 200 characters, a yyyy-mm-dd day that exists, an ISO 4217 code).
 */
export function headerFromAnalysis(response: unknown): ReceiptHeader {
  if (!isRecord(response)) return { merchant: null, date: null, currency: null };
  const merchant = text(response['merchant']);
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text(response['date']) ?? '');
  const currency = text(response['currency']);
  const code = currency !== null && /^[A-Z]{3}$/.test(currency) ? currency : null;
  return {
    merchant: merchant !== null && merchant.length <= 200 ? merchant : null,
    date: date ? isoDate(Number(date[1]), Number(date[2]), Number(date[3])) : null,
    currency: code,
    ...(code !== null && response['currencyDoubtful'] === true ? { currencyDoubtful: true } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
