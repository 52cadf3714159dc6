import { formatMoney, type CurrencyCode } from '../currency';
import type { MinorUnits } from '../money';
import { inBothCurrencies, rateText, type PayBackRate } from './pay-back-rate';

/** The rate said once in a message, for a bill paid back in another currency: "Paid back in GBP at 1 EUR = £0.86". */
function rateLine(currency: CurrencyCode, payBack: PayBackRate | null | undefined): string[] {
  return payBack ? [`Paid back in ${payBack.currency} at ${rateText(currency, payBack)}`] : [];
}

/** What a bill is called in messages and lists: its name (domain/bill-name.ts), else its first items (bills kept before names). */
export function billLabel(merchant: string | null | undefined, itemNames: readonly string[]): string {
  const name = merchant?.trim();
  if (name) return name;
  // Each name once: two lines of ANTIPASTO are not "ANTIPASTO, ANTIPASTO".
  const names = [...new Set(itemNames.map((n) => n.trim()).filter((n) => n !== ''))];
  const firstTwo = names.slice(0, 2).join(', ');
  return names.length > 2 ? `${firstTwo} and more` : firstTwo || 'the bill';
}

/**
 * The message one diner gets from "Send" (their own link follows it): what they owe, for their own
 * items only (never another diner's), and who to pay. `leftPence` after a change to a bill they had
 * partly paid. `billName` says which bill ("Your share of The Olive Tree · 25 Nov 2026 is …").
 */
export function paymentRequestText(p: {
  readonly dinerName: string;
  readonly payeeName: string;
  readonly currency: CurrencyCode;
  readonly amount: MinorUnits;
  readonly items: readonly string[];
  readonly paidPence?: MinorUnits;
  readonly billName?: string | undefined;
  /** The share in the currency the organiser is paid back in, formatted ("£10.36"): "is JP¥1,992 or £10.36". */
  readonly alsoIn?: string | undefined;
  /** A UPI link with their share in it (pay-ways.ts), for a rupee bill: UPI apps open it from the chat. */
  readonly upiLink?: string | undefined;
  /** The organiser's rate, said once (and the amounts of a partly paid share in both currencies). */
  readonly payBack?: PayBackRate | null | undefined;
}): string {
  const what = billLabel(null, p.items);
  const money = (amount: MinorUnits) => inBothCurrencies(amount, p.currency, p.payBack ?? null);
  const of = p.billName?.trim() ? ` of ${p.billName.trim()}` : '';
  const owed = p.paidPence
    ? `You've paid ${money(p.paidPence)}${of === '' ? '' : ` for ${p.billName!.trim()}`}; the bill changed since, so ${money(p.amount)} is left to pay`
    : `Your share${of} is ${formatMoney(p.amount, p.currency)}${p.alsoIn ? ` or ${p.alsoIn}` : ''}`;
  const rate = p.payBack ? ` at ${rateText(p.currency, p.payBack)}` : '';
  const upi = p.upiLink ? `Pay ${p.payeeName} by UPI: ${p.upiLink}\n` : '';
  return `Hi ${p.dinerName}! ${owed}${rate} (${what}). ${upi}Your items and how to pay ${p.payeeName}:`;
}

/**
 * One message for the group chat naming everyone who still owes and how much, each with a link to
 * their own page read only (what is left and the pay buttons, by their plain diner id), and the
 * whole-bill link (`/b/`): never anyone's own capability link, which lets its holder mark that person paid.
 */
export function reminderText(p: {
  readonly payeeName: string;
  readonly billLabel: string;
  readonly currency: CurrencyCode;
  readonly unpaid: readonly { readonly name: string; readonly amount: MinorUnits; readonly url?: string | undefined }[];
  readonly wholeBillUrl: string;
  readonly payBack?: PayBackRate | null | undefined;
}): string {
  return [
    `Still to pay ${p.payeeName} for ${p.billLabel}:`,
    ...p.unpaid.map((d) => `• ${d.name}: ${inBothCurrencies(d.amount, p.currency, p.payBack ?? null)}${d.url ? ` · pay here: ${d.url}` : ''}`),
    ...rateLine(p.currency, p.payBack),
    `The whole bill: ${p.wholeBillUrl}`,
  ].join('\n');
}

/** Sharing a recent bill again in the group chat: what everyone owes (the payer never), with the whole-bill link only. */
export function everyoneText(p: {
  readonly payeeName: string;
  readonly billLabel: string;
  readonly currency: CurrencyCode;
  readonly diners: readonly { readonly name: string; readonly amount: MinorUnits }[];
  readonly wholeBillUrl: string;
  readonly payBack?: PayBackRate | null | undefined;
}): string {
  return [
    `${p.billLabel}: what everyone owes ${p.payeeName}`,
    ...p.diners.map((d) => `• ${d.name}: ${inBothCurrencies(d.amount, p.currency, p.payBack ?? null)}`),
    ...rateLine(p.currency, p.payBack),
    `The whole bill: ${p.wholeBillUrl}`,
  ].join('\n');
}

/** The names of the lines one diner has a share of, in bill order, each once (their message names these only). */
export function dinerItemNames(items: readonly { readonly id: string; readonly name: string; readonly kind: string }[], lines: readonly { readonly itemId: string }[]): string[] {
  const had = new Set(lines.map((l) => l.itemId));
  return items.filter((i) => i.kind === 'item' && had.has(i.id)).map((i) => i.name);
}
