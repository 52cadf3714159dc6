import type { Bill } from '../../../domain/bill';
import { capabilityKey } from '../../../domain/capability-key';
import type { CurrencyCode } from '../../../domain/currency';
import { parsePayee, type PayeeProblem } from '../../../domain/paying-back/payee';
import { err, ok, type Result } from '../../../domain/result';
import { shortId } from '../../../domain/paying-back/stored-bill';
import {
  checkPersonName,
  isAmount,
  expenseBill,
  samePersonName,
  TAB_LIMITS,
  type Tab,
  type TabChange,
  type TabId,
  type TabPayer,
  type TabPerson,
  type TabProblem,
  type TabRefusal,
  tidyName,
} from '../../../domain/tab/tab';
import { tabCsv } from '../../../domain/tab/tab-csv';
import { tabView, type TabView } from '../../../domain/tab/tab-view';
import type { Clock } from '../../../ports/clock';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { Secrets } from '../../../ports/secrets';
import type { DecideTabChange, TabEvents, TabStore } from '../../../ports/tabs';

/** What a phone asks of a tab; the server makes the ids and works out every amount it can. */
export type TabRequest =
  | { readonly type: 'addPerson'; readonly name: string }
  | {
      readonly type: 'setPayTo';
      readonly personId: string;
      readonly monzo: string;
      readonly revolut: string;
      readonly paypal: string;
      readonly iban?: string | undefined;
      readonly bic?: string | undefined;
      readonly upi?: string | undefined;
    }
  | { readonly type: 'addExpense'; readonly name: string; readonly amount: number; readonly currency: CurrencyCode; readonly payers: readonly TabPayer[]; readonly sharedBy: readonly string[] }
  /** A bill from the Summary: its diners are matched to the tab's people by name, and payers are diner ids. */
  | { readonly type: 'addBill'; readonly bill: Bill; readonly payers: readonly { readonly dinerId: string; readonly amount: number }[] }
  | { readonly type: 'setPayers'; readonly billId: string; readonly payers: readonly TabPayer[] }
  | { readonly type: 'removeBill'; readonly billId: string }
  | { readonly type: 'recordTransfer'; readonly from: string; readonly to: string; readonly amount: number; readonly currency: CurrencyCode; readonly shownAt?: number | undefined }
  | { readonly type: 'undoTransfer'; readonly transferId: string }
  | { readonly type: 'setRate'; readonly currency: CurrencyCode; readonly rate: string | null };

/** A tab a group opens for a trip: a few a day from one address; more is someone farming links. */
const OPENS_PER_CLIENT: RateLimit = { max: 30, windowSeconds: 3600 };
/** A group at a table adds and pays a few times a minute; this many from one address is a runaway client. */
const CHANGES_PER_CLIENT: RateLimit = { max: 120, windowSeconds: 60 };

export type RateLimited = { readonly code: 'rate_limited'; readonly retryAfterSeconds: number };

export interface OpenedTab {
  readonly view: TabView;
  /** Travels in the tab's link only (its fragment): whoever has it sees the tab and adds to it. */
  readonly key: string;
}

/** Opening a tab, reading and changing it with its key, and following its changes. */
export class Tabs {
  private readonly views = new WeakMap<Tab, TabView>();

  constructor(
    private readonly store: TabStore,
    private readonly events: TabEvents,
    private readonly clock: Clock,
    private readonly secrets: Secrets,
    private readonly limiter: RateLimiter,
  ) {}

  async open(request: { readonly name: string; readonly currency: CurrencyCode; readonly people: readonly string[] }, clientKey: string): Promise<Result<OpenedTab, TabProblem | RateLimited>> {
    const decision = await this.limiter.hit(`tab:open:${clientKey}`, OPENS_PER_CLIENT);
    if (!decision.allowed) return err({ code: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds });
    const name = tidyName(request.name);
    if (name === '') return err({ code: 'name_empty', field: 'name' });
    if ([...name].length > TAB_LIMITS.name) return err({ code: 'name_too_long', field: 'name' });
    if (request.people.length > TAB_LIMITS.people) return err({ code: 'tab_full' });
    let people: TabPerson[] = [];
    for (const raw of request.people) {
      const checked = checkPersonName({ people }, raw);
      if (!checked.ok) return checked;
      people = [...people, { id: this.newId(), name: checked.value, payTo: null }];
    }
    const tab: Tab = { id: shortId(this.secrets.randomBytes(24), 24) as TabId, name, currency: request.currency, people, bills: [], transfers: [], rates: {}, version: 1 };
    const key = capabilityKey(this.secrets.randomBytes(16));
    await this.store.create(tab, this.secrets.hash(key));
    return ok({ view: tabView(tab), key });
  }

  async read(tabId: TabId, key: string): Promise<Result<TabView, { readonly code: 'not_found' }>> {
    const tab = await this.store.find(tabId, this.secrets.hash(key));
    return tab === null ? err({ code: 'not_found' }) : ok(tabView(tab));
  }

  async csv(tabId: TabId, key: string): Promise<Result<string, { readonly code: 'not_found' }>> {
    const view = await this.read(tabId, key);
    return view.ok ? ok(tabCsv(view.value)) : view;
  }

  async change(tabId: TabId, key: string, request: TabRequest, clientKey: string): Promise<Result<TabView, TabRefusal | RateLimited>> {
    const decision = await this.limiter.hit(`tab:changes:${clientKey}`, CHANGES_PER_CLIENT);
    if (!decision.allowed) return err({ code: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds });
    const decide = this.decisionFor(request);
    if (!decide.ok) return decide;
    const changed = await this.store.change(tabId, this.secrets.hash(key), decide.value);
    return changed.ok ? ok(this.viewOf(changed.value)) : changed;
  }

  /** Every version after the one returned goes to `onView`, as the tab's people see it, until `close`. */
  async watch(tabId: TabId, key: string, onView: (view: TabView) => void): Promise<Result<{ readonly view: TabView; close(): void }, { readonly code: 'not_found' }>> {
    const keyHash = this.secrets.hash(key);
    if ((await this.store.find(tabId, keyHash)) === null) return err({ code: 'not_found' });
    const stop = await this.events.subscribe(tabId, (tab) => onView(this.viewOf(tab)));
    // Read after subscribing: nothing committed in between is missed (a version may come twice; phones keep the newest).
    const tab = await this.store.find(tabId, keyHash);
    if (tab === null) {
      stop();
      return err({ code: 'not_found' });
    }
    return ok({ view: this.viewOf(tab), close: stop });
  }

  /** How the request decides its change once the tab is locked; pay details, which need no tab, are checked first. */
  private decisionFor(request: TabRequest): Result<DecideTabChange, TabRefusal> {
    if (request.type !== 'setPayTo') return ok((tab) => this.decide(tab, request));
    const payee = payToOf(request);
    if (!payee.ok) return err({ code: 'bad_pay_to', field: payee.error.field, message: payee.error.message });
    return ok(() => ok({ type: 'setPayTo', personId: request.personId, payTo: payee.value, at: this.clock.now().toISOString() }));
  }

  /** The change a request makes on the tab as it stands. */
  private decide(tab: Tab, request: Exclude<TabRequest, { readonly type: 'setPayTo' }>): Result<TabChange, TabProblem> {
    switch (request.type) {
      case 'addPerson':
        return ok({ type: 'addPerson', personId: this.newId(), name: request.name });
      case 'addExpense': {
        if (!isAmount(request.amount) || request.amount === 0) return err({ code: 'bad_amount', field: 'amount' });
        if (request.sharedBy.length === 0) return err({ code: 'nobody_shares', field: 'sharedBy' });
        const unknown = request.sharedBy.find((id) => !tab.people.some((p) => p.id === id));
        if (unknown !== undefined) return err({ code: 'unknown_person', field: 'sharedBy' });
        const bill = expenseBill({ name: request.name.trim() || 'Expense', amount: request.amount, currency: request.currency, sharedBy: request.sharedBy, people: tab.people });
        return ok({ type: 'addBill', billId: this.newId(), bill, payers: request.payers, newPeople: [] });
      }
      case 'addBill':
        return this.billJoining(tab, request.bill, request.payers);
      case 'setPayers':
        return ok({ type: 'setPayers', billId: request.billId, payers: request.payers });
      case 'removeBill':
        return ok({ type: 'removeBill', billId: request.billId });
      case 'recordTransfer': {
        const { from, to, amount, currency, shownAt } = request;
        return ok({ type: 'recordTransfer', transfer: { id: this.newId(), from, to, amount, currency, at: this.clock.now().toISOString() }, shownAt });
      }
      case 'undoTransfer':
        return ok({ type: 'undoTransfer', transferId: request.transferId });
      case 'setRate':
        return ok({ type: 'setRate', currency: request.currency, rate: request.rate });
    }
  }

  /** The bill with its diners as the tab's people (matched by name, else new), and its payers as people. */
  private billJoining(tab: Tab, bill: Bill, payers: readonly { readonly dinerId: string; readonly amount: number }[]): Result<TabChange, TabProblem> {
    const newPeople: TabPerson[] = [];
    const personOf = new Map<string, string>();
    for (const diner of bill.diners) {
      const known = [...tab.people, ...newPeople].find((p) => samePersonName(p.name, diner.name));
      // Two diners of one bill are two people: "Zed" and "zed" cannot both be the tab's Zed.
      if (known !== undefined && [...personOf.values()].includes(known.id)) return err({ code: 'name_taken', field: 'name' });
      const person = known ?? { id: this.newId(), name: diner.name, payTo: null };
      if (known === undefined) newPeople.push(person);
      personOf.set(diner.id, person.id);
    }
    const asPerson = (dinerId: string) => personOf.get(dinerId) ?? dinerId;
    const onTab: Bill = {
      ...bill,
      diners: bill.diners.map((d) => ({ id: asPerson(d.id), name: d.name })),
      items: bill.items.map((item) => ({
        ...item,
        assignedTo: item.assignedTo.map(asPerson),
        ...(item.portions ? { portions: { ...item.portions, counts: Object.fromEntries(Object.entries(item.portions.counts).map(([d, n]) => [asPerson(d), n])) } } : {}),
      })),
      payerId: null,
    };
    return ok({ type: 'addBill', billId: this.newId(), bill: onTab, payers: payers.map((p) => ({ personId: asPerson(p.dinerId), amount: p.amount })), newPeople });
  }

  /** Every phone watching a tab in this process is told the same version: its view is worked out once. */
  private viewOf(tab: Tab): TabView {
    let view = this.views.get(tab);
    if (view === undefined) this.views.set(tab, (view = tabView(tab)));
    return view;
  }

  private newId(): string {
    return shortId(this.secrets.randomBytes(12), 12);
  }
}

/** A person's pay details checked as the organiser's are (handles, IBAN, BIC, UPI id); the name is the person's own. */
function payToOf(request: Extract<TabRequest, { type: 'setPayTo' }>): Result<NonNullable<TabPerson['payTo']>, PayeeProblem> {
  const { type: _type, personId: _personId, ...details } = request;
  const payee = parsePayee({ name: 'them', ...details });
  if (!payee.ok) return payee;
  const { name: _name, ...payTo } = payee.value;
  return ok(payTo);
}
