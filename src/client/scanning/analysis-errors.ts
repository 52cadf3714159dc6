import { ALLOWANCE_USED_MESSAGE } from '../../../domain/scan-credits/freemium';
/** Why reading a receipt failed, as the analysis call sees it. */
export type AnalysisFailure =
  | { readonly kind: 'timeout' }
  | { readonly kind: 'network' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'allowance' }
  | { readonly kind: 'configuration' }
  /** `code` is our server's (src/server/http/scanning.ts); a server without codes sends only the text. */
  | { readonly kind: 'server error'; readonly code: string | null; readonly error: string }
  | { readonly kind: 'http'; readonly status: number; readonly text: string; readonly body: string }
  | { readonly kind: 'unknown' };

const DEFAULT_FAILURE_MESSAGE = 'Failed to analyze receipt. Please try again.';
export const FAILURE_PANEL_TITLE = "AI couldn't read this receipt. Try a clearer photo or manual entry?";

const TIMED_OUT_MESSAGE = 'Request timed out. Please check your internet connection and try again.';
const UNCLEAR_MESSAGE = 'Please take a clearer photo of the receipt. The image appears to be blurry or unclear.';

/** Our server's codes for a reading that failed, and the documents' text for each. */
const CODE_MESSAGES: Readonly<Record<string, string>> = {
  allowance_used: ALLOWANCE_USED_MESSAGE,
  read_failed: DEFAULT_FAILURE_MESSAGE,
  timed_out: TIMED_OUT_MESSAGE,
  unclear: UNCLEAR_MESSAGE,
};

/** Texts of the specification a server without codes may send as they are; shown unchanged. */
const CATALOGUE: ReadonlySet<string> = new Set([
  ALLOWANCE_USED_MESSAGE,
  DEFAULT_FAILURE_MESSAGE,
  TIMED_OUT_MESSAGE,
  UNCLEAR_MESSAGE,
  'Image is too blurry. Please take a clearer photo of the receipt.',
]);

/** The scanner's message for a failure, word for word from the specification */
export function failureMessage(failure: AnalysisFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return TIMED_OUT_MESSAGE;
    case 'network':
      return 'Network error. Please check your internet connection and try again.';
    case 'empty':
      return UNCLEAR_MESSAGE;
    case 'allowance':
      return ALLOWANCE_USED_MESSAGE;
    case 'configuration':
      return 'App configuration error. Please restart the app and try again.';
    case 'server error':
      if (failure.code !== null) return CODE_MESSAGES[failure.code] ?? `AI Analysis Error: ${failure.error}`;
      // A server without codes (the specification's analyser contract): the documents word its errors by their text.
      if (CATALOGUE.has(failure.error)) return failure.error;
      if (/Network error|Failed to fetch/i.test(failure.error)) return 'Network connection issue. Please check your internet connection and try again.';
      if (/blurry|unclear/i.test(failure.error)) return 'Image is too blurry. Please take a clearer photo of the receipt.';
      return `AI Analysis Error: ${failure.error}`;
    case 'http':
      return `API error: ${failure.status} ${failure.text} - ${failure.body}`;
    case 'unknown':
      return DEFAULT_FAILURE_MESSAGE;
  }
}
