// Product copy of the specification (payments), word for word: the server's refusals and the
// Buy Tokens dialog's own texts (for a call with no answer, a provider's widget) share this one copy.
export const PAYMENT_MESSAGES = {
  invalidPackage: 'Invalid package selected',
  cardFailed: 'Payment failed. Please try again.',
  cardConfirmationFailed: 'Payment confirmation failed',
  paypalFailed: 'Payment failed. Please try again or use a different payment method.',
  paypalCancelled: 'Payment was cancelled.',
  paypalCreateFailed: 'Failed to create payment order. Please try again.',
  paypalCaptureFailed: 'Payment capture failed. Please try again.',
  paidButNotCredited: 'Payment successful but failed to add tokens. Please contact support.',
  paidButNotProcessed: 'Payment successful but failed to process. Please contact support.',
  missingParameters: 'Missing payment parameters',
  returnFailed: 'Failed to process payment. Please contact support.',
  cancelled: 'Your payment was cancelled. No charges have been made to your account.',
} as const;

/** The documents' fallback when creating a payment intent fails. */
export const intentFailed = (status: number): string => `Failed to create payment intent: ${status}`;
