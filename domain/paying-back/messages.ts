import { formatGBP, type Pence } from '../money';

/** What a bill is called in messages and lists: the restaurant, else its first items. */
export function billLabel(merchant: string | null | undefined, itemNames: readonly string[]): string {
  const name = merchant?.trim();
  if (name) return name;
  // Each name once: two lines of ANTIPASTO are not "ANTIPASTO, ANTIPASTO".
  const names = [...new Set(itemNames.map((n) => n.trim()).filter((n) => n !== ''))];
  const firstTwo = names.slice(0, 2).join(', ');
  return names.length > 2 ? `${firstTwo} and more` : firstTwo || 'the bill';
}

/** The message a diner gets from "Send": their amount, what for, who to pay (their link follows it). */
export function paymentRequestText(p: { readonly dinerName: string; readonly payeeName: string; readonly amount: Pence; readonly billLabel: string }): string {
  return `Hi ${p.dinerName}! Your share of ${p.billLabel} is ${formatGBP(p.amount)}. Your items and how to pay ${p.payeeName}:`;
}

/** One message for the group chat naming everyone who has not paid yet, each with their own link. */
export function reminderText(p: {
  readonly payeeName: string;
  readonly billLabel: string;
  readonly unpaid: readonly { readonly name: string; readonly amount: Pence; readonly url: string }[];
}): string {
  return [`Still to pay ${p.payeeName} for ${p.billLabel}:`, ...p.unpaid.map((d) => `• ${d.name}: ${formatGBP(d.amount)} ${d.url}`)].join('\n');
}

/** Sharing a recent bill again: everyone's amount and own link in one message. */
export function everyoneText(p: {
  readonly payeeName: string;
  readonly billLabel: string;
  readonly diners: readonly { readonly name: string; readonly amount: Pence; readonly url: string }[];
}): string {
  return [`${p.billLabel}: what everyone owes ${p.payeeName}`, ...p.diners.map((d) => `• ${d.name}: ${formatGBP(d.amount)} ${d.url}`)].join('\n');
}
