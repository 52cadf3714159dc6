import { headerFromAnalysis, linesFromAnalysis, printedTotalFromAnalysis } from '../../../domain/scanning/analysis-response';
import type { MinorUnits } from '../../../domain/money';
import type { ReceiptHeader } from '../../../domain/scanning/receipt-line';
import type { ReviewLine } from '../../../domain/scanning/review';
import { err, ok, type Result } from '../../../domain/result';
import type { AnalysisFailure } from './analysis-errors';

const ANALYSIS_TIMEOUT_MS = 30_000;

/** The extraction instructions given to the analyser. */
const RECEIPT_PROMPT =
  'Extract every priced line from this UK restaurant receipt. Include all priced items, taxes, discounts (as negative amounts) and paid add-ons. ' +
  'Skip free (0.00) modifiers. Do not split combo items. Give prices in pence.';

/**
 * The lines read, the printed total the server found (the review screen reconciles against it),
 * and the merchant, date and currency it read (for the bill's name and currency).
 */
export interface Reading extends ReceiptHeader {
  readonly lines: ReviewLine[];
  readonly totalPence: MinorUnits | null;
}

/** POST /functions/v1/analyze-receipt, aborted after 30 s. */
export async function analyzeReceipt(imageBase64: string, anonymousUserId: string, timeoutMs = ANALYSIS_TIMEOUT_MS): Promise<Result<Reading, AnalysisFailure>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch('/functions/v1/analyze-receipt', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Anonymous-Id': anonymousUserId },
      body: JSON.stringify({ image: imageBase64, prompt: RECEIPT_PROMPT, anonymousUserId }),
      signal: controller.signal,
    });
  } catch {
    return err(controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network' });
  } finally {
    clearTimeout(timer);
  }
  const body = await response.text().catch(() => '');
  const parsed = parseJson(body);
  const serverError = stringField(parsed, 'error');
  // A JSON error from our server is the most precise account, whatever the status; its code says which.
  const code = stringField(parsed, 'code');
  if (code === 'allowance_used') return err({ kind: 'allowance' });
  if (serverError !== null) return err({ kind: 'server error', code, error: serverError });
  if (!response.ok) {
    if (response.status === 404) return err({ kind: 'configuration' });
    return err({ kind: 'http', status: response.status, text: response.statusText, body });
  }
  const lines = linesFromAnalysis(parsed, () => crypto.randomUUID());
  if (lines === null) return err({ kind: 'unknown' });
  if (lines.length === 0) return err({ kind: 'empty' });
  return ok({ lines, totalPence: printedTotalFromAnalysis(parsed), ...headerFromAnalysis(parsed) });
}

/** A File's bytes as base64 without the data-URL prefix. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}

function stringField(body: unknown, name: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
