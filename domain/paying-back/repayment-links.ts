import { minorToMajorText, type CurrencyCode } from '../currency';
import { carriesAmount } from './pay-currencies';
import type { MinorUnits } from '../money';

export interface RepaymentLink {
  readonly provider: 'monzo' | 'revolut' | 'paypal';
  readonly handle: string;
  readonly url: string;
  /** Whether the provider's page opens with the amount already filled in. */
  readonly amountFilled: boolean;
  /** Set when the amount is left out because the provider's link cannot ask for the bill's currency. */
  readonly otherCurrency?: true;
}

/** Handles as the providers allow them; anything else is refused rather than put into a URL. */
export const PAYMENT_HANDLE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
const MAX_NOTE_LENGTH = 40;

/**
 * One-tap payment links (docs/pay-links.md):
 * - Monzo: https://monzo.me/{username}/{pounds}?d={note} opens with the amount and the note filled in;
 *   a monzo.me amount is in pounds, so a bill in another currency gets the plain link;
 * - PayPal: https://paypal.me/{username}/{amount}{CODE} opens with the amount in the bill's currency,
 *   for the currencies PayPal takes; the plain link for the rest;
 * - Revolut: https://revolut.me/{tag}: the payer types the amount (Revolut.Me has no amount in its link).
 * Amounts of zero or less (nothing to pay) give a plain profile link.
 */
export function repaymentLinks(
  handles: { monzo: string | null; revolut: string | null; paypal: string | null },
  amount: MinorUnits,
  currency: CurrencyCode,
  note: string | null = null,
): RepaymentLink[] {
  const links: RepaymentLink[] = [];
  const due = amount > 0 ? minorToMajorText(amount, currency) : null;
  const monzo = clean(handles.monzo);
  if (monzo !== null) {
    const inPounds = carriesAmount('monzo', currency);
    const description = due && note ? `?d=${encodeURIComponent(note.slice(0, MAX_NOTE_LENGTH))}` : '';
    const url = `https://monzo.me/${monzo}${due && inPounds ? `/${due}${description}` : ''}`;
    links.push({ provider: 'monzo', handle: monzo, url, amountFilled: due !== null && inPounds, ...(due !== null && !inPounds ? { otherCurrency: true } : {}) });
  }
  const revolut = clean(handles.revolut);
  if (revolut !== null) links.push({ provider: 'revolut', handle: revolut, url: `https://revolut.me/${revolut}`, amountFilled: false });
  const paypal = clean(handles.paypal);
  if (paypal !== null) {
    const taken = carriesAmount('paypal', currency);
    const url = `https://paypal.me/${paypal}${due && taken ? `/${due}${currency}` : ''}`;
    links.push({ provider: 'paypal', handle: paypal, url, amountFilled: due !== null && taken, ...(due !== null && !taken ? { otherCurrency: true } : {}) });
  }
  return links;
}

function clean(handle: string | null): string | null {
  if (handle === null) return null;
  const bare = handle.trim().replace(/^@/, '');
  return PAYMENT_HANDLE.test(bare) ? bare : null;
}
