import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyLive, decideLive, unitsFromName, type LiveActor, type LiveBill, type LiveCommand } from '../../../domain/live-bill/live-bill';
import { liveTotals, splitLines, unclaimedUnits, unitPrices } from '../../../domain/live-bill/live-split';
import { newLiveBill, type LiveOpening } from '../../../domain/live-bill/new-live-bill';
import { liveBillToWire } from '../../../src/contracts/live-bill-wire';
import type { Bill } from '../../../domain/bill';
import { minorUnits } from '../../../domain/money';
import type { CurrencyCode } from '../../../domain/currency';
import { aBill as aWizardBill } from '../../support/builders';
import { aTableBill, anOpening, atTheTable, readLiveBill } from '../../support/live-bills';

const NOW = new Date('2026-11-24T19:00:00Z');
const organiser: LiveActor = { kind: 'organiser' };
const ann: LiveActor = { kind: 'diner', dinerId: 'ann' };

function aBill(bill: Bill = aTableBill().build(), opening: LiveOpening = anOpening()): LiveBill {
  const made = newLiveBill(bill, opening, 'bill1', NOW);
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

function run(bill: LiveBill, actor: LiveActor, command: LiveCommand): LiveBill {
  const decided = decideLive(bill, actor, command, NOW);
  if (!decided.ok) throw new Error(decided.error);
  return applyLive(bill, decided.value);
}

const claim = (itemId: string, unit: number, dinerId: string, claimed = true): LiveCommand => ({ type: 'claim', itemId, unit, dinerId, claimed });

describe('opening a bill to the table', () => {
  it('reads "3 x Peroni" as three units, keeps the wizard’s assignments as claims, and expires in 7 days', () => {
    const bill = aBill(
      atTheTable()
        .withLine({ id: 'soup', name: 'Soup', pricePence: 650 })
        .withLine({ id: 'pizza', name: 'Pizza', pricePence: 1299 })
        .withLine({ id: 'beer', name: '3 x Peroni', pricePence: 1500, assignedTo: ['bob', 'nobody'] })
        .build(),
    );
    expect(bill.items.map((i) => i.units)).toEqual([1, 1, 3]);
    expect(bill.claims).toEqual([0, 1, 2].map((unit) => ({ itemId: 'beer', unit, dinerId: 'bob' })));
    expect(bill.expiresAt.toISOString()).toBe('2026-12-01T19:00:00.000Z');
  });

  it("has the diner on the organiser's phone, who paid, joined from the start: no other phone can take their name", () => {
    const bill = aBill(undefined, anOpening({ organiserDinerId: 'ann' }));
    expect(bill.diners.map((d) => [d.id, d.joined])).toEqual([
      ['ann', true],
      ['bob', false],
      ['cat', false],
    ]);
    expect(decideLive(bill, { kind: 'table' }, { type: 'join', dinerId: 'ann' }, NOW)).toEqual({ ok: false, error: 'diner_taken' });
    expect(decideLive(bill, { kind: 'table' }, { type: 'join', dinerId: 'bob' }, NOW).ok).toBe(true);
    expect(aBill().diners.every((d) => !d.joined)).toBe(true);
  });

  it('keeps the rate a bill in another currency is paid back at, refusing one that is not a rate; none on a bill in pounds', () => {
    const inEuros = aTableBill()
      .inCurrency('EUR' as CurrencyCode)
      .build();
    const euros = newLiveBill(inEuros, anOpening({ payBackRate: '0.86' }), 'b', NOW);
    expect(euros.ok && euros.value.payBack).toEqual({ currency: 'GBP', rate: '0.86' });
    expect(newLiveBill(inEuros, anOpening({ payBackRate: 'lots' }), 'b', NOW)).toEqual({ ok: false, error: 'bad_bill' });
    const pounds = newLiveBill(aTableBill().build(), anOpening({ payBackRate: '0.86' }), 'b', NOW);
    expect(pounds.ok && pounds.value.payBack).toBeUndefined();
  });

  it('refuses a bill with no items, nine diners, or a blank name', () => {
    expect(newLiveBill(atTheTable().build(), anOpening(), 'b', NOW)).toEqual({ ok: false, error: 'no_items' });
    const nine = aWizardBill()
      .withDiners(...Array.from({ length: 9 }, (_, i) => `d${i}`))
      .withItem('soup', 650, [])
      .build();
    expect(newLiveBill(nine, anOpening(), 'b', NOW)).toEqual({ ok: false, error: 'table_full' });
    const blank = aWizardBill().withDiner('x', '  ').withItem('soup', 650, []).build();
    expect(newLiveBill(blank, anOpening(), 'b', NOW)).toEqual({ ok: false, error: 'name_empty' });
    expect(newLiveBill(atTheTable().withLine({ id: 'x', name: 'Free', pricePence: 0 }).build(), anOpening(), 'b', NOW)).toEqual({ ok: false, error: 'bad_item' });
  });

  it('takes a line’s units from the quantity the bill has, and from the name only when there is none', () => {
    const wine = { id: 'wine', name: 'House red', pricePence: 2400, kind: 'item' as const, assignedTo: ['ann'] };
    const bill = aBill(
      atTheTable()
        .withLine({ ...wine, quantity: 3 })
        .withLine({ id: 'beer', name: '3 x Peroni', pricePence: 1500, quantity: 1 })
        .withLine({ id: 'cola', name: '2x Cola', pricePence: 500 })
        .build(),
    );
    expect(bill.items.map((i) => [i.id, i.units])).toEqual([
      ['wine', 3],
      ['beer', 1],
      ['cola', 2],
    ]);
    expect(bill.claims).toEqual([0, 1, 2].map((unit) => ({ itemId: 'wine', unit, dinerId: 'ann' })));
  });

  it.each([
    ['none', 'bad_item', 0],
    ['a fraction', 'bad_item', 2.5],
    ['more than a live bill holds', 'too_many_units', 21],
    ['more units than pence', 'too_many_units', 3, 2],
    ['not a number', 'bad_item', Number.NaN],
  ])('refuses a quantity of %s (%s)', (_, error, quantity, pricePence = 2400) => {
    // Split by units, whose counts the live bill could not keep; a quantity that is no whole number is no line either way.
    const bill = atTheTable()
      .withLine({ id: 'wine', name: 'House red', pricePence, quantity, portions: { by: 'units', quantity, counts: {} } })
      .build();
    expect(newLiveBill(bill, anOpening(), 'b', NOW)).toEqual({ ok: false, error });
    if (!Number.isInteger(quantity) || quantity < 1)
      expect(newLiveBill(atTheTable().withLine({ id: 'wine', name: 'House red', pricePence, quantity }).build(), anOpening(), 'b', NOW)).toEqual({ ok: false, error: 'bad_item' });
  });

  it('refuses units on a line that is not food (a service charge is one line)', () => {
    const bill = aTableBill()
      .withLine({ id: 'svc', name: 'Service', pricePence: 300, kind: 'service', portions: { by: 'units', quantity: 2, counts: {} } })
      .build();
    expect(newLiveBill(bill, anOpening(), 'b', NOW)).toEqual({ ok: false, error: 'bad_item' });
  });

  it('keeps a split by units as claims on as many units as each diner had, and refuses counts over the line', () => {
    const beer = (counts: Record<string, number>) =>
      atTheTable()
        .withLine({ id: 'beer', name: 'Peroni', pricePence: 1500, assignedTo: ['bob', 'ann'], portions: { by: 'units', quantity: 3, counts } })
        .build();
    const bill = aBill(beer({ ann: 1, bob: 2 }));
    expect(bill.claims).toEqual([
      { itemId: 'beer', unit: 0, dinerId: 'bob' },
      { itemId: 'beer', unit: 1, dinerId: 'bob' },
      { itemId: 'beer', unit: 2, dinerId: 'ann' },
    ]);
    expect(liveTotals(bill).split.shares.map((s) => s.itemsPence)).toEqual([500, 1000, 0]);
    expect(newLiveBill(beer({ ann: 2, bob: 2 }), anOpening(), 'b', NOW)).toEqual({ ok: false, error: 'bad_item' });
    expect(newLiveBill(beer({ ann: -1, bob: 1 }), anOpening(), 'b', NOW)).toEqual({ ok: false, error: 'bad_item' });
  });

  it('opens a wizard line in the quantity of its split by units first, then its printed or typed quantity, else one', () => {
    const line = (change: Partial<Bill['items'][number]>) =>
      aBill(
        atTheTable()
          .withLine({ id: 'l', name: 'Wings', pricePence: 1200, ...change })
          .build(),
      );
    const split = line({ quantity: 3, assignedTo: ['ann'], portions: { by: 'units', quantity: 4, counts: { ann: 2 } } });
    expect([split.items[0]!.units, split.claims.map((c) => [c.unit, c.dinerId])]).toMatchObject([
      4,
      [
        [0, 'ann'],
        [1, 'ann'],
      ],
    ]);
    expect(line({ quantity: 3 }).items[0]!.units).toBe(3);
    // No counts without a split by units: whoever has the line has every unit of it.
    expect(line({ quantity: 3, assignedTo: ['ann'] }).claims.map((c) => c.unit)).toEqual([0, 1, 2]);
    expect(line({}).items[0]!.units).toBe(1);
    // More units than a live bill claims one by one: the line is claimed whole rather than refused.
    expect(line({ quantity: 24 }).items[0]!.units).toBe(1);
    expect(line({ kind: 'service', quantity: 2 }).items[0]!.units).toBe(1);
  });

  it.each([
    ['3 x Peroni', 1500, 3],
    ['2x Coke', 500, 2],
    ['12 × Oysters', 3600, 12],
    ['Peroni', 500, 1],
    ['1 x Soup', 500, 1],
    ['30 x Wings', 3000, 1],
    ['3 x Mints', 2, 1],
  ])('%s of %ip is %i unit(s)', (name, price, units) => expect(unitsFromName(name, price)).toBe(units));
});

describe('who may change what', () => {
  it('lets a diner claim and unclaim only for themselves', () => {
    const bill = aBill();
    expect(decideLive(bill, ann, claim('soup', 0, 'bob'), NOW)).toEqual({ ok: false, error: 'forbidden' });
    const claimed = run(bill, ann, claim('soup', 0, 'ann'));
    expect(claimed.claims).toEqual([{ itemId: 'soup', unit: 0, dinerId: 'ann' }]);
    expect(run(claimed, ann, claim('soup', 0, 'ann', false)).claims).toEqual([]);
  });

  it('keeps organiser-only changes for the organiser', () => {
    const bill = aBill();
    for (const command of [
      { type: 'removeDiner', dinerId: 'bob' },
      { type: 'moveClaim', itemId: 'soup', unit: 0, from: 'ann', to: 'bob' },
      { type: 'editItem', itemId: 'soup', name: 'Soup', pricePence: 700, units: 1 },
      { type: 'setStatus', status: 'locked' },
    ] as const)
      expect(decideLive(bill, ann, command, NOW)).toEqual({ ok: false, error: 'forbidden' });
  });

  it('refuses every change but the organiser’s status once locked, finished or expired', () => {
    const locked = run(aBill(), organiser, { type: 'setStatus', status: 'locked' });
    expect(decideLive(locked, ann, claim('soup', 0, 'ann'), NOW)).toEqual({ ok: false, error: 'locked' });
    expect(decideLive(locked, organiser, claim('soup', 0, 'ann'), NOW)).toEqual({ ok: false, error: 'locked' });
    const finished = run(aBill(), organiser, { type: 'setStatus', status: 'finished' });
    expect(decideLive(finished, ann, claim('soup', 0, 'ann'), NOW)).toEqual({ ok: false, error: 'finished' });
    const later = new Date(NOW.getTime() + 7 * 24 * 3600 * 1000);
    expect(decideLive(aBill(), organiser, { type: 'setStatus', status: 'open' }, later)).toEqual({ ok: false, error: 'expired' });
  });

  it('refuses a second "Cat" from the table or the organiser, whatever its case and spaces, and two at opening', () => {
    const bill = aBill();
    expect(decideLive(bill, { kind: 'table' }, { type: 'addDiner', dinerId: 'cat2', name: ' cat ' }, NOW)).toEqual({ ok: false, error: 'name_taken' });
    expect(decideLive(bill, organiser, { type: 'addDiner', dinerId: 'cat2', name: 'CAT' }, NOW)).toEqual({ ok: false, error: 'name_taken' });
    expect(decideLive(bill, organiser, { type: 'addDiner', dinerId: 'dan', name: 'Dan' }, NOW).ok).toBe(true);
    const twice = [
      { id: 'x', name: 'Ben' },
      { id: 'y', name: 'ben' },
    ];
    expect(newLiveBill(twice.reduce((bill, d) => bill.withDiner(d.id, d.name), aWizardBill().withItem('soup', 650, [])).build(), anOpening(), 'b', NOW)).toEqual({
      ok: false,
      error: 'name_taken',
    });
  });

  it('refuses units and items that do not exist', () => {
    const bill = aBill();
    expect(decideLive(bill, ann, claim('beer', 3, 'ann'), NOW)).toEqual({ ok: false, error: 'unknown_item' });
    expect(decideLive(bill, ann, claim('nope', 0, 'ann'), NOW)).toEqual({ ok: false, error: 'unknown_item' });
    expect(decideLive(bill, organiser, claim('soup', 0, 'zed'), NOW)).toEqual({ ok: false, error: 'unknown_diner' });
  });

  it('drops the claims on units an edit takes away, and a removed diner’s claims', () => {
    let bill = aBill();
    for (const unit of [0, 1, 2]) bill = run(bill, ann, claim('beer', unit, 'ann'));
    bill = run(bill, organiser, { type: 'editItem', itemId: 'beer', name: '2 x Peroni', pricePence: 1000, units: 2 });
    expect(bill.claims.map((c) => c.unit)).toEqual([0, 1]);
    bill = run(bill, organiser, { type: 'removeDiner', dinerId: 'ann' });
    expect(bill.claims).toEqual([]);
    expect(bill.diners.map((d) => d.id)).toEqual(['bob', 'cat']);
  });
});

describe('handed out after Finish', () => {
  it('puts the settled bill on the phones: its lines, who had each, its tip; diners it does not know have no claim', () => {
    const finished = run(aBill(), organiser, { type: 'setStatus', status: 'finished' });
    const stored = aWizardBill()
      .withDiners('bob', 'zed')
      .withLine({ id: 'cake.0', name: 'Tiramisu', pricePence: 600, assignedTo: ['bob'] })
      .withLine({ id: 'cake.1', name: 'Tiramisu', pricePence: 600, assignedTo: ['bob', 'zed'] })
      .withTip(120)
      .build();
    const settled = {
      bill: stored,
      liveDiners: new Map([
        ['bob', 'bob'],
        ['zed', 'zed'],
      ]),
    };
    const handed = run(finished, organiser, { type: 'handOut', payTo: 'Ann', links: [], settled });
    expect(handed.items.map((i) => [i.id, i.units])).toEqual([
      ['cake.0', 1],
      ['cake.1', 1],
    ]);
    expect(handed.claims).toEqual([
      { itemId: 'cake.0', unit: 0, dinerId: 'bob' },
      { itemId: 'cake.1', unit: 0, dinerId: 'bob' },
    ]);
    expect(handed.tip).toEqual({ pence: 120 });
    expect(liveTotals(handed).split.shares.find((s) => s.dinerId === 'bob')!.itemsPence).toBe(1200);
    // Without a settled bill (no stored bill named), the table's claims stay as they were.
    expect(run(finished, organiser, { type: 'handOut', payTo: 'Ann', links: [] }).claims).toEqual(finished.claims);
  });
});

describe('claims are a set', () => {
  it('ends with the same claims whatever order the same taps arrive in', () => {
    const taps = fc.array(fc.record({ itemId: fc.constantFrom('soup', 'pizza', 'beer'), unit: fc.integer({ min: 0, max: 2 }), dinerId: fc.constantFrom('ann', 'bob', 'cat') }), { maxLength: 20 });
    fc.assert(
      fc.property(taps, (list) => {
        const apply = (order: typeof list) =>
          order
            .filter((t) => t.itemId === 'beer' || t.unit === 0)
            .reduce((bill, t) => run(bill, organiser, claim(t.itemId, t.unit, t.dinerId)), aBill())
            .claims.map((c) => `${c.itemId}/${c.unit}/${c.dinerId}`)
            .sort();
        expect(apply([...list].reverse())).toEqual(apply(list));
      }),
    );
  });
});

describe('totals', () => {
  it('gives each unit whole pence that add up to the line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), fc.integer({ min: 20, max: 1_000_000 }), (units, price) => {
        const prices = unitPrices({ pricePence: minorUnits(price), units });
        expect(prices.reduce((a, b) => a + b, 0)).toBe(price);
        expect(Math.max(...prices) - Math.min(...prices)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('splits a quantity line unit by unit, and everyone’s shares add up to the bill to the penny', () => {
    let bill = aBill();
    bill = run(bill, ann, claim('beer', 0, 'ann'));
    bill = run(bill, organiser, claim('beer', 1, 'bob'));
    bill = run(bill, organiser, claim('beer', 2, 'bob'));
    bill = run(bill, organiser, claim('pizza', 0, 'cat'));
    bill = run(bill, organiser, claim('pizza', 0, 'ann'));
    bill = run(bill, organiser, claim('soup', 0, 'ann'));
    expect(splitLines(bill).filter((l) => l.id.startsWith('beer'))).toEqual([
      { id: 'beer.0', name: 'Peroni', pricePence: 500, kind: 'item', assignedTo: ['ann'] },
      { id: 'beer.1', name: '2 x Peroni', pricePence: 1000, kind: 'item', assignedTo: ['bob'] },
    ]);
    const { split, tipPence } = liveTotals(bill);
    expect(tipPence).toBe(345); // 10% of £34.49
    expect(split.shares.map((s) => s.itemsPence)).toEqual([650 + 500 + 650, 1000, 649]);
    expect(split.shares.reduce((sum, s) => sum + s.totalPence, 0)).toBe(3449 + 345);
    expect(unclaimedUnits(bill)).toEqual([]);
  });

  it('lists what nobody has claimed yet, unit by unit', () => {
    const bill = run(aBill(), ann, claim('beer', 1, 'ann'));
    expect(unclaimedUnits(bill).map((u) => [u.item.id, u.units])).toEqual([
      ['soup', [0]],
      ['pizza', [0]],
      ['beer', [0, 2]],
    ]);
  });

  it('travels as JSON and back unchanged', () => {
    const bill = run(aBill(), ann, claim('beer', 1, 'ann'));
    expect(readLiveBill(JSON.parse(JSON.stringify(liveBillToWire(bill))))).toEqual(bill);
    expect(readLiveBill({ id: 'x' })).toBeNull();
  });
});
