import type { PayeeProblem } from '../../../domain/paying-back/payee';

/** What can go wrong when getting paid back; the edge maps each code to a status and the documents' text. */
export type PayingBackError =
  | { readonly code: 'invalid_bill'; readonly message: string }
  | { readonly code: 'invalid_payee'; readonly problem: PayeeProblem }
  /** The shares do not add up to the Grand Total: something is assigned to nobody. */
  | { readonly code: 'unassigned_items'; readonly count: number }
  /** Unknown, expired, or not a bill the app stored: the same answer, so ids cannot be probed. */
  | { readonly code: 'bill_not_found' }
  | { readonly code: 'diner_not_found' }
  /** The diner was on the bill when their link was opened, and an edit took them off before the mark. */
  | { readonly code: 'diner_removed' }
  /** A plain diner id (the documents' short link) opens a receipt to read; acting on it needs the diner's capability. */
  | { readonly code: 'capability_required' }
  | { readonly code: 'not_organiser' }
  /** The person who paid the restaurant is owed, never owing: nobody marks them paid. */
  | { readonly code: 'payer_owes_nothing' }
  | { readonly code: 'rate_limited'; readonly retryAfterSeconds: number };
