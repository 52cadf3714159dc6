import { err, ok, type Result } from '../result';
import { parseBic, type BicProblem } from './bic';
import { parseIban, type IbanProblem } from './iban';
import { parseUpiId, type UpiProblem } from './upi';

/** Where the organiser wants to be paid back: kept on their device, sent with each stored bill. */
export interface Payee {
  readonly name: string;
  readonly monzo: string | null;
  readonly revolut: string | null;
  readonly paypal: string | null;
  /** For a bank transfer: an IBAN as ISO 13616 checks it (bare, upper case), and the bank's BIC if given. */
  readonly iban: string | null;
  readonly bic: string | null;
  /** For India's UPI: an id such as `name@okaxis`. */
  readonly upi: string | null;
}

/** The payee's bank account and UPI id, as a stored bill keeps them. */
export type PayeeAccounts = Pick<Payee, 'iban' | 'bic' | 'upi'>;

export type PayeeField = keyof Payee;
/** The detail at fault, why (a code the client branches on) and the words the dialog shows. */
export type PayeeProblem = {
  readonly field: PayeeField;
  readonly code: 'required' | 'invalid' | 'bic_without_iban' | IbanProblem['code'] | BicProblem['code'] | UpiProblem['code'];
  readonly message: string;
};

export const MAX_PAYEE_NAME_LENGTH = 40;

// Monzo.me usernames and Revolut tags: letters, digits, dot, dash, underscore. PayPal.Me names:
// letters and digits only, at most 20 (PayPal's help, see docs/pay-links.md).
const HANDLE_RULES: Record<'monzo' | 'revolut' | 'paypal', { readonly pattern: RegExp; readonly hosts: readonly string[] }> = {
  monzo: { pattern: /^[a-z0-9][a-z0-9._-]{0,39}$/i, hosts: ['monzo.me/'] },
  revolut: { pattern: /^[a-z0-9][a-z0-9._-]{0,39}$/i, hosts: ['revolut.me/'] },
  paypal: { pattern: /^[a-z0-9]{1,20}$/i, hosts: ['paypal.me/', 'paypal.com/paypalme/'] },
};

const HANDLE_MESSAGES: Record<'name' | 'monzo' | 'revolut' | 'paypal', Record<'required' | 'invalid', string>> = {
  name: { required: 'Enter your name, so people know who to pay', invalid: `Your name can be at most ${MAX_PAYEE_NAME_LENGTH} characters` },
  monzo: { required: '', invalid: 'A Monzo.me username is letters, digits, dots, dashes or underscores' },
  revolut: { required: '', invalid: 'A Revolut tag is letters, digits, dots, dashes or underscores' },
  paypal: { required: '', invalid: 'A PayPal.Me username is up to 20 letters and digits' },
};

const refused = (field: keyof typeof HANDLE_MESSAGES, code: 'required' | 'invalid'): Result<never, PayeeProblem> => err({ field, code, message: HANDLE_MESSAGES[field][code] });

export type PayeeInput = { readonly [field in PayeeField]?: string | null | undefined };

/**
 * Checks the organiser's details; a pasted link (monzo.me/alex, https://paypal.me/alex) or an @ is
 * reduced to the handle, an IBAN or BIC typed with spaces is kept without.
 */
export function parsePayee(input: PayeeInput): Result<Payee, PayeeProblem> {
  const name = (input.name ?? '').trim();
  if (name.length === 0) return refused('name', 'required');
  if ([...name].length > MAX_PAYEE_NAME_LENGTH) return refused('name', 'invalid');
  const handles: Record<'monzo' | 'revolut' | 'paypal', string | null> = { monzo: null, revolut: null, paypal: null };
  for (const provider of ['monzo', 'revolut', 'paypal'] as const) {
    const handle = bareHandle(input[provider] ?? '', HANDLE_RULES[provider].hosts);
    if (handle === '') continue;
    if (!HANDLE_RULES[provider].pattern.test(handle)) return refused(provider, 'invalid');
    handles[provider] = handle;
  }
  const accounts = parseAccounts(input);
  return accounts.ok ? ok({ name, ...handles, ...accounts.value }) : accounts;
}

/** The IBAN, its BIC and the UPI id, each optional (a BIC only beside an IBAN). */
export function parseAccounts(input: PayeeInput): Result<PayeeAccounts, PayeeProblem> {
  const given = (text: string | null | undefined) => (text?.trim() ? text : null);
  const [ibanText, bicText, upiText] = [given(input.iban), given(input.bic), given(input.upi)];
  const iban = ibanText === null ? null : parseIban(ibanText);
  if (iban !== null && !iban.ok) return err({ field: 'iban', ...iban.error });
  const bic = bicText === null ? null : parseBic(bicText);
  if (bic !== null && !bic.ok) return err({ field: 'bic', ...bic.error });
  if (bic !== null && iban === null) return err({ field: 'iban', code: 'bic_without_iban', message: 'A BIC goes with an IBAN: enter the IBAN too' });
  const upi = upiText === null ? null : parseUpiId(upiText);
  if (upi !== null && !upi.ok) return err({ field: 'upi', ...upi.error });
  return ok({ iban: iban?.value ?? null, bic: bic?.value ?? null, upi: upi?.value ?? null });
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
