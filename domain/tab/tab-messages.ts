import { formatMoney, type CurrencyCode } from '../currency';
import type { TabBillAmounts, TabLedgerProblem } from './tab-ledger';
import type { Transfer } from './settle-up';

/** A refused tab in words, naming the bill (or the payment) at fault. */
export function tabLedgerProblemText(problem: TabLedgerProblem): string {
  switch (problem.code) {
    case 'paid_not_owed': {
      const text = paidAgainstTotalText(problem.difference, problem.currency);
      return `${problem.bill}: ${text[0]!.toLowerCase()}${text.slice(1)}`;
    }
    case 'invalid_amount':
      return `${problem.bill}: ${problem.person}'s amount (${problem.amount}) must be a whole number of minor units, 0 or more`;
    case 'invalid_payment':
      return `${problem.bill}: the amount (${problem.amount}) must be a whole number of minor units greater than 0`;
    case 'unknown_person':
      return `${problem.bill}: ${problem.person} is not one of the tab's people`;
  }
}

/**
 * Why one transfer of the plan goes where it does, from the bills settled in its currency (each bill's
 * amounts in the bill's own currency) that link the two people: what the
 * payee paid and what the payer's shares were ("Ben pays Ana £23.50: Ana paid £60.00 for Friday's
 * dinner, Ben's share was £23.50"). Where the payee paid for none of the payer's bills, the plan
 * settles their balances in fewer transfers, and it says so.
 */
export function transferReason(transfer: Transfer, currency: CurrencyCode, bills: readonly TabBillAmounts[], already: number): string {
  const money = (amount: number, of: CurrencyCode = currency) => formatMoney(amount, of);
  const paidByPayee = bills.filter((b) => (b.paid.get(transfer.to) ?? 0) > 0);
  const payerShares = bills.filter((b) => (b.owed.get(transfer.from) ?? 0) > 0);
  const shared = paidByPayee.filter((b) => payerShares.includes(b));
  const head = `${transfer.from} pays ${transfer.to} ${money(transfer.amount)}`;
  const sent = already > 0 ? `; ${transfer.from} has already sent ${money(already)}` : '';
  if (shared.length > 0) {
    const paid = listed(shared.map((b) => `${money(b.paid.get(transfer.to)!, b.currency)} for ${b.name}`));
    const shares = shared.map((b) => money(b.owed.get(transfer.from)!, b.currency));
    const share = shared.length === 1 ? `${transfer.from}'s share was ${shares[0]!}` : `${transfer.from}'s shares were ${listed(shared.map((b, k) => `${shares[k]!} (${b.name})`))}`;
    return `${head}: ${transfer.to} paid ${paid}, ${share}${sent}`;
  }
  const owes = payerShares.length === 0 ? `${transfer.from} owes on payments made` : `${transfer.from} had a share of ${listed(payerShares.map((b) => b.name))}`;
  const paid = paidByPayee.length === 0 ? `${transfer.to} is owed on payments made` : `${transfer.to} paid for ${listed(paidByPayee.map((b) => b.name))}`;
  return `${head}: ${owes} and ${paid}; paying ${transfer.to} directly settles both in fewer transfers${sent}`;
}

function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Paid amounts that miss a bill's total, by how much: "The amounts paid come to £4.00 less than the bill's total". */
export function paidAgainstTotalText(difference: number, currency: CurrencyCode): string {
  return `The amounts paid come to ${formatMoney(Math.abs(difference), currency)} ${difference > 0 ? 'more' : 'less'} than the bill's total`;
}

const CHANGED_AT = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** Said beside every transfer to someone whose pay details were replaced: a changed IBAN is checked before it is paid. */
export function payToChangedText(name: string, at: string): string {
  return `${name} changed their pay details on ${CHANGED_AT.format(new Date(at))}. Check with ${name} before you pay.`;
}
