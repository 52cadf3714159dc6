import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currencyCode } from '../../../domain/currency';
import { minorUnits } from '../../../domain/money';
import { splitLines } from '../../../domain/live-bill/live-split';
import { sampleReceiptLines } from '../../../domain/scanning/review';
import { $bill, EMPTY_BILL, resetBill } from '../../../src/client/bill/bill-state';
import {
  $billModel,
  $billView,
  addDiner,
  addItem,
  continueFromReview,
  continueToSummary,
  finishLive,
  forgetHandOut,
  handedOut,
  openedToTable,
  removeDiner,
  setTip,
  setTipSplit,
  startBillWith,
  startReview,
  editReviewLine,
  toggleAssignment,
  backToReview,
  chooseCurrency,
  billNameOf,
  billSnapshot,
  discardReview,
  renameBill,
  goToStep,
  removeItem,
  renameItem,
  repriceItem,
  setPortion,
  setQuantity,
  setSplitMode,
  toggleEveryone,
} from '../../../src/client/bill/bill-store';
import { recentCurrencies } from '../../../src/client/bill/recent-currencies';
import { $toasts, toast } from '../../../src/client/ui/toasts';

// The device's storage, as the browser has it (the bill in progress, its recent currencies).
beforeAll(() => {
  const kept = new Map<string, string>();
  vi.stubGlobal('localStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => kept.set(k, v), removeItem: (k: string) => kept.delete(k) });
});
afterAll(() => vi.unstubAllGlobals());

describe('the bill in progress', () => {
  beforeEach(() => $bill.set(EMPTY_BILL));

  it("keeps a doubted line's doubt until the person types what the reader was unsure of", () => {
    const [soup, cola] = sampleReceiptLines();
    startReview(
      [
        { ...soup!, doubt: 'name' },
        { ...cola!, doubt: 'price' },
      ],
      false,
      null,
    );
    const doubts = () => $bill.get().review?.map((l) => l.doubt);
    editReviewLine(soup!.id, { included: false });
    editReviewLine(soup!.id, { pricePence: minorUnits(900) });
    expect(doubts()).toEqual(['name', 'price']);
    editReviewLine(soup!.id, { label: 'Margherita' });
    editReviewLine(cola!.id, { pricePence: minorUnits(300) });
    expect(doubts()).toEqual([undefined, undefined]);
  });

  it('goes from the sample review to assign as a test receipt with the 3 included lines', () => {
    startReview(sampleReceiptLines(), true, null);
    continueFromReview();
    const bill = $bill.get();
    expect(bill.step).toBe('assign');
    expect(bill.isTestReceipt).toBe(true);
    expect(bill.items.map((i) => i.pricePence)).toEqual([899, 299, 150]);
  });

  it('toggles diners on items and drops a removed diner from every item', () => {
    startBillWith([{ id: 'a', name: 'Soup', pricePence: minorUnits(500), kind: 'item' }], false);
    const ann = addDiner('Ann');
    const bo = addDiner('Bo');
    if (!ann.ok || !bo.ok) throw new Error('diners refused');
    toggleAssignment('a', ann.value.id);
    toggleAssignment('a', bo.value.id);
    toggleAssignment('a', ann.value.id);
    expect($bill.get().items[0]!.assignedTo).toEqual([bo.value.id]);
    removeDiner(bo.value.id);
    expect($bill.get().items[0]!.assignedTo).toEqual([]);
    expect($bill.get().diners.map((d) => d.color)).toEqual([ann.value.color]);
  });

  it('refuses a ninth diner and blank names', () => {
    expect(addDiner('   ')).toEqual({ ok: false, error: 'empty' });
    for (let i = 0; i < 8; i++) expect(addDiner(`D${i}`).ok).toBe(true);
    expect(addDiner('Nine')).toEqual({ ok: false, error: 'table full' });
  });

  it('refuses a second Ben, however it is typed', () => {
    expect(addDiner('Ben').ok).toBe(true);
    expect(addDiner(' ben ')).toEqual({ ok: false, error: 'taken' });
    expect($bill.get().diners.map((d) => d.name)).toEqual(['Ben']);
  });

  it('adds items only with a name and a price above 0, rounded to pence', () => {
    expect(addItem('', '3')).toEqual({ ok: false, error: 'name needed' });
    expect(addItem('Tea', '0')).toEqual({ ok: false, error: 'price needed' });
    expect(addItem('Tea', '0.004')).toEqual({ ok: false, error: 'price needed' });
    expect(addItem('Tea', 'abc')).toEqual({ ok: false, error: 'price needed' });
    const tea = addItem('  Tea ', '2.345');
    expect(tea.ok && [tea.value.name, tea.value.pricePence]).toEqual(['Tea', 235]);
  });

  it('tips 10% by default, by amount when chosen, and the shares add up to the total', () => {
    startBillWith([{ id: 'a', name: 'Soup', pricePence: minorUnits(1000), kind: 'item' }], false);
    const ids = ['A', 'B', 'C'].map((n) => {
      const d = addDiner(n);
      if (!d.ok) throw new Error('refused');
      toggleAssignment('a', d.value.id);
      return d.value.id;
    });
    expect($billView.get().tipPence).toBe(100);
    setTip({ mode: 'amount', amountText: '2.005' });
    expect($billView.get().tipPence).toBe(201);
    const split = $billView.get().split;
    expect(split.shares.reduce((a, s) => a + s.totalPence, 0)).toBe(1201);
    expect(split.shares.map((s) => s.dinerId)).toEqual(ids);
    continueToSummary();
    expect($bill.get().step).toBe('summary');
    expect($bill.get().exportStamp?.receiptId).toMatch(/^receipt_\d+_[a-z0-9]{6}$/);
  });

  it('shares the tip equally unless asked to share it by what each had, and the receipt to share says which', () => {
    startBillWith(
      [
        { id: 'steak', name: 'Steak', pricePence: minorUnits(3000), kind: 'item' },
        { id: 'salad', name: 'Salad', pricePence: minorUnits(1000), kind: 'item' },
      ],
      false,
    );
    const [ann, bo] = ['Ann', 'Bo'].map((n) => {
      const d = addDiner(n);
      if (!d.ok) throw new Error('refused');
      return d.value.id;
    }) as [string, string];
    toggleAssignment('steak', ann);
    toggleAssignment('salad', bo);
    setTip({ mode: 'amount', amountText: '4.01' });
    expect($billView.get().split.shares.map((s) => s.tipPence)).toEqual([201, 200]);
    continueToSummary();
    setTipSplit('proportional');
    // 401 × 3/4 = 300.75 and 401 × 1/4 = 100.25: the odd penny to Ann, furthest below her exact share.
    expect($billView.get().split.shares.map((s) => [s.tipPence, s.totalPence])).toEqual([
      [301, 3301],
      [100, 1100],
    ]);
    expect($billModel.get().tipSplit).toBe('proportional');
  });

  it('goes back from Assign to Review and from Summary to Assign keeping every assignment and edit', () => {
    startReview(sampleReceiptLines(), true, null);
    continueFromReview();
    const ann = addDiner('Ann');
    if (!ann.ok) throw new Error('refused');
    toggleAssignment('sample-1', ann.value.id);
    renameItem('sample-1', 'Pizza Margherita');
    removeItem('sample-2');
    continueToSummary();
    goToStep('assign');
    backToReview();
    const review = $bill.get().review!;
    expect($bill.get().step).toBe('scan');
    expect(review.filter((l) => l.included).map((l) => l.label)).toEqual(['Pizza Margherita', 'Service Charge']);
    continueFromReview();
    const bill = $bill.get();
    expect(bill.step).toBe('assign');
    expect(bill.isTestReceipt).toBe(true);
    expect(bill.items.map((i) => [i.name, i.assignedTo])).toEqual([
      ['Pizza Margherita', [ann.value.id]],
      ['Service Charge', []],
    ]);
  });

  it('renames, re-prices and removes items; a blank name is refused and a discount stays a discount', () => {
    startBillWith(
      [
        { id: 'a', name: 'Soup', pricePence: minorUnits(500), kind: 'item' },
        { id: 'd', name: 'Voucher', pricePence: minorUnits(-200), kind: 'discount' },
      ],
      false,
    );
    expect(renameItem('a', '  ')).toEqual({ ok: false, error: 'name needed' });
    renameItem('a', ' Soup of the day ');
    repriceItem('a', minorUnits(650));
    repriceItem('d', minorUnits(300));
    expect($bill.get().items.map((i) => [i.name, i.pricePence])).toEqual([
      ['Soup of the day', 650],
      ['Voucher', -300],
    ]);
    removeItem('d');
    expect($bill.get().items).toHaveLength(1);
  });

  it('splits 3 x Peroni unit by unit between three diners to the penny, 2:1 by shares, and puts everyone on an item', () => {
    startReview([{ id: 'p', raw: '3 x Peroni £10.00', label: 'Peroni', pricePence: minorUnits(1000), kind: 'item', included: true, printedUnits: 3 }], false, null);
    continueFromReview();
    expect($bill.get().items[0]!.quantity).toBe(3);
    const ids = ['Ann', 'Bo', 'Cy'].map((n) => {
      const d = addDiner(n);
      if (!d.ok) throw new Error('refused');
      return d.value.id;
    });
    setSplitMode('p', 'units');
    ids.forEach((id) => setPortion('p', id, 1));
    setTip({ percent: 0 });
    expect($billView.get().split.shares.map((s) => s.totalPence)).toEqual([334, 333, 333]);
    setQuantity('p', 4);
    expect($billView.get().split.unassignedPence).toBe(250);
    setSplitMode('p', 'shares');
    setPortion('p', ids[0]!, 2);
    setPortion('p', ids[2]!, 0);
    expect($billView.get().split.shares.map((s) => s.totalPence)).toEqual([667, 333, 0]);
    toggleEveryone('p');
    expect($bill.get().items[0]!.assignedTo).toEqual(ids);
    expect($bill.get().items[0]!.portions).toBeUndefined();
    removeDiner(ids[1]!);
    expect($billView.get().split.shares.map((s) => s.totalPence)).toEqual([500, 500]);
  });

  it('starts at no extra tip over a service charge, at 10% without one, and keeps a tip the person chose', () => {
    startReview(sampleReceiptLines(), true, null);
    continueFromReview();
    expect($billView.get().tipPence).toBe(0);
    removeItem('sample-3');
    expect($billView.get().tipPence).toBe(120);
    setTip({ percent: 15 });
    startBillWith([{ id: 's', name: 'Service', pricePence: minorUnits(150), kind: 'service' }], false);
    expect($bill.get().tip).toMatchObject({ percent: 15, chosen: true });
  });

  it('Split Another Bill clears diners, items, tip, how it is shared, receipt and the test flag', () => {
    startReview(sampleReceiptLines(), true, null);
    continueFromReview();
    addDiner('Ann');
    setTip({ percent: 20 });
    setTipSplit('proportional');
    resetBill();
    expect($bill.get()).toEqual(EMPTY_BILL);
  });
});

describe('a bill finished from a live bill', () => {
  beforeEach(() => $bill.set(EMPTY_BILL));
  const link = { billId: 'live1', organiserKey: 'o'.repeat(22), tableKey: 't'.repeat(22), url: 'http://x/live/live1#t' };
  const finish = () => {
    addItem('Soup', '6.50');
    const ann = addDiner('Ann');
    openedToTable(link);
    const item = $bill.get().items[0]!;
    const diners = ann.ok
      ? [
          { id: ann.value.id, name: 'Ann' },
          { id: 'dee1', name: 'Dee' },
        ]
      : [];
    finishLive(splitLines({ items: [{ ...item, units: 1 }], diners: diners.map((d) => ({ ...d, joined: true })), claims: [{ itemId: item.id, unit: 0, dinerId: 'dee1' }] }), diners, 'equal');
    return diners;
  };

  it('keeps the live bill, its diners and nothing sent yet, so the summary can send everyone’s link to their phone', () => {
    const diners = finish();
    expect($bill.get()).toMatchObject({ step: 'summary', live: null, handOut: { ...link, dinerIds: diners.map((d) => d.id), sent: null } });
    handedOut('fingerprint-1');
    expect($bill.get().handOut?.sent).toBe('fingerprint-1');
  });

  it('forgets it when the live bill is gone, when the bill is opened to the table again, and on Split Another Bill', () => {
    finish();
    forgetHandOut();
    expect($bill.get().handOut).toBeNull();
    finish();
    openedToTable(link);
    expect($bill.get().handOut).toBeNull();
    finish();
    resetBill();
    expect($bill.get().handOut).toBeNull();
  });
});

describe('toasts', () => {
  it('shows one at a time (issue 28) and each goes after 4000 ms', () => {
    vi.useFakeTimers();
    ['a', 'b', 'c', 'd'].forEach((m) => toast(m));
    expect($toasts.get().map((t) => t.message)).toEqual(['d']);
    vi.advanceTimersByTime(3999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
    vi.useRealTimers();
  });
});

describe("the bill's name", () => {
  beforeEach(() => resetBill());

  it('comes from the restaurant and date read, is kept as typed on Review, and returns when cleared', () => {
    startReview(sampleReceiptLines(), false, null, { merchant: 'The Olive Tree', date: '2026-11-25' });
    expect(billNameOf($bill.get())).toBe('The Olive Tree · 25 Nov 2026');
    renameBill('Ben’s birthday');
    continueFromReview();
    expect(billNameOf($bill.get())).toBe('Ben’s birthday');
    // A recent bill opened again keeps its name.
    expect(billSnapshot($bill.get())).toMatchObject({ merchant: 'The Olive Tree', receiptDate: '2026-11-25', name: 'Ben’s birthday' });
    renameBill('  ');
    expect(billNameOf($bill.get())).toBe('The Olive Tree · 25 Nov 2026');
  });

  it('is "Bill of" the day it was started for a bill typed in, and a reading discarded takes its name with it', () => {
    startReview(sampleReceiptLines(), false, null, { merchant: 'The Olive Tree', date: null });
    discardReview();
    startBillWith([{ id: 'a', name: 'Soup', pricePence: minorUnits(500), kind: 'item' }], false);
    expect($bill.get().merchant).toBeNull();
    expect(billNameOf({ ...$bill.get(), startedOn: '2026-11-25' })).toBe('Bill of 25 Nov 2026');
  });
});

describe("the bill's currency", () => {
  beforeEach(() => resetBill());

  it('is in doubt when the reading guessed it from the place, until the person chooses one', () => {
    startReview(sampleReceiptLines(), false, null, { merchant: null, date: null, currency: 'EUR', currencyDoubtful: true });
    expect($bill.get().currencyDoubtful).toBe(true);
    chooseCurrency(currencyCode('EUR')!);
    expect($bill.get().currencyDoubtful).toBe(false);
    startReview(sampleReceiptLines(), false, null, { merchant: null, date: null, currency: 'EUR' });
    expect($bill.get().currencyDoubtful).toBe(false);
  });

  it('is the one the receipt was read in, its hundredths brought to whole yen; pounds when the receipt does not say', () => {
    startReview([{ id: 'r', raw: 'RAMEN 1,200', label: 'RAMEN', pricePence: minorUnits(120000), kind: 'item', included: true }], false, minorUnits(120000), {
      merchant: null,
      date: null,
      currency: 'JPY',
    });
    expect($bill.get()).toMatchObject({ currency: 'JPY', reviewTotalPence: 1200, review: [{ pricePence: 1200 }] });
    startReview(sampleReceiptLines(), false, null, { merchant: null, date: null, currency: null });
    expect($bill.get().currency).toBe('GBP');
  });

  it('chosen on Review keeps the figures read, and items typed later are in it', () => {
    startReview(sampleReceiptLines(), false, minorUnits(1348), { merchant: null, date: null, currency: null });
    chooseCurrency(currencyCode('KWD')!);
    expect($bill.get().review!.map((l) => l.pricePence)).toEqual([8990, 2990, 1500, 0]);
    expect($bill.get().reviewTotalPence).toBe(13480);
    continueFromReview();
    const added = addItem('Mint tea', '1.25');
    expect(added.ok && added.value.pricePence).toBe(1250);
    expect(billSnapshot($bill.get()).currency).toBe('KWD');
    // The pickers offer it first next time.
    expect(recentCurrencies()[0]).toBe('KWD');
  });
});
