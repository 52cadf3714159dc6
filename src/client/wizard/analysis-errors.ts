import { ALLOWANCE_USED_MESSAGE } from '../../../domain/freemium';
/** Why reading a receipt failed, as the analysis call sees it. */
export type AnalysisFailure =
  | { readonly kind: 'timeout' }
  | { readonly kind: 'network' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'allowance' }
  | { readonly kind: 'configuration' }
  | { readonly kind: 'server error'; readonly error: string }
  | { readonly kind: 'http'; readonly status: number; readonly text: string; readonly body: string }
  | { readonly kind: 'unknown' };

export const DEFAULT_FAILURE_MESSAGE = 'Failed to analyze receipt. Please try again.';
export const FAILURE_PANEL_TITLE = "AI couldn't read this receipt. Try a clearer photo or manual entry?";

/** Texts of seed 000 §8 a server may send as they are; shown unchanged. */
const CATALOGUE: ReadonlySet<string> = new Set([
  ALLOWANCE_USED_MESSAGE,
  DEFAULT_FAILURE_MESSAGE,
  'Request timed out. Please check your internet connection and try again.',
  'Please take a clearer photo of the receipt. The image appears to be blurry or unclear.',
  'Image is too blurry. Please take a clearer photo of the receipt.',
]);

/** The scanner's message for a failure, word for word from seed 000 §8. */
export function failureMessage(failure: AnalysisFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return 'Request timed out. Please check your internet connection and try again.';
    case 'network':
      return 'Network error. Please check your internet connection and try again.';
    case 'empty':
      return 'Please take a clearer photo of the receipt. The image appears to be blurry or unclear.';
    case 'allowance':
      return ALLOWANCE_USED_MESSAGE;
    case 'configuration':
      return 'App configuration error. Please restart the app and try again.';
    case 'server error':
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
