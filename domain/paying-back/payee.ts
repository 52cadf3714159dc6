import { err, ok, type Result } from '../result';

/** Where the organiser wants to be paid back: kept on their device, sent with each stored bill. */
export interface Payee {
  readonly name: string;
  readonly monzo: string | null;
  readonly revolut: string | null;
  readonly paypal: string | null;
}

export type PayeeField = keyof Payee;
export type PayeeProblem = { readonly field: PayeeField; readonly code: 'required' | 'invalid' };

export const MAX_PAYEE_NAME_LENGTH = 40;

// Monzo.me usernames and Revolut tags: letters, digits, dot, dash, underscore. PayPal.Me names:
// letters and digits only, at most 20 (PayPal's help, see docs/pay-links.md).
const HANDLE_RULES: Record<'monzo' | 'revolut' | 'paypal', { readonly pattern: RegExp; readonly hosts: readonly string[] }> = {
  monzo: { pattern: /^[a-z0-9][a-z0-9._-]{0,39}$/i, hosts: ['monzo.me/'] },
  revolut: { pattern: /^[a-z0-9][a-z0-9._-]{0,39}$/i, hosts: ['revolut.me/'] },
  paypal: { pattern: /^[a-z0-9]{1,20}$/i, hosts: ['paypal.me/', 'paypal.com/paypalme/'] },
};

export const PAYEE_MESSAGES: Record<PayeeField, Record<PayeeProblem['code'], string>> = {
  name: { required: 'Enter your name, so people know who to pay', invalid: `Your name can be at most ${MAX_PAYEE_NAME_LENGTH} characters` },
  monzo: { required: '', invalid: 'A Monzo.me username is letters, digits, dots, dashes or underscores' },
  revolut: { required: '', invalid: 'A Revolut tag is letters, digits, dots, dashes or underscores' },
  paypal: { required: '', invalid: 'A PayPal.Me username is up to 20 letters and digits' },
};

/** Checks the organiser's details; a pasted link (monzo.me/alex, https://paypal.me/alex) or an @ is reduced to the handle. */
export function parsePayee(input: { readonly name?: string | null; readonly monzo?: string | null; readonly revolut?: string | null; readonly paypal?: string | null }): Result<Payee, PayeeProblem> {
  const name = (input.name ?? '').trim();
  if (name.length === 0) return err({ field: 'name', code: 'required' });
  if ([...name].length > MAX_PAYEE_NAME_LENGTH) return err({ field: 'name', code: 'invalid' });
  const handles: Record<'monzo' | 'revolut' | 'paypal', string | null> = { monzo: null, revolut: null, paypal: null };
  for (const provider of ['monzo', 'revolut', 'paypal'] as const) {
    const handle = bareHandle(input[provider] ?? '', HANDLE_RULES[provider].hosts);
    if (handle === '') continue;
    if (!HANDLE_RULES[provider].pattern.test(handle)) return err({ field: provider, code: 'invalid' });
    handles[provider] = handle;
  }
  return ok({ name, ...handles });
}

function bareHandle(raw: string, hosts: readonly string[]): string {
  let text = raw
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '');
  const host = hosts.find((h) => text.toLowerCase().startsWith(h));
  if (host !== undefined) text = text.slice(host.length).split(/[/?#]/)[0] ?? '';
  return text.replace(/^@/, '');
}

/**
 * Who paid the restaurant, as a diner id: the one picked, else the organiser
 * themselves, who is the diner named as in their payment details; null when that is nobody on the bill.
 */
export function payerDinerId(
  choice: { readonly by: 'me' } | { readonly by: 'diner'; readonly dinerId: string } | { readonly by: 'organiser-not-dining' },
  diners: readonly { readonly id: string; readonly name: string }[],
  payeeName: string | null,
): string | null {
  if (choice.by === 'diner') return diners.some((d) => d.id === choice.dinerId) ? choice.dinerId : null;
  if (choice.by === 'organiser-not-dining' || payeeName === null) return null;
  const name = payeeName.trim().toLocaleLowerCase('en-GB');
  return diners.find((d) => d.name.trim().toLocaleLowerCase('en-GB') === name)?.id ?? null;
}
