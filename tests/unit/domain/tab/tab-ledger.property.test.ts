import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRate } from '../../../../domain/conversion';
import type { CurrencyCode } from '../../../../domain/currency';
import { clearsEveryBalance } from '../../../../domain/tab/settle-up';
import { balancesByCurrency, checkTabLedger, settleTab, type TabLedger } from '../../../../domain/tab/tab-ledger';
import { tabLedgerProblemText, transferReason } from '../../../../domain/tab/tab-messages';
import { aTab } from '../../../support/builders';

const EUR = 'EUR' as CurrencyCode;
const GBP = 'GBP' as CurrencyCode;

/** Tabs as groups make them: 2–12 people, bills each paid by 1–3 of them, some payments already made. */
const tabs = fc.integer({ min: 2, max: 12 }).chain((n) => {
  const people = Array.from({ length: n }, (_, k) => `P${k}`);
  const person = fc.constantFrom(...people);
  const bill = fc
    .tuple(
      fc.uniqueArray(person, { minLength: 1, maxLength: n }),
      fc.uniqueArray(person, { minLength: 1, maxLength: 3 }),
      fc.array(fc.integer({ min: 0, max: 9000 }), { minLength: n, maxLength: n }),
      fc.constantFrom(EUR, GBP),
    )
    .map(([diners, payers, prices, currency]) => {
      const owed = new Map(diners.map((d, i) => [d, prices[i]!]));
      const total = [...owed.values()].reduce((a, b) => a + b, 0);
      const paid = new Map(payers.map((p, i) => [p, i === 0 ? total - Math.floor(total / payers.length) * (payers.length - 1) : Math.floor(total / payers.length)]));
      return { currency, paid, owed };
    });
  const payment = fc.tuple(person, person, fc.integer({ min: 1, max: 5000 }), fc.constantFrom(EUR, GBP)).filter(([a, b]) => a !== b);
  return fc.tuple(fc.array(bill, { minLength: 1, maxLength: 6 }), fc.array(payment, { maxLength: 3 }), fc.boolean()).map(([bills, payments, withRate]): TabLedger => ({
    currency: EUR,
    people,
    bills: bills.map((b, k) => ({ name: `Bill ${k + 1}`, ...b })),
    payments: payments.map(([from, to, amount, currency]) => ({ from, to, amount, currency })),
    rates: withRate ? new Map([[GBP, (parseRate('1.1713', GBP, EUR) as { ok: true; value: never }).value]]) : new Map(),
  }));
});

describe('a tab settled up', () => {
  it('has balances that add up to zero in every currency', () => {
    fc.assert(
      fc.property(tabs, (tab) => {
        expect(checkTabLedger(tab).ok).toBe(true);
        for (const balances of balancesByCurrency(tab).values()) expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
        for (const settlement of settleTab(tab)) expect([...settlement.balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
      }),
    );
  });

  it('has a plan in each currency that clears every balance, the same on a second run', () => {
    fc.assert(
      fc.property(tabs, (tab) => {
        const settlements = settleTab(tab);
        for (const s of settlements) expect(clearsEveryBalance(s.balances, s.transfers)).toBe(true);
        expect(settleTab(tab)).toEqual(settlements);
      }),
    );
  });

  it('settles a currency with a rate in the tab currency, and one without on its own', () => {
    const base = aTab('Ana', 'Ben')
      .withBill('Dinner', { paid: { Ana: 6000 }, owed: { Ana: 3000, Ben: 3000 } })
      .withBill('Pub', { currency: GBP, paid: { Ben: 1000 }, owed: { Ana: 500, Ben: 500 } });
    const separate = settleTab(base.build());
    expect(separate.map((s) => [s.currency, s.transfers])).toEqual([
      [EUR, [{ from: 'Ben', to: 'Ana', amount: 3000 }]],
      [GBP, [{ from: 'Ana', to: 'Ben', amount: 500 }]],
    ]);
    const together = settleTab(base.withRate(GBP, '1.17').build());
    expect(together).toHaveLength(1);
    expect(together[0]!.transfers).toEqual([{ from: 'Ben', to: 'Ana', amount: 3000 - 585 }]);
    expect(together[0]!.ratesIn.map((r) => r.text)).toEqual(['1.17']);
  });

  it('people who never share a bill are settled exactly in their own circles, even 36 of them', () => {
    const tab = aTab(...Array.from({ length: 36 }, (_, k) => `P${k}`));
    // Each circle of 12: four groups that each settle among themselves (one paid, the others owed).
    const groups = [
      [700, 300, 400],
      [1000, 250, 250, 500],
      [1234, 1234],
      [90, 50, 40],
    ];
    for (let circle = 0; circle < 3; circle++) {
      let next = circle * 12;
      groups.forEach(([paid, ...owed], g) => {
        const payer = `P${next++}`;
        tab.withBill(`C${circle} G${g}`, { paid: { [payer]: paid! * (circle + 1) }, owed: Object.fromEntries(owed.map((o) => [`P${next++}`, o * (circle + 1)])) });
      });
      tab.withBill(`C${circle} joined`, { paid: {}, owed: Object.fromEntries(Array.from({ length: 12 }, (_, k) => [`P${circle * 12 + k}`, 0])) });
    }
    const [settlement] = settleTab(tab.build());
    expect(settlement!.transfers).toHaveLength(36 - 12);
  });
});

describe('a tab refused', () => {
  it('names the bill whose paid and owed amounts differ, and by how much', () => {
    const tab = aTab('Ana', 'Ben')
      .withBill('Dinner', { paid: { Ana: 6000 }, owed: { Ana: 2500, Ben: 2400 } })
      .build();
    const checked = checkTabLedger(tab);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(tabLedgerProblemText(checked.error)).toBe("Dinner: the amounts paid come to €11.00 more than the bill's total");
  });

  it('refuses negative and fractional amounts and strangers, naming the bill', () => {
    const refused = (paid: Record<string, number>, owed: Record<string, number>) => {
      const checked = checkTabLedger(aTab('Ana', 'Ben').withBill('Taxi', { paid, owed }).build());
      return checked.ok ? null : tabLedgerProblemText(checked.error);
    };
    expect(refused({ Ana: -100 }, { Ana: -50, Ben: -50 })).toMatch(/^Taxi: Ana's amount \(-100\)/);
    expect(refused({ Ana: 10.5 }, { Ana: 5.25, Ben: 5.25 })).toMatch(/^Taxi: Ana's amount \(10.5\)/);
    expect(refused({ Cat: 100 }, { Ana: 50, Ben: 50 })).toBe("Taxi: Cat is not one of the tab's people");
  });
});

describe('why a transfer goes where it does', () => {
  it('names what the payee paid and the payer’s share', () => {
    const tab = aTab('Ana', 'Ben')
      .withBill("Friday's dinner", { paid: { Ana: 6000 }, owed: { Ana: 3650, Ben: 2350 } })
      .build();
    const [settlement] = settleTab(tab);
    expect(transferReason(settlement!.transfers[0]!, EUR, tab.bills, 0)).toBe("Ben pays Ana €23.50: Ana paid €60.00 for Friday's dinner, Ben's share was €23.50");
  });

  it('says why someone pays a person who did not pay for them', () => {
    // Ben paid for Cat; Ana paid for Ben: Cat settles with Ana directly, in one transfer fewer.
    const tab = aTab('Ana', 'Ben', 'Cat')
      .withBill('Lunch', { paid: { Ben: 1000 }, owed: { Cat: 1000 } })
      .withBill('Dinner', { paid: { Ana: 1000 }, owed: { Ben: 1000 } })
      .build();
    const [settlement] = settleTab(tab);
    expect(settlement!.transfers).toEqual([{ from: 'Cat', to: 'Ana', amount: 1000 }]);
    expect(transferReason(settlement!.transfers[0]!, EUR, tab.bills, 0)).toBe(
      'Cat pays Ana €10.00: Cat had a share of Lunch and Ana paid for Dinner; paying Ana directly settles both in fewer transfers',
    );
  });
});
