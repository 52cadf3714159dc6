import { billSplit, type Bill } from '../bill';
import type { BillSplit } from '../split';
import { parseRate } from '../conversion';
import type { CurrencyCode } from '../currency';
import { minorUnits } from '../money';
import type { Payee } from '../paying-back/payee';
import { err, ok, type Result } from '../result';
import { settleTab, type TabLedger } from './tab-ledger';
import { paidAgainstTotalText } from './tab-messages';

// A tab: a group's running account across bills (a trip, a weekend, every Friday). Anyone with its
// link sees it and adds to it; there are no accounts. Each bill keeps its items, shares and currency,
// and is read through the one domain split; who paid it is a list of people and amounts.

export type TabId = string & { readonly __brand: 'TabId' };

const TAB_ID = /^[a-z0-9]{20,40}$/;
export function tabIdOf(value: unknown): TabId | null {
  return typeof value === 'string' && TAB_ID.test(value) ? (value as TabId) : null;
}

/** Amounts in minor units: an expense, what one payer paid, one transfer. */
export const TAB_LIMITS = { people: 40, bills: 300, payments: 2000, name: 60, personName: 20, amount: 1_000_000_000 } as const;

/** A person on the tab, with where they want to be paid (their own, as each person types it). */
export interface TabPerson {
  readonly id: string;
  readonly name: string;
  readonly payTo: Omit<Payee, 'name'> | null;
  /**
   * When details already given were replaced by others (ISO): anyone with the link can change them,
   * so everyone paying this person is told before they pay. Absent until then.
   */
  readonly payToChangedAt?: string | undefined;
}

/** Who paid a bill and how much (minor units of the bill's currency). */
export interface TabPayer {
  readonly personId: string;
  readonly amount: number;
}

/** A bill on the tab: the one Bill (its diners are the tab's people) and who paid it. */
export interface TabBill {
  readonly id: string;
  readonly bill: Bill;
  readonly payers: readonly TabPayer[];
}

/** Money one person sent another to settle up, recorded by either of them. */
export interface TabTransferMade {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly amount: number;
  readonly currency: CurrencyCode;
  readonly at: string;
  /** The tab's version once it was recorded. */
  readonly version: number;
}

export interface Tab {
  readonly id: TabId;
  readonly name: string;
  /** The currency balances are shown in where a rate turns another currency into it. */
  readonly currency: CurrencyCode;
  readonly people: readonly TabPerson[];
  readonly bills: readonly TabBill[];
  readonly transfers: readonly TabTransferMade[];
  /** Currency → one of it in the tab's currency, as typed ("1.17"). */
  readonly rates: Readonly<Record<string, string>>;
  readonly version: number;
}

export type TabProblem =
  | { readonly code: 'name_empty' | 'name_too_long' | 'name_taken'; readonly field: 'name' }
  | { readonly code: 'unknown_person'; readonly field: string }
  | { readonly code: 'unknown_bill' | 'unknown_transfer' | 'already_paid' }
  | { readonly code: 'payers_off'; readonly field: 'payers'; readonly difference: number; readonly currency: CurrencyCode }
  | { readonly code: 'bad_amount'; readonly field: string }
  | { readonly code: 'same_person'; readonly field: 'to' }
  | { readonly code: 'bad_rate'; readonly field: 'rate' }
  | { readonly code: 'nobody_shares'; readonly field: 'sharedBy' }
  | { readonly code: 'tab_full' | 'too_large' };

/** Why a tab was not opened, read or changed: a problem with the change, or with the link. */
export type TabRefusal = TabProblem | { readonly code: 'not_found' } | { readonly code: 'bad_pay_to'; readonly field: string; readonly message: string };

/** What one change asks of the tab; ids for new things are made by the caller (random, unguessable). */
export type TabChange =
  | { readonly type: 'addPerson'; readonly personId: string; readonly name: string }
  | { readonly type: 'setPayTo'; readonly personId: string; readonly payTo: TabPerson['payTo']; readonly at: string }
  /** With the people the bill brings that the tab did not have yet (its diners matched by name). */
  | { readonly type: 'addBill'; readonly billId: string; readonly bill: Bill; readonly payers: readonly TabPayer[]; readonly newPeople: readonly TabPerson[] }
  | { readonly type: 'setPayers'; readonly billId: string; readonly payers: readonly TabPayer[] }
  | { readonly type: 'removeBill'; readonly billId: string }
  /** `shownAt`: the version of the tab the phone showed the transfer at ("Mark paid"), so a second tap is not a second payment. */
  | { readonly type: 'recordTransfer'; readonly transfer: Omit<TabTransferMade, 'version'>; readonly shownAt?: number | undefined }
  | { readonly type: 'undoTransfer'; readonly transferId: string }
  | { readonly type: 'setRate'; readonly currency: CurrencyCode; readonly rate: string | null };

/** A name as the tab keeps it (its own, or a person's): trimmed, runs of spaces made one. */
export function tidyName(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ');
}

/** A person's name as the tab keeps it: tidied, unique on the tab whatever its case and spaces. */
export function checkPersonName(tab: Pick<Tab, 'people'>, raw: string): Result<string, TabProblem> {
  const name = tidyName(raw);
  if (name === '') return err({ code: 'name_empty', field: 'name' });
  if ([...name].length > TAB_LIMITS.personName) return err({ code: 'name_too_long', field: 'name' });
  if (tab.people.some((p) => samePersonName(p.name, name))) return err({ code: 'name_taken', field: 'name' });
  return ok(name);
}

export function samePersonName(a: string, b: string): boolean {
  const key = (s: string) => tidyName(s).toLocaleLowerCase('en-GB');
  return key(a) === key(b);
}

/**
 * The tab after one change, or why it cannot be made on the tab as it now stands. A change after
 * which the balances could not be worked out exactly (amounts past what a number holds to the unit,
 * at an extreme rate) is refused, so a tab that opens once always opens.
 */
export function changeTab(tab: Tab, change: TabChange): Result<Tab, TabProblem> {
  const changed = applyChange(tab, change);
  if (changed.ok && !settlesExactly(changed.value)) return err({ code: 'too_large' });
  return changed;
}

function settlesExactly(tab: Tab): boolean {
  try {
    settleTab(tabLedgerOf(tab));
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}

function applyChange(tab: Tab, change: TabChange): Result<Tab, TabProblem> {
  const next = (fields: Partial<Tab>): Result<Tab, TabProblem> => ok({ ...tab, ...fields, version: tab.version + 1 });
  const known = (personId: string) => tab.people.some((p) => p.id === personId);
  switch (change.type) {
    case 'addPerson': {
      if (tab.people.length >= TAB_LIMITS.people) return err({ code: 'tab_full' });
      const name = checkPersonName(tab, change.name);
      if (!name.ok) return name;
      return next({ people: [...tab.people, { id: change.personId, name: name.value, payTo: null }] });
    }
    case 'setPayTo':
      if (!known(change.personId)) return err({ code: 'unknown_person', field: 'personId' });
      return next({ people: tab.people.map((p) => (p.id === change.personId ? withPayTo(p, change.payTo, change.at) : p)) });
    case 'addBill': {
      if (tab.bills.length >= TAB_LIMITS.bills || tab.people.length + change.newPeople.length > TAB_LIMITS.people) return err({ code: 'tab_full' });
      let people = tab.people;
      for (const person of change.newPeople) {
        const name = checkPersonName({ people }, person.name);
        if (!name.ok) return name;
        people = [...people, { ...person, name: name.value }];
      }
      const checked = checkBill({ ...tab, people }, change.bill, change.payers);
      if (!checked.ok) return checked;
      return next({ people, bills: [...tab.bills, { id: change.billId, bill: change.bill, payers: change.payers }] });
    }
    case 'setPayers': {
      const found = tab.bills.find((b) => b.id === change.billId);
      if (found === undefined) return err({ code: 'unknown_bill' });
      const checked = checkBill(tab, found.bill, change.payers);
      if (!checked.ok) return checked;
      return next({ bills: tab.bills.map((b) => (b === found ? { ...b, payers: change.payers } : b)) });
    }
    case 'removeBill':
      if (!tab.bills.some((b) => b.id === change.billId)) return err({ code: 'unknown_bill' });
      return next({ bills: tab.bills.filter((b) => b.id !== change.billId) });
    case 'recordTransfer': {
      const t = change.transfer;
      if (tab.transfers.length >= TAB_LIMITS.payments) return err({ code: 'tab_full' });
      if (!known(t.from)) return err({ code: 'unknown_person', field: 'from' });
      if (!known(t.to)) return err({ code: 'unknown_person', field: 'to' });
      if (t.from === t.to) return err({ code: 'same_person', field: 'to' });
      if (!isAmount(t.amount) || t.amount === 0) return err({ code: 'bad_amount', field: 'amount' });
      const shownAt = change.shownAt;
      if (shownAt !== undefined && tab.transfers.some((x) => x.from === t.from && x.to === t.to && x.version > shownAt)) return err({ code: 'already_paid' });
      return next({ transfers: [...tab.transfers, { ...t, version: tab.version + 1 }] });
    }
    case 'undoTransfer':
      if (!tab.transfers.some((t) => t.id === change.transferId)) return err({ code: 'unknown_transfer' });
      return next({ transfers: tab.transfers.filter((t) => t.id !== change.transferId) });
    case 'setRate': {
      if (change.rate === null || change.currency === tab.currency) {
        const { [change.currency]: _dropped, ...rest } = tab.rates;
        return next({ rates: rest });
      }
      const rate = parseRate(change.rate, change.currency, tab.currency);
      if (!rate.ok) return err({ code: 'bad_rate', field: 'rate' });
      return next({ rates: { ...tab.rates, [change.currency]: rate.value.text } });
    }
  }
}

/** A bill joins the tab only when its diners are the tab's people and its payers pay exactly its total. */
function checkBill(tab: Pick<Tab, 'people'>, bill: Bill, payers: readonly TabPayer[]): Result<null, TabProblem> {
  const people = new Set(tab.people.map((p) => p.id));
  if (bill.diners.some((d) => !people.has(d.id))) return err({ code: 'unknown_person', field: 'bill.diners' });
  if (payers.some((p) => !people.has(p.personId))) return err({ code: 'unknown_person', field: 'payers' });
  if (payers.some((p) => !isAmount(p.amount))) return err({ code: 'bad_amount', field: 'payers' });
  const split = billSplit(bill);
  if (split.shares.every((s) => s.totalPence === 0) && split.totalPence > 0) return err({ code: 'nobody_shares', field: 'sharedBy' });
  const owed = split.totalPence - split.unassignedPence;
  const difference = payers.reduce((sum, p) => sum + p.amount, 0) - owed;
  if (difference !== 0) return err({ code: 'payers_off', field: 'payers', difference, currency: bill.currency });
  return ok(null);
}

/** A whole number of minor units from 0 up to the tab's limit. */
export function isAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount >= 0 && amount <= TAB_LIMITS.amount;
}

/** A plain expense typed on the tab ("Taxi £24, Ana paid, split equally") as a bill of one line. */
export function expenseBill(p: { readonly name: string; readonly amount: number; readonly currency: CurrencyCode; readonly sharedBy: readonly string[]; readonly people: readonly TabPerson[] }): Bill {
  const diners = p.people.filter((person) => p.sharedBy.includes(person.id)).map(({ id, name }) => ({ id, name }));
  return {
    currency: p.currency,
    name: p.name,
    diners,
    items: [{ id: 'expense', name: p.name, pricePence: minorUnits(p.amount), kind: 'item', assignedTo: diners.map((d) => d.id) }],
    tipPence: minorUnits(0),
    tipSplit: 'equal',
    tipSharers: 'allDiners',
    payerId: null,
  };
}

/**
 * The tab's money as the settling-up arithmetic reads it: each bill's shares from the one split
 * (`splits`, one per bill in order, when the caller has already worked them out).
 */
export function tabLedgerOf(tab: Tab, splits: readonly BillSplit[] = tab.bills.map((b) => billSplit(b.bill))): TabLedger {
  const rates = new Map();
  for (const [currency, text] of Object.entries(tab.rates)) {
    const rate = parseRate(text, currency as CurrencyCode, tab.currency);
    if (rate.ok) rates.set(currency, rate.value);
  }
  return {
    currency: tab.currency,
    people: tab.people.map((p) => p.id),
    bills: tab.bills.map(({ id, bill, payers }, k) => ({
      name: bill.name ?? id,
      currency: bill.currency,
      paid: sumBy(payers.map((p) => [p.personId, p.amount])),
      owed: sumBy(splits[k]!.shares.map((s) => [s.dinerId, s.totalPence])),
    })),
    payments: tab.transfers.map(({ from, to, amount, currency }) => ({ from, to, amount, currency })),
    rates,
  };
}

function sumBy(entries: readonly (readonly [string, number])[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const [key, amount] of entries) sums.set(key, (sums.get(key) ?? 0) + amount);
  return sums;
}

export const TAB_PROBLEM_MESSAGES: Record<Exclude<TabProblem['code'], 'payers_off'>, string> & { not_found: string; forbidden: string } = {
  name_empty: 'Enter a name',
  name_too_long: `Names can be at most ${TAB_LIMITS.personName} characters`,
  name_taken: 'Someone on this tab already has that name',
  unknown_person: 'That person is not on this tab',
  unknown_bill: 'That bill is no longer on this tab',
  unknown_transfer: 'That payment is no longer on this tab',
  already_paid: 'Someone has just marked this payment. Check the tab before marking it again.',
  bad_amount: 'Enter an amount greater than 0',
  same_person: 'Someone cannot pay themselves',
  bad_rate: 'Enter the rate as a number greater than 0, such as 0.86.',
  nobody_shares: 'Choose who shares this bill',
  tab_full: 'This tab is full',
  too_large: 'These amounts are too large to settle exactly. Check the amounts and the rate.',
  not_found: 'This tab was not found. Check the link.',
  forbidden: 'This link cannot change the tab.',
};

/** A refused change in words; for payers that do not add up, by how much. */
export function tabProblemText(problem: TabProblem): string {
  if (problem.code !== 'payers_off') return TAB_PROBLEM_MESSAGES[problem.code];
  return paidAgainstTotalText(problem.difference, problem.currency);
}

/** A person's new pay details; replacing details they had (not giving the first, nor clearing them) is dated. */
function withPayTo(person: TabPerson, payTo: TabPerson['payTo'], at: string): TabPerson {
  const replaced = person.payTo !== null && payTo !== null && !samePayTo(person.payTo, payTo);
  return { ...person, payTo, ...(replaced ? { payToChangedAt: at } : {}) };
}

function samePayTo(a: NonNullable<TabPerson['payTo']>, b: NonNullable<TabPerson['payTo']>): boolean {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof typeof a)[]);
  return [...fields].every((field) => (a[field] ?? null) === (b[field] ?? null));
}
