import { penceToPoundsText, type Pence } from '../money';

export interface PaymentLink {
  readonly provider: 'monzo' | 'revolut' | 'paypal';
  readonly handle: string;
  readonly url: string;
  /** Whether the provider's page opens with the amount already filled in. */
  readonly amountFilled: boolean;
}

/** Handles as the providers allow them; anything else is refused rather than put into a URL. */
export const PAYMENT_HANDLE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
const MAX_NOTE_LENGTH = 40;

/**
 * One-tap payment links:
 * - Monzo: https://monzo.me/{username}/{pounds}?d={note} opens with the amount and the note filled in;
 * - PayPal: https://paypal.me/{username}/{pounds}GBP opens with the amount in pounds;
 * - Revolut: https://revolut.me/{tag}: the payer types the amount (Revolut.Me has no amount in its link).
 * Amounts of zero or less (nothing to pay) give a plain profile link.
 */
export function paymentLinks(handles: { monzo: string | null; revolut: string | null; paypal: string | null }, amount: Pence, note: string | null = null): PaymentLink[] {
  const links: PaymentLink[] = [];
  const due = amount > 0 ? penceToPoundsText(amount) : null;
  const monzo = clean(handles.monzo);
  if (monzo !== null) {
    const description = due && note ? `?d=${encodeURIComponent(note.slice(0, MAX_NOTE_LENGTH))}` : '';
    links.push({ provider: 'monzo', handle: monzo, url: `https://monzo.me/${monzo}${due ? `/${due}${description}` : ''}`, amountFilled: due !== null });
  }
  const revolut = clean(handles.revolut);
  if (revolut !== null) links.push({ provider: 'revolut', handle: revolut, url: `https://revolut.me/${revolut}`, amountFilled: false });
  const paypal = clean(handles.paypal);
  if (paypal !== null) links.push({ provider: 'paypal', handle: paypal, url: `https://paypal.me/${paypal}${due ? `/${due}GBP` : ''}`, amountFilled: due !== null });
  return links;
}

function clean(handle: string | null): string | null {
  if (handle === null) return null;
  const bare = handle.trim().replace(/^@/, '');
  return PAYMENT_HANDLE.test(bare) ? bare : null;
}
