import { printedQuantity } from '../../../domain/portions';
import { lineDoubts } from '../../../domain/scanning/receipt-doubt';
import type { ReceiptLine } from '../../../domain/scanning/receipt-line';
import { reconcile } from '../../../domain/scanning/receipt-reconcile';
import { FREE_SCANS_FROM_ADDRESS_USED_MESSAGE, SCANNING_PAUSED_MESSAGE } from '../../../domain/scanning/scan-budgets';
import type { Analysis, ScanFailure } from '../../application/scanning/analyze-receipt';
import { readReceipt, type ScanRefusalCode } from '../../contracts/scanning';
import { answerWith } from './answer';
import { jsonFailure, retryAfter } from './json';

// The documents' texts, word for word.
export const MESSAGES = {
  allowanceUsed: 'All free bills used this month. Buy tokens to continue scanning receipts.',
  failed: 'Failed to analyze receipt. Please try again.',
  timedOut: 'Request timed out. Please check your internet connection and try again.',
  unclear: 'Please take a clearer photo of the receipt. The image appears to be blurry or unclear.',
} as const;

// Our own texts, where the documents have none.
export const UPLOAD_MESSAGES = {
  notBase64: 'The image must be base64 text (without a data: prefix).',
  notAnImage: 'Please upload a photo of the receipt as a JPEG, PNG or WebP image.',
  tooLarge: (maxBytes: number) => `The photo is too large. Please upload one under ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
  tooManyPixels: 'The photo has too many pixels. Please upload a smaller photo of the receipt.',
  noDevice: 'Missing anonymousUserId.',
  tooMany: 'Too many receipts scanned in a short time. Please wait a moment and try again.',
  busy: 'The receipt reader is busy. Please try again in a moment.',
} as const;

/** A refusal with one of the contract's codes: the scanner branches on it. */
export function scanRefusal(code: ScanRefusalCode, message: string, status: number, headers: Record<string, string> = {}): Response {
  return jsonFailure(code, message, status, headers);
}

/** A refused or failed scan: its status and the documents' text, with the code the scanner branches on. */
export function scanFailureResponse(failure: ScanFailure): Response {
  switch (failure.code) {
    case 'too_many_scans':
      return scanRefusal(failure.code, UPLOAD_MESSAGES.tooMany, 429, retryAfter(failure));
    case 'reader_busy':
      return scanRefusal(failure.code, UPLOAD_MESSAGES.busy, 429, retryAfter(failure));
    case 'free_scans_used':
      return scanRefusal(failure.code, FREE_SCANS_FROM_ADDRESS_USED_MESSAGE, 429, retryAfter(failure));
    case 'scanning_paused':
      return scanRefusal(failure.code, SCANNING_PAUSED_MESSAGE, 503, retryAfter(failure));
    case 'image_too_large':
      return scanRefusal(failure.code, UPLOAD_MESSAGES.tooLarge(failure.maxBytes), 413);
    case 'too_many_pixels':
      return scanRefusal(failure.code, UPLOAD_MESSAGES.tooManyPixels, 413);
    case 'not_an_image':
      return scanRefusal(failure.code, UPLOAD_MESSAGES.notAnImage, 415);
    case 'allowance_used':
      return scanRefusal(failure.code, MESSAGES.allowanceUsed, 402);
    case 'read_failed':
      return scanRefusal(failure.code, MESSAGES.failed, 502);
    case 'timed_out':
      return scanRefusal(failure.code, MESSAGES.timedOut, 504);
    case 'unclear':
      return scanRefusal(failure.code, MESSAGES.unclear, 422);
  }
}

/** The analysis response, with the printed total checked against the lines read. */
export function analysisResponse({ reading, paidWith }: Analysis): Response {
  const check = reconcile(reading.lines, reading.totalPence);
  const doubts = lineDoubts(reading.lines, reading.totalPence);
  return answerWith(readReceipt, {
    items: reading.lines.map((line, i) => ({
      name: line.label,
      label: line.label,
      raw: line.raw,
      pricePence: line.pricePence,
      kind: line.kind,
      type: typeOf(line),
      ...(line.quantity === undefined ? {} : { quantity: line.quantity, unitPricePence: line.unitPricePence }),
      ...printedUnitsOf(line),
      doubtful: doubts[i] !== null,
      ...(doubts[i] === null ? {} : { doubt: doubts[i] }),
    })),
    totalPence: reading.totalPence,
    // Who, when and in what money (each null when the receipt does not say), for the bill's name and currency.
    merchant: reading.merchant,
    date: reading.date,
    currency: reading.currency,
    currencyDoubtful: reading.currency !== null && reading.currencyDoubtful === true,
    reconciliation: { billedPence: check.billedPence, differencePence: check.differencePence, matches: check.matches, suspectLines: check.suspectLines },
    paidWith,
  });
}

/** The units printed at the start of the line as read: the review screen offers to split by them. */
function printedUnitsOf(line: ReceiptLine): { printedUnits?: number } {
  const units = printedQuantity(line.raw);
  return units === null ? {} : { printedUnits: units };
}

/** The analysis response's coarse type (item, tax or discount). */
function typeOf(line: ReceiptLine): 'item' | 'tax' | 'discount' {
  return line.kind === 'vat' ? 'tax' : line.kind === 'discount' ? 'discount' : 'item';
}
