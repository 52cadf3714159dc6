import type { PayeeProblem } from '../../../domain/paying-back/payee';

/** What can go wrong when getting paid back; the edge maps each code to a status and the documents' text. */
export type PayingBackError =
  | { readonly code: 'invalid-bill'; readonly message: string }
  | { readonly code: 'invalid-payee'; readonly problem: PayeeProblem }
  /** Unknown, expired, or not a bill the app stored: the same answer, so ids cannot be probed. */
  | { readonly code: 'bill-not-found' }
  | { readonly code: 'diner-not-found' }
  | { readonly code: 'not-organiser' }
  | { readonly code: 'rate-limited'; readonly retryAfterSeconds: number };
