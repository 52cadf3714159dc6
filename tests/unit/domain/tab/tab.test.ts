import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from '../../../../domain/currency';
import { minorUnits } from '../../../../domain/money';
import { changeTab, expenseBill, tabProblemText, type Tab, type TabId } from '../../../../domain/tab/tab';
import { tabCsv } from '../../../../domain/tab/tab-csv';
import { tabView } from '../../../../domain/tab/tab-view';

// Issue 38: the tab's own rules (who may be on it, what a bill needs to join it) and the view and
// CSV worked out from it on the server.

const EUR = 'EUR' as CurrencyCode;
const GBP = 'GBP' as CurrencyCode;

const people: Tab['people'] = [
  { id: 'ana', name: 'Ana', payTo: { monzo: 'anafox', revolut: null, paypal: 'anafox', iban: null, bic: null, upi: null } },
  { id: 'ben', name: 'Ben', payTo: null },
  { id: 'cat', name: 'Cat', payTo: null },
];
const emptyTab: Tab = { id: 'tab1tab1tab1tab1tab1tab1' as TabId, name: 'Lisbon', currency: GBP, people, bills: [], transfers: [], rates: {}, version: 1 };

function withExpense(tab: Tab, name: string, amount: number, currency: CurrencyCode, payers: { personId: string; amount: number }[]): Tab {
  const bill = expenseBill({ name, amount, currency, sharedBy: ['ana', 'ben', 'cat'], people: tab.people });
  const changed = changeTab(tab, { type: 'addBill', billId: name, bill, payers, newPeople: [] });
  if (!changed.ok) throw new Error(changed.error.code);
  return changed.value;
}

describe('a tab changed', () => {
  it('takes a bill whose payers pay exactly its total, and says by how much they do not', () => {
    const bill = expenseBill({ name: 'Taxi', amount: 2400, currency: GBP, sharedBy: ['ana', 'ben'], people });
    const short = changeTab(emptyTab, { type: 'addBill', billId: 'b', bill, payers: [{ personId: 'ana', amount: 2000 }], newPeople: [] });
    expect(short.ok).toBe(false);
    if (!short.ok) expect(tabProblemText(short.error)).toBe("The amounts paid come to £4.00 less than the bill's total");
    const over = changeTab(emptyTab, {
      type: 'addBill',
      billId: 'b',
      bill,
      payers: [
        { personId: 'ana', amount: 2000 },
        { personId: 'ben', amount: 401 },
      ],
      newPeople: [],
    });
    if (!over.ok) expect(tabProblemText(over.error)).toBe("The amounts paid come to £0.01 more than the bill's total");
    const exact = changeTab(emptyTab, {
      type: 'addBill',
      billId: 'b',
      bill,
      payers: [
        { personId: 'ana', amount: 2000 },
        { personId: 'ben', amount: 400 },
      ],
      newPeople: [],
    });
    expect(exact.ok && exact.value.version).toBe(2);
  });

  it('refuses a payer or diner who is not on the tab, and a name already on it', () => {
    const stranger = expenseBill({ name: 'Taxi', amount: 100, currency: GBP, sharedBy: ['ana'], people });
    expect(changeTab(emptyTab, { type: 'addBill', billId: 'b', bill: stranger, payers: [{ personId: 'zed', amount: 100 }], newPeople: [] })).toMatchObject({
      ok: false,
      error: { code: 'unknown_person', field: 'payers' },
    });
    expect(changeTab(emptyTab, { type: 'addPerson', personId: 'p', name: ' BEN ' })).toMatchObject({ ok: false, error: { code: 'name_taken' } });
    expect(changeTab(emptyTab, { type: 'recordTransfer', transfer: { id: 't', from: 'ana', to: 'ana', amount: 100, currency: GBP, at: '' } })).toMatchObject({
      ok: false,
      error: { code: 'same_person' },
    });
    expect(changeTab(emptyTab, { type: 'recordTransfer', transfer: { id: 't', from: 'ana', to: 'ben', amount: 0, currency: GBP, at: '' } })).toMatchObject({
      ok: false,
      error: { code: 'bad_amount' },
    });
  });

  it('records a payment marked from the plan once, however many phones mark it', () => {
    const tab = withExpense(emptyTab, 'Taxi', 3000, GBP, [{ personId: 'ana', amount: 3000 }]);
    const mark = (id: string, on: Tab) => changeTab(on, { type: 'recordTransfer', transfer: { id, from: 'ben', to: 'ana', amount: 1000, currency: GBP, at: '' }, shownAt: tab.version });
    const first = mark('t1', tab);
    if (!first.ok) throw new Error(first.error.code);
    expect(mark('t2', first.value)).toMatchObject({ ok: false, error: { code: 'already_paid' } });
  });

  it('refuses a rate that would take the balances past what a number holds exactly', () => {
    const yen = withExpense(emptyTab, 'Hotel', 900_000_000, 'JPY' as CurrencyCode, [{ personId: 'ana', amount: 900_000_000 }]);
    expect(changeTab(yen, { type: 'setRate', currency: 'JPY' as CurrencyCode, rate: '9999999' })).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect(changeTab(yen, { type: 'setRate', currency: 'JPY' as CurrencyCode, rate: '0.0053' }).ok).toBe(true);
  });

  it('brings a bill’s new people with it, each name once', () => {
    const bill = { ...expenseBill({ name: 'Pub', amount: 900, currency: GBP, sharedBy: ['ana'], people }), diners: [{ id: 'dan', name: 'Dan' }] };
    const withDan = changeTab(emptyTab, {
      type: 'addBill',
      billId: 'b',
      bill: { ...bill, items: [{ ...bill.items[0]!, assignedTo: ['dan'] }] },
      payers: [{ personId: 'dan', amount: 900 }],
      newPeople: [{ id: 'dan', name: 'Dan', payTo: null }],
    });
    expect(withDan.ok && withDan.value.people.map((p) => p.name)).toEqual(['Ana', 'Ben', 'Cat', 'Dan']);
    expect(changeTab(emptyTab, { type: 'addBill', billId: 'b', bill, payers: [], newPeople: [{ id: 'x', name: 'cat', payTo: null }] })).toMatchObject({ ok: false, error: { code: 'name_taken' } });
  });
});

describe('pay details replaced', () => {
  const setPayTo = (tab: Tab, iban: string | null, at: string) => {
    const changed = changeTab(tab, { type: 'setPayTo', personId: 'ben', payTo: iban === null ? null : { monzo: null, revolut: null, paypal: null, iban, bic: null, upi: null }, at });
    if (!changed.ok) throw new Error(changed.error.code);
    return changed.value;
  };
  const ben = (tab: Tab) => tab.people.find((p) => p.id === 'ben')!;

  it('are dated when details given before are replaced by others, not when given first, given again alike or taken away', () => {
    const first = setPayTo(emptyTab, 'DE89370400440532013000', '2026-11-27T19:00:00.000Z');
    expect(ben(first).payToChangedAt).toBeUndefined();
    expect(ben(setPayTo(first, 'DE89370400440532013000', '2026-11-27T19:30:00.000Z')).payToChangedAt).toBeUndefined();
    expect(ben(setPayTo(first, null, '2026-11-27T19:30:00.000Z')).payToChangedAt).toBeUndefined();
    const replaced = setPayTo(first, 'GB82WEST12345698765432', '2026-11-27T20:00:00.000Z');
    expect(ben(replaced).payToChangedAt).toBe('2026-11-27T20:00:00.000Z');
    expect(ben(setPayTo(replaced, 'GB82WEST12345698765432', '2026-11-28T09:00:00.000Z')).payToChangedAt).toBe('2026-11-27T20:00:00.000Z');
  });
});

describe('the tab as every phone sees it', () => {
  const tab = withExpense(withExpense(emptyTab, "Friday's dinner", 6000, GBP, [{ personId: 'ana', amount: 6000 }]), 'Lunch', 3000, EUR, [{ personId: 'ben', amount: 3000 }]);

  it('settles each currency on its own until a rate joins them, and shows the rate', () => {
    expect(tabView(tab).settlements.map((s) => [s.currency, s.transfers.map((t) => `${t.fromName}>${t.toName} ${t.amountText}`)])).toEqual([
      [GBP, ['Ben>Ana £20.00', 'Cat>Ana £20.00']],
      [EUR, ['Ana>Ben €10.00', 'Cat>Ben €10.00']],
    ]);
    const rated = changeTab(tab, { type: 'setRate', currency: EUR, rate: '0.85' });
    if (!rated.ok) throw new Error(rated.error.code);
    const [settlement, ...others] = tabView(rated.value).settlements;
    expect(others).toEqual([]);
    expect(settlement!.rates).toEqual(['€1.00 = 0.85 GBP']);
    expect(settlement!.transfers.map((t) => `${t.fromName}>${t.toName} ${t.amountText}`)).toEqual(['Ben>Ana £3.00', 'Cat>Ana £28.50']);
  });

  it('gives the payee’s pay links with the amount, and a reason for each transfer', () => {
    const [pounds] = tabView(tab).settlements;
    const benToAna = pounds!.transfers[0]!;
    expect(benToAna.payLinks.map((l) => l.url)).toEqual(['https://monzo.me/anafox/20.00?d=Lisbon', 'https://paypal.me/anafox/20.00GBP']);
    expect(benToAna.reason).toBe("Ben pays Ana £20.00: Ana paid £60.00 for Friday's dinner, Ben's share was £20.00");
  });

  it('gives a euro transfer to someone with an IBAN a bank code with its exact amount, and a rupee one a UPI link', () => {
    const withAccounts = (payTo: Partial<NonNullable<Tab['people'][number]['payTo']>>, currency: CurrencyCode) => {
      const ana = { ...people[0]!, payTo: { ...people[0]!.payTo!, ...payTo } };
      return tabView(withExpense({ ...emptyTab, currency, people: [ana, ...people.slice(1)] }, 'Dinner', 6001, currency, [{ personId: 'ana', amount: 6001 }])).settlements[0]!.transfers;
    };
    const [euros] = withAccounts({ iban: 'DE89370400440532013000' }, EUR);
    expect(euros!.code).toMatchObject({ provider: 'epc', account: 'DE89 3704 0044 0532 0130 00', amount: '€20.00' });
    expect(euros!.code!.qr.split('\n').slice(0, 8)).toEqual(['BCD', '002', '1', 'SCT', '', 'Ana', 'DE89370400440532013000', 'EUR20.00']);
    const [rupees] = withAccounts({ upi: 'ana@okaxis' }, 'INR' as CurrencyCode);
    expect(rupees!.code?.qr).toMatch(/^upi:\/\/pay\?pa=ana@okaxis&pn=Ana&am=20\.00&cu=INR/);
    expect(withAccounts({}, EUR)[0]!.code).toBeNull();
  });

  it('exports every bill, share, payment made and transfer as CSV', () => {
    const paid = changeTab(tab, { type: 'recordTransfer', transfer: { id: 't1', from: 'cat', to: 'ana', amount: minorUnits(500), currency: GBP, at: '2026-11-27T20:00:00.000Z' } });
    if (!paid.ok) throw new Error(paid.error.code);
    const lines = tabCsv(tabView(paid.value)).trimEnd().split('\r\n');
    expect(lines[0]).toBe('section,bill or person,currency,total,paid by,Ana,Ben,Cat');
    expect(lines).toContain("bill,Friday's dinner,GBP,60.00,Ana 60.00,20.00,20.00,20.00");
    expect(lines).toContain('paid,Cat → Ana,GBP,5.00,2026-11-27T20:00:00.000Z,,,');
    expect(lines).toContain('balance,,GBP,,,35.00,-20.00,-15.00');
    expect(lines.filter((l) => l.startsWith('to pay,'))).toHaveLength(4);
  });
});
