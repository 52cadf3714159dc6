import { billSplit } from '../bill';
import { formatMoney, minorDigits, type CurrencyCode } from '../currency';
import { minorUnits } from '../money';
import { payReference, payWays, tableCodeOf, type TableCode } from '../paying-back/pay-ways';
import type { RepaymentLink } from '../paying-back/repayment-links';
import { settleTab } from './tab-ledger';
import { payToChangedText, transferReason } from './tab-messages';
import { tabLedgerOf, type Tab } from './tab';

// The tab as every phone shows it, worked out once on the server: amounts are formatted here and
// the page never adds anything up itself.

export interface TabPersonView {
  readonly id: string;
  readonly name: string;
  readonly payTo: Tab['people'][number]['payTo'];
  /** When their pay details were replaced, in words (payToChangedText); null when never. */
  readonly payToChanged: string | null;
}

export interface TabBillView {
  readonly id: string;
  readonly name: string;
  readonly currency: CurrencyCode;
  /** What the people on it owe together (minor units): what its payers must add up to. */
  readonly total: number;
  readonly totalText: string;
  readonly payers: readonly { readonly personId: string; readonly name: string; readonly amount: number; readonly amountText: string }[];
  readonly shares: readonly { readonly personId: string; readonly name: string; readonly amount: number; readonly amountText: string }[];
}

export interface TabTransferView {
  readonly from: string;
  readonly fromName: string;
  readonly to: string;
  readonly toName: string;
  readonly amount: number;
  readonly currency: CurrencyCode;
  readonly amountText: string;
  readonly reason: string;
  /** The payee's apps' links, with the amount where the app's link can carry it in this currency. */
  readonly payLinks: readonly RepaymentLink[];
  /** A bank or UPI code with the amount, to scan at the table (the payee's IBAN or UPI id), or null. */
  readonly code: TableCode | null;
  /** The payee's details were replaced: when, and to check with them before paying; null when never. */
  readonly payToChanged: string | null;
}

export interface TabSettlementView {
  readonly currency: CurrencyCode;
  /** "£1.00 = 1.17 EUR": each rate the balances were turned into this currency at. */
  readonly rates: readonly string[];
  /** Positive: owed money; negative: owes. `amountText` is the balance without its sign. */
  readonly balances: readonly { readonly personId: string; readonly name: string; readonly amount: number; readonly amountText: string }[];
  readonly transfers: readonly TabTransferView[];
}

export interface TabView {
  readonly id: string;
  readonly name: string;
  readonly currency: CurrencyCode;
  readonly version: number;
  readonly people: readonly TabPersonView[];
  readonly bills: readonly TabBillView[];
  readonly settlements: readonly TabSettlementView[];
  readonly transfersMade: readonly {
    readonly id: string;
    readonly fromName: string;
    readonly toName: string;
    readonly amount: number;
    readonly currency: CurrencyCode;
    readonly amountText: string;
    readonly at: string;
  }[];
  /** Currencies of bills on the tab other than its own, each with its rate or null. */
  readonly otherCurrencies: readonly { readonly currency: CurrencyCode; readonly rate: string | null }[];
}

export function tabView(tab: Tab): TabView {
  const nameOf = new Map(tab.people.map((p) => [p.id, p.name]));
  const name = (id: string) => nameOf.get(id) ?? '?';
  const splits = tab.bills.map((b) => billSplit(b.bill));
  const ledger = tabLedgerOf(tab, splits);
  const settlements = settleTab(ledger);
  const otherCurrencies = [...new Set(tab.bills.map((b) => b.bill.currency).filter((c) => c !== tab.currency))].sort();
  return {
    id: tab.id,
    name: tab.name,
    currency: tab.currency,
    version: tab.version,
    people: tab.people.map((p) => ({ id: p.id, name: p.name, payTo: p.payTo, payToChanged: payToChanged(p) })),
    bills: tab.bills.map(({ id, bill, payers }, k) => {
      const split = splits[k]!;
      return {
        id,
        name: bill.name ?? 'Bill',
        currency: bill.currency,
        total: split.totalPence - split.unassignedPence,
        totalText: formatMoney(split.totalPence - split.unassignedPence, bill.currency),
        payers: payers.map((p) => ({ personId: p.personId, name: name(p.personId), amount: p.amount, amountText: formatMoney(p.amount, bill.currency) })),
        shares: split.shares.filter((s) => s.totalPence !== 0).map((s) => ({ personId: s.dinerId, name: name(s.dinerId), amount: s.totalPence, amountText: formatMoney(s.totalPence, bill.currency) })),
      };
    }),
    settlements: settlements.map((s) => {
      const madeHere = ledger.payments.filter((p) => p.currency === s.currency);
      // The bills settled in this currency (its own and those folded in at a rate), by people's names.
      const settledHere = new Set([s.currency, ...s.ratesIn.map((r) => r.from)]);
      const billsNamed = ledger.bills.filter((b) => settledHere.has(b.currency)).map((b) => ({ ...b, paid: renameKeys(b.paid, name), owed: renameKeys(b.owed, name) }));
      return {
        currency: s.currency,
        rates: s.ratesIn.map((r) => `${formatMoney(10 ** minorDigits(r.from), r.from)} = ${r.text} ${r.to}`),
        balances: tab.people.map((p) => ({ personId: p.id, name: p.name, amount: s.balances.get(p.id) ?? 0, amountText: formatMoney(Math.abs(s.balances.get(p.id) ?? 0), s.currency) })),
        transfers: s.transfers.map((t) => {
          const payee = tab.people.find((p) => p.id === t.to);
          const already = madeHere.filter((m) => m.from === t.from && m.to === t.to).reduce((sum, m) => sum + m.amount, 0);
          const named = { ...t, from: name(t.from), to: name(t.to) };
          return {
            from: t.from,
            fromName: name(t.from),
            to: t.to,
            toName: name(t.to),
            amount: t.amount,
            currency: s.currency,
            amountText: formatMoney(t.amount, s.currency),
            reason: transferReason(named, s.currency, billsNamed, already),
            ...payTo(payee, name(t.from), t.amount, s.currency, tab.name),
            payToChanged: payee === undefined ? null : payToChanged(payee),
          };
        }),
      };
    }),
    transfersMade: tab.transfers.map((t) => ({
      id: t.id,
      fromName: name(t.from),
      toName: name(t.to),
      amount: t.amount,
      currency: t.currency,
      amountText: formatMoney(t.amount, t.currency),
      at: t.at,
    })),
    otherCurrencies: otherCurrencies.map((currency) => ({ currency, rate: tab.rates[currency] ?? null })),
  };
}

/** Every way the payee takes money that carries this transfer, decided by the one pay-ways rule. */
function payToChanged(person: Tab['people'][number]): string | null {
  return person.payToChangedAt === undefined ? null : payToChangedText(person.name, person.payToChangedAt);
}

function payTo(payee: Tab['people'][number] | undefined, payerName: string, amount: number, currency: CurrencyCode, tabName: string): Pick<TabTransferView, 'payLinks' | 'code'> {
  if (payee?.payTo == null) return { payLinks: [], code: null };
  const ways = payWays({ name: payee.name, ...payee.payTo }, { amount: minorUnits(amount), currency }, payReference(tabName, payerName), tabName);
  const payLinks = ways.filter((w): w is RepaymentLink => w.provider === 'monzo' || w.provider === 'revolut' || w.provider === 'paypal');
  return { payLinks, code: tableCodeOf(ways) };
}

function renameKeys(amounts: ReadonlyMap<string, number>, name: (id: string) => string): Map<string, number> {
  return new Map([...amounts].map(([id, amount]) => [name(id), amount]));
}
