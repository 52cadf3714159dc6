import { formatMoney, type CurrencyCode } from '../currency';
import type { MinorUnits } from '../money';
import { repaymentLinks, type RepaymentLink } from './repayment-links';
import { parseBic, type Bic } from './bic';
import { epcPayload } from './epc-qr';
import { groupedIban, parseIban, type Iban } from './iban';
import { carriesAmount } from './pay-currencies';
import { spaydPayload } from './spayd';
import { parseUpiId, upiLink } from './upi';

/** Where one diner can pay the organiser, as the organiser gave it. */
export interface PayeeDetails {
  readonly name: string | null;
  readonly monzo: string | null;
  readonly revolut: string | null;
  readonly paypal: string | null;
  readonly iban: string | null;
  readonly bic: string | null;
  readonly upi: string | null;
}

/** A bank-transfer code a banking app scans: the text in the QR code, and what it carries for apps that cannot scan. */
export interface PayCode {
  readonly provider: 'epc' | 'spayd';
  readonly qr: string;
  /** In groups of four, as the payer would copy or type it. */
  readonly iban: string;
  readonly bic: string | null;
  readonly amountFilled: true;
  /** The amount the code carries, formatted ("€12.05"). */
  readonly amount: string;
  readonly reference: string;
}

/** A UPI link with the amount, or (in another currency) the UPI id alone and no link. */
export type UpiWay =
  | { readonly provider: 'upi'; readonly upi: string; readonly url: string; readonly amountFilled: true; readonly amount: string; readonly reference: string }
  | { readonly provider: 'upi'; readonly upi: string; readonly url: null; readonly amountFilled: false; readonly otherCurrency: true };

/** An IBAN in a currency no code of ours carries: the payer copies it and types the amount. */
export interface BankWay {
  readonly provider: 'bank';
  readonly iban: string;
  readonly bic: string | null;
  readonly amountFilled: false;
  readonly otherCurrency: true;
  readonly reference: string;
}

export type PayWay = RepaymentLink | PayCode | UpiWay | BankWay;

/** What a transfer says it is for: the diner and the bill, in words the payee recognises on a statement. */
export function payReference(billName: string | null, dinerName: string): string {
  return `${dinerName}'s share of ${billName?.trim() || 'the bill'}`;
}

/**
 * Every way one diner can pay `due` to the payee: the one place that decides which ways carry the
 * amount in that currency (carriesAmount) and offers a bank code or UPI link only where one can.
 * The code first (it carries everything), then the apps' links, then an IBAN without a code.
 * Nothing to pay (0 or less) gives the apps' plain links only.
 */
export function payWays(payee: PayeeDetails, due: { readonly amount: MinorUnits; readonly currency: CurrencyCode }, reference: string, note: string | null = null): PayWay[] {
  const { amount, currency } = due;
  const links: PayWay[] = repaymentLinks(payee, amount, currency, note);
  if (amount <= 0) return links;
  const iban = payee.iban === null ? null : parseIban(payee.iban);
  const bic = payee.bic === null ? null : parseBic(payee.bic);
  const account = iban?.ok ? { iban: iban.value, bic: bic?.ok ? bic.value : null } : null;
  const ways: PayWay[] = [];
  const code = account === null || payee.name === null ? null : transferCode(payee.name, account, due, reference);
  if (code !== null) ways.push(code);
  const upi = payee.upi === null ? null : parseUpiId(payee.upi);
  if (upi?.ok && payee.name !== null) {
    ways.push(
      carriesAmount('upi', currency)
        ? {
            provider: 'upi',
            upi: upi.value,
            url: upiLink({ upi: upi.value, name: payee.name, paise: amount, note: reference }),
            amountFilled: true,
            amount: formatMoney(amount, currency),
            reference,
          }
        : { provider: 'upi', upi: upi.value, url: null, amountFilled: false, otherCurrency: true },
    );
  }
  const bank: PayWay[] = account !== null && code === null ? [{ provider: 'bank', iban: groupedIban(account.iban), bic: account.bic, amountFilled: false, otherCurrency: true, reference }] : [];
  return [...ways, ...links, ...bank];
}

/** The bank-transfer code for this currency: EPC for euros, SPAYD for koruna; null for any other (or an amount out of the code's range). */
function transferCode(
  name: string,
  account: { readonly iban: Iban; readonly bic: Bic | null },
  due: { readonly amount: MinorUnits; readonly currency: CurrencyCode },
  reference: string,
): PayCode | null {
  const provider = carriesAmount('epc', due.currency) ? 'epc' : carriesAmount('spayd', due.currency) ? 'spayd' : null;
  if (provider === null) return null;
  const qr = provider === 'epc' ? epcPayload({ name, ...account, cents: due.amount, remittance: reference }) : spaydPayload({ ...account, hellers: due.amount, message: reference });
  if (qr === null) return null;
  return { provider, qr, iban: groupedIban(account.iban), bic: account.bic, amountFilled: true, amount: formatMoney(due.amount, due.currency), reference };
}

/** What "Show to pay" puts before a diner at the table: a code their banking or UPI app scans, and what it carries. */
export interface TableCode {
  readonly provider: 'epc' | 'spayd' | 'upi';
  /** The QR code's text: the bank code's, or the upi:// link (UPI apps scan it). */
  readonly qr: string;
  /** The IBAN in groups of four, or the UPI id. */
  readonly account: string;
  readonly amount: string;
  readonly reference: string;
}

/** Whether these details give a code with the amount in this currency (before any bill is stored, to offer "Show to pay"). */
export function offersTableCode(payee: Pick<PayeeDetails, 'iban' | 'upi'> | null, currency: CurrencyCode): boolean {
  if (payee === null) return false;
  return (payee.iban !== null && (carriesAmount('epc', currency) || carriesAmount('spayd', currency))) || (payee.upi !== null && carriesAmount('upi', currency));
}

/** The way with the amount in it that a diner can scan at the table; null when there is none. */
export function tableCodeOf(ways: readonly PayWay[]): TableCode | null {
  for (const w of ways) {
    if (w.provider === 'epc' || w.provider === 'spayd') return { provider: w.provider, qr: w.qr, account: w.iban, amount: w.amount, reference: w.reference };
    if (w.provider === 'upi' && w.url !== null) return { provider: 'upi', qr: w.url, account: w.upi, amount: w.amount, reference: w.reference };
  }
  return null;
}
