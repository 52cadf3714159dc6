import { convertShares, minor, type Rate } from '../conversion';
import type { CurrencyCode } from '../currency';
import { err, ok, type Result } from '../result';
import { applyTransfers, clearsEveryBalance, fewestTransfers, settleAfterPayments, type Balances, type Circles, type Transfer } from './settle-up';

// A tab's money as the arithmetic needs it: for each bill, who paid how much and what each person's
// share was (from the one domain split, for a bill with items), and the payments already made
// between people. Everything in minor units of the bill's or the payment's own currency.

export interface TabBillAmounts {
  readonly name: string;
  readonly currency: CurrencyCode;
  /** Person → what they paid the restaurant (or the taxi). */
  readonly paid: ReadonlyMap<string, number>;
  /** Person → their share of the bill. */
  readonly owed: ReadonlyMap<string, number>;
}

/** A payment already made between two people of the tab. */
export interface TabPayment extends Transfer {
  readonly currency: CurrencyCode;
}

export interface TabLedger {
  /** The tab's own currency: where a rate is given, other currencies are settled in it. */
  readonly currency: CurrencyCode;
  /** Everyone on the tab, in the order the tab lists them (ties in the plan follow it). */
  readonly people: readonly string[];
  readonly bills: readonly TabBillAmounts[];
  readonly payments: readonly TabPayment[];
  /** Currency → its rate into the tab's currency; a currency without one is settled on its own. */
  readonly rates: ReadonlyMap<CurrencyCode, Rate<CurrencyCode, CurrencyCode>>;
}

export type TabLedgerProblem =
  | { readonly code: 'paid_not_owed'; readonly bill: string; readonly difference: number; readonly currency: CurrencyCode }
  | { readonly code: 'invalid_amount'; readonly bill: string; readonly person: string; readonly amount: number }
  | { readonly code: 'invalid_payment'; readonly bill: string; readonly amount: number }
  | { readonly code: 'unknown_person'; readonly bill: string; readonly person: string };

/** One currency's settling up: balances before any payment, after them, and the plan that clears them. */
export interface CurrencySettlement {
  readonly currency: CurrencyCode;
  /** The rate other currencies were turned into this one at, each shown beside the plan. */
  readonly ratesIn: readonly Rate<CurrencyCode, CurrencyCode>[];
  readonly balances: ReadonlyMap<string, number>;
  readonly transfers: readonly Transfer[];
}

/** Refuses a tab whose bills do not add up, with negative or fractional amounts, or strangers in them. */
export function checkTabLedger(tab: Pick<TabLedger, 'people' | 'bills' | 'payments'>): Result<null, TabLedgerProblem> {
  const people = new Set(tab.people);
  for (const bill of tab.bills) {
    for (const [person, amount] of [...bill.paid, ...bill.owed]) {
      if (!people.has(person)) return err({ code: 'unknown_person', bill: bill.name, person });
      if (!Number.isSafeInteger(amount) || amount < 0) return err({ code: 'invalid_amount', bill: bill.name, person, amount });
    }
    const difference = total(bill.paid.values()) - total(bill.owed.values());
    if (difference !== 0) return err({ code: 'paid_not_owed', bill: bill.name, difference, currency: bill.currency });
  }
  for (const payment of tab.payments) {
    const name = `payment from ${payment.from} to ${payment.to}`;
    for (const person of [payment.from, payment.to]) if (!people.has(person)) return err({ code: 'unknown_person', bill: name, person });
    if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) return err({ code: 'invalid_payment', bill: name, amount: payment.amount });
  }
  return ok(null);
}

/** Each person's balance in each currency: paid − owed, plus payments sent, less payments received. */
export function balancesByCurrency(tab: Pick<TabLedger, 'people' | 'bills' | 'payments'>, withPayments = true): Map<CurrencyCode, Map<string, number>> {
  const byCurrency = new Map<CurrencyCode, Map<string, number>>();
  const of = (currency: CurrencyCode) => {
    let balances = byCurrency.get(currency);
    if (balances === undefined) byCurrency.set(currency, (balances = new Map(tab.people.map((p) => [p, 0]))));
    return balances;
  };
  for (const bill of tab.bills) {
    const balances = of(bill.currency);
    for (const [person, amount] of bill.paid) balances.set(person, balances.get(person)! + amount);
    for (const [person, amount] of bill.owed) balances.set(person, balances.get(person)! - amount);
  }
  if (withPayments) {
    for (const payment of tab.payments) {
      const balances = of(payment.currency);
      byCurrency.set(payment.currency, applyTransfers(balances, [payment]));
    }
  }
  return byCurrency;
}

/**
 * The plan for a checked tab: one settlement per currency that has no rate, and one in the tab's
 * currency for it and every currency with a rate (converted so the balances still add up to zero).
 */
export function settleTab(tab: TabLedger): CurrencySettlement[] {
  const before = inSettlementCurrencies(tab, balancesByCurrency(tab, false));
  const after = inSettlementCurrencies(tab, balancesByCurrency(tab, true));
  const settlements: CurrencySettlement[] = [];
  for (const [currency, balances] of after) {
    const ratesIn = [...tab.rates.values()].filter((r) => r.to === currency && r.from !== currency && usesCurrency(tab, r.from));
    const payments = tab.payments.filter((p) => settlementCurrency(tab, p.currency) === currency);
    const plan = planFor(before.get(currency) ?? new Map(), balances, payments, tab);
    settlements.push({ currency, ratesIn, balances, transfers: plan });
  }
  return settlements;
}

/** Payments made in the settlement's own currency shorten the plan for the balances before them. */
function planFor(before: Balances, after: Balances, payments: readonly TabPayment[], tab: TabLedger): Transfer[] {
  const circles = circlesOf(tab);
  const sameAmounts = payments.every((p) => p.currency === tab.currency || !tab.rates.has(p.currency));
  const shortened = sameAmounts ? settleAfterPayments(before, payments, tab.people, circles) : null;
  // A payment in a converted currency moves the rounding: the plan then starts from the balances after it.
  return shortened !== null && clearsEveryBalance(after, shortened) ? shortened : fewestTransfers(after, tab.people, circles);
}

/** Everyone numbered by the circle they settle in: people joined by any bill or payment are in one. */
function circlesOf(tab: TabLedger): Circles {
  const parent = new Map(tab.people.map((p) => [p, p]));
  const root = (p: string): string => {
    while (parent.get(p) !== p) p = parent.get(p)!;
    return p;
  };
  const join = (people: readonly string[]) => people.slice(1).forEach((p) => parent.set(root(p), root(people[0]!)));
  for (const bill of tab.bills) join([...bill.paid.keys(), ...bill.owed.keys()]);
  for (const payment of tab.payments) join([payment.from, payment.to]);
  const numbers = new Map<string, number>();
  return new Map(tab.people.map((p) => [p, numbers.get(root(p)) ?? numbers.set(root(p), numbers.size).get(root(p))!]));
}

function settlementCurrency(tab: TabLedger, currency: CurrencyCode): CurrencyCode {
  return tab.rates.has(currency) ? tab.currency : currency;
}

function usesCurrency(tab: TabLedger, currency: CurrencyCode): boolean {
  return tab.bills.some((b) => b.currency === currency) || tab.payments.some((p) => p.currency === currency);
}

/** Balances per currency, with every currency that has a rate turned into the tab's own and added there. */
function inSettlementCurrencies(tab: TabLedger, byCurrency: Map<CurrencyCode, Map<string, number>>): Map<CurrencyCode, Map<string, number>> {
  const settled = new Map<CurrencyCode, Map<string, number>>();
  const add = (currency: CurrencyCode, balances: ReadonlyMap<string, number>) => {
    const into = settled.get(currency) ?? new Map(tab.people.map((p) => [p, 0]));
    for (const [person, amount] of balances) into.set(person, (into.get(person) ?? 0) + amount);
    settled.set(currency, into);
  };
  for (const [currency, balances] of byCurrency) {
    const rate = currency === tab.currency ? undefined : tab.rates.get(currency);
    if (rate === undefined) {
      add(currency, balances);
      continue;
    }
    const people = [...balances.keys()];
    const { shares } = convertShares(
      people.map((p) => minor(balances.get(p)!, currency)),
      rate,
    );
    add(tab.currency, new Map(people.map((p, k) => [p, shares[k]!])));
  }
  return settled;
}

function total(amounts: Iterable<number>): number {
  let sum = 0;
  for (const amount of amounts) sum += amount;
  return sum;
}
