import { atom, computed } from 'nanostores';
import type { Bill } from '../../../domain/bill';
import type { ExportStamp } from '../../../domain/export';
import { billView, type BillView } from '../../../domain/bill-view';
import { billName, chosenBillName, londonDay } from '../../../domain/bill-name';
import { acceptDinerName, dinerColour, type DinerNameProblem } from '../../../domain/diners';
import { currencyCode, GBP, minorDigits, minorToMajorText, type CurrencyCode } from '../../../domain/currency';
import type { MinorUnits } from '../../../domain/money';
import type { SplitLine } from '../../../domain/live-bill/live-split';
import { payBackRate } from '../../../domain/paying-back/pay-back-rate';
import { payerDinerId } from '../../../domain/paying-back/payee';
import { keepingSign, typedItemPrice, type ItemPriceProblem } from '../../../domain/price-input';
import { receiptIdFor, type BillItem, type Diner } from '../../../domain/receipt';
import { keepAssignments, linesToPassOn, missedLine, rescaleReview, reviewLinesForBill, type MissedLineProblem, type ReviewLine } from '../../../domain/scanning/review';
import { printedQuantity, withEveryoneToggled, withoutDiner, withPortionCount, withQuantity, withSplitMode, type SplitMode } from '../../../domain/portions';
import { err, ok, type Result } from '../../../domain/result';
import type { ItemKind, TipSplit } from '../../../domain/split';
import { tipSettingPence, tipSettingPercent, type TipSetting } from '../../../domain/tip-setting';
import { DEFAULT_TIP_PERCENT } from '../../../domain/tip-default';
import { rememberCurrency } from './recent-currencies';
import { $payee } from './payee-store';
import { $bill, EMPTY_BILL, updateBill, type BillState, type LiveLink, type Step } from './bill-state';

// The wizard's changes to the bill in progress (bill-state.ts holds it) and what is worked out from it.

/**
 * The bill in progress as the one domain Bill (its tip as set, its payer as chosen): what the Summary
 * shows, what is shared, stored and added to a tab. The organiser's own diner is found by the name
 * in their payment details.
 */
export const $billModel = computed([$bill, $payee], (bill, payee): Bill => billOfState(bill, payee?.name ?? null));

/** Every amount the wizard shows, worked out once by the domain's bill view (converted at the organiser's rate). */
export const $billView = computed([$billModel, $bill], (model, bill): BillView => billView(model, { payBackRate: rateOf(bill) }));

/** The tip percentage in use (the person's, else the bill's default). */
export const $tipPercent = computed($bill, (bill) => tipSettingPercent(bill.tip, bill.items));

function billOfState(bill: BillState, payeeName: string | null): Bill {
  return {
    currency: bill.currency,
    name: billNameOf(bill),
    diners: bill.diners.map(({ id, name }) => ({ id, name })),
    items: bill.items,
    tipPence: tipSettingPence(bill.tip, bill.items, bill.currency),
    tipSplit: bill.tipSplit,
    tipSharers: 'allDiners',
    payerId: payerDinerId(bill.payer, bill.diners, payeeName),
  };
}

function rateOf(bill: BillState) {
  const rate = payBackRate(bill.currency, bill.payBackRate);
  return rate.ok ? rate.value : null;
}

// Scan step

/**
 * A new reading to review, with the restaurant and date read beside its lines (they name the bill)
 * and the currency it is priced in (pounds when it does not say). A reading's amounts are hundredths
 * whatever the currency, so a yen receipt's are brought to whole yen here.
 */
export function startReview(
  lines: readonly ReviewLine[],
  isSample: boolean,
  printedTotalPence: MinorUnits | null,
  header: { readonly merchant: string | null; readonly date: string | null; readonly currency?: string | null; readonly currencyDoubtful?: boolean } = NO_HEADER,
): void {
  const currency = currencyCode(header.currency) ?? GBP;
  const currencyDoubtful = currencyCode(header.currency) !== null && header.currencyDoubtful === true;
  const read = rescaleReview(lines, printedTotalPence, 2, minorDigits(currency));
  updateBill(() => ({
    currency,
    currencyDoubtful,
    payBackRate: null,
    review: read.lines,
    reviewIsSample: isSample,
    reviewIsTyped: false,
    reviewTotalPence: read.totalPence,
    merchant: header.merchant,
    receiptDate: header.date,
    name: null,
    startedOn: londonDay(new Date()),
    discarded: null,
  }));
}

const NO_HEADER = { merchant: null, date: null } as const;

/** The bill's name: as typed on Review, else from the receipt's restaurant and date ("Bill of …" without them). */
export function billNameOf(bill: Pick<BillState, 'merchant' | 'receiptDate' | 'name' | 'startedOn'>): string {
  return chosenBillName(bill.name, billName(bill.merchant, bill.receiptDate, bill.startedOn ?? londonDay(new Date())));
}

/** The name typed on Review (cleared: the receipt's name again). */
export function renameBill(typed: string): void {
  updateBill(() => ({ name: typed }));
}

/**
 * The bill's currency, chosen on Review or for manual entry: amounts already typed or read keep their
 * figures (12.50 stays 12.50, rounded to the new currency's unit), only the unit changes.
 */
export function chooseCurrency(currency: CurrencyCode): void {
  updateBill((bill) => {
    const from = minorDigits(bill.currency);
    const to = minorDigits(currency);
    const review = bill.review === null ? null : rescaleReview(bill.review, bill.reviewTotalPence, from, to);
    return { currency, currencyDoubtful: false, payBackRate: null, review: review?.lines ?? null, reviewTotalPence: review?.totalPence ?? null };
  });
}

export function editReviewLine(id: string, change: Partial<Pick<ReviewLine, 'included' | 'label' | 'pricePence'>>): void {
  updateBill((bill) => ({ review: bill.review?.map((l) => (l.id === id ? checked({ ...l, ...change }, change) : l)) ?? null }));
}

/** A name or price the person typed is no longer the reader's doubt; a line they only ticked still is. */
function checked(line: ReviewLine, change: Partial<Pick<ReviewLine, 'label' | 'pricePence'>>): ReviewLine {
  const settled = (line.doubt === 'name' && change.label !== undefined) || (line.doubt !== 'name' && change.pricePence !== undefined);
  if (!settled) return line;
  const { doubt: _settled, ...rest } = line;
  return rest;
}

/** A line the reader missed, added at the end of the review. */
export function addMissedLine(rawName: string, priceText: string): Result<ReviewLine, MissedLineProblem> {
  const added = missedLine(crypto.randomUUID(), rawName, priceText, $bill.get().currency);
  if (added.ok) updateBill((bill) => ({ review: [...(bill.review ?? []), added.value] }));
  return added;
}

/** Back from review returns to the scanner; a paid reading is kept aside, so it can be had back without paying again. */
export function discardReview(): void {
  updateBill((bill) => ({
    review: null,
    reviewTotalPence: null,
    merchant: null,
    receiptDate: null,
    name: null,
    discarded:
      bill.review === null || bill.reviewIsSample || bill.reviewIsTyped
        ? null
        : { lines: bill.review, totalPence: bill.reviewTotalPence, merchant: bill.merchant, receiptDate: bill.receiptDate, name: bill.name, currency: bill.currency },
  }));
}

/** The reading the person went back from, under review again as they left it, name included. */
export function restoreDiscardedReview(): void {
  const { discarded } = $bill.get();
  if (discarded === null) return;
  const { lines, totalPence, merchant, receiptDate, name, currency = GBP } = discarded;
  updateBill(() => ({ review: lines, reviewTotalPence: totalPence, merchant, receiptDate, name, currency, reviewIsSample: false, discarded: null }));
}

/** On to Assign with the included lines; items the bill already had keep their assignments. */
export function continueFromReview(): void {
  const { review, reviewIsSample, reviewTotalPence } = $bill.get();
  const lines = review ?? [];
  // The units the server read on the line, else those the person typed into its name.
  const printedUnits = new Map(lines.map((l) => [l.id, l.printedUnits]));
  const items = linesToPassOn(lines).map((i) => ({ ...i, quantity: printedUnits.get(i.id) ?? printedQuantity(i.name) ?? undefined }));
  updateBill(() => ({ readLines: lines, readTotalPence: reviewTotalPence }));
  startBillWith(items, reviewIsSample);
}

type NewItem = { id: string; name: string; pricePence: MinorUnits; kind: ItemKind; quantity?: number | undefined };

/** Items extracted or entered: on to the assign step with the test-receipt flag (only the sample is a test receipt). */
export function startBillWith(items: readonly NewItem[], isTestReceipt: boolean): void {
  rememberCurrency($bill.get().currency);
  updateBill((bill) => ({
    items: keepAssignments<NewItem, BillItem>(items, bill.items, (i) => ({ ...i, assignedTo: [] })),
    review: null,
    reviewTotalPence: null,
    reviewIsSample: false,
    discarded: null,
    isTestReceipt,
    startedOn: bill.startedOn ?? londonDay(new Date()),
    step: 'assign',
  }));
}

/** Back from Assign to Review: the lines as read, up to date with every edit; assignments are kept. */
export function backToReview(): void {
  updateBill((bill) => ({
    review: reviewLinesForBill(bill.readLines, bill.items),
    reviewTotalPence: bill.readTotalPence,
    reviewIsSample: bill.isTestReceipt,
    // A bill typed in by hand was never read: its Review has no reading or scan to lose.
    reviewIsTyped: bill.readLines.length === 0,
    step: 'scan',
  }));
}

// Assign step

export function addDiner(rawName: string): Result<Diner, DinerNameProblem> {
  const { diners } = $bill.get();
  const name = acceptDinerName(
    rawName,
    diners.map((d) => d.name),
  );
  if (!name.ok) return name;
  const diner: Diner = { id: crypto.randomUUID(), name: name.value, color: dinerColour(diners.length) };
  updateBill((bill) => ({ diners: [...bill.diners, diner] }));
  return ok(diner);
}

export function removeDiner(id: string): void {
  updateBill((bill) => ({
    diners: bill.diners.filter((d) => d.id !== id).map((d, i) => ({ ...d, color: dinerColour(i) })),
    items: bill.items.map((item) => withoutDiner(item, id)),
  }));
}

const editItem = (itemId: string, change: (item: BillItem, bill: BillState) => BillItem): void =>
  updateBill((bill) => ({ items: bill.items.map((item) => (item.id === itemId ? change(item, bill) : item)) }));

export function toggleAssignment(itemId: string, dinerId: string): void {
  editItem(itemId, (item) =>
    item.assignedTo.includes(dinerId) ? withoutDiner(item, dinerId) : item.portions === undefined ? { ...item, assignedTo: [...item.assignedTo, dinerId] } : withPortionCount(item, dinerId, 1),
  );
}

/** "Everyone": the whole table on the item, equally, in one tap (tapped again: nobody). */
export function toggleEveryone(itemId: string): void {
  editItem(itemId, (item, bill) =>
    withEveryoneToggled(
      item,
      bill.diners.map((d) => d.id),
    ),
  );
}

/** Equally, by uneven shares, or unit by unit (a unit split starts at the line's printed or typed quantity). */
export function setSplitMode(itemId: string, mode: SplitMode): void {
  editItem(itemId, (item) => withSplitMode(item, mode, item.quantity ?? 2));
}

/** One diner's units or shares of an item (0 takes them off it). */
export function setPortion(itemId: string, dinerId: string, count: number): void {
  editItem(itemId, (item) => withPortionCount(item, dinerId, count));
}

/** How many units the item has, for a split by units. */
export function setQuantity(itemId: string, quantity: number): void {
  editItem(itemId, (item) => {
    const next = withQuantity(item, quantity);
    return { ...next, quantity: next.portions?.by === 'units' ? next.portions.quantity : item.quantity };
  });
}

export function renameItem(itemId: string, rawName: string): Result<string, AddItemProblem> {
  const name = rawName.trim();
  if (name === '') return err('name needed');
  editItem(itemId, (item) => ({ ...item, name }));
  return ok(name);
}

/** A corrected price keeps the item's sign (a discount stays a discount). */
export function repriceItem(itemId: string, pricePence: MinorUnits): void {
  editItem(itemId, (item) => ({ ...item, pricePence: keepingSign(item.pricePence, pricePence) }));
}

export type AddItemProblem = 'name needed' | ItemPriceProblem;

/** Name and price both needed; the price a number greater than 0, rounded to the currency's unit. */
export function addItem(rawName: string, priceText: string): Result<BillItem, AddItemProblem> {
  const name = rawName.trim();
  if (name === '') return err('name needed');
  const { currency } = $bill.get();
  const price = typedItemPrice(priceText, currency);
  if (!price.ok) return price;
  const item: BillItem = { id: crypto.randomUUID(), name, pricePence: price.value, kind: 'item', assignedTo: [], quantity: printedQuantity(name) ?? undefined };
  updateBill((bill) => ({ items: [...bill.items, item] }));
  return ok(item);
}

export function removeItem(id: string): void {
  updateBill((bill) => ({ items: bill.items.filter((i) => i.id !== id) }));
}

/** A receipt id and the time now: what a bill's export is stamped with. */
export function newExportStamp(): ExportStamp {
  return { receiptId: receiptIdFor(new Date(), crypto.getRandomValues(new Uint8Array(6))), timestamp: new Date().toISOString() };
}

/** Continue to Summary: the bill gets its receipt id and time (what its export is stamped with). */
export function continueToSummary(): void {
  const bill = $bill.get();
  if (bill.diners.length === 0 || bill.items.length === 0) return;
  updateBill(() => ({ exportStamp: newExportStamp(), step: 'summary' }));
}

/** A shared bill opened from a link goes straight to the summary, its tip kept as an amount and shared as it was. */
export function loadSharedBill(shared: Bill, payBackRate: string | null): void {
  $bill.set({
    ...EMPTY_BILL,
    currency: shared.currency,
    diners: shared.diners.map((d, i) => ({ id: d.id, name: d.name, color: dinerColour(i) })),
    items: shared.items,
    tip: { mode: 'amount', percent: DEFAULT_TIP_PERCENT, amountText: minorToMajorText(shared.tipPence, shared.currency), chosen: true },
    tipSplit: shared.tipSplit,
    name: shared.name,
    ...(shared.payerId === null ? {} : { payer: { by: 'diner', dinerId: shared.payerId } }),
    payBackRate,
  });
  continueToSummary();
}

/** What a recent bill keeps to open again on this device: the bill as the organiser left it. */
export type BillSnapshot = Pick<BillState, 'items' | 'diners' | 'tip' | 'tipSplit' | 'isTestReceipt'> &
  Partial<Pick<BillState, 'payer' | 'merchant' | 'receiptDate' | 'name' | 'startedOn' | 'currency' | 'payBackRate'>>;

export function billSnapshot(bill: BillState): BillSnapshot {
  const { items, diners, tip, tipSplit, isTestReceipt, payer, merchant, receiptDate, name, startedOn, currency, payBackRate } = bill;
  return { items, diners, tip, tipSplit, isTestReceipt, payer, merchant, receiptDate, name, startedOn, currency, payBackRate };
}

/** A recent bill opened from the scan step: straight to its summary, still tied to its stored bill. */
export function openRecentBill(snapshot: BillSnapshot, storedReceiptId: string): void {
  $bill.set({ ...EMPTY_BILL, ...snapshot, storedReceiptId });
  continueToSummary();
}

export function setStoredReceiptId(storedReceiptId: string | null): void {
  updateBill(() => ({ storedReceiptId }));
}

// Live bill

export function openedToTable(live: LiveLink): void {
  updateBill(() => ({ live, handOut: null }));
}

/** Back to assigning on this device only (the table's link no longer matters). */
export function leaveLive(): void {
  updateBill(() => ({ live: null }));
}

/**
 * The table's claims become the bill: the lines every phone's totals were split from (a quantity line
 * in the units the same diners had), the diners in the same order, the organiser's tip as it was; then
 * the summary, so its amounts equal every phone's to the penny.
 */
export function finishLive(lines: readonly SplitLine[], diners: readonly { readonly id: string; readonly name: string }[], tipSplit: TipSplit): void {
  updateBill((bill) => ({
    live: null,
    // The summary can then send everyone's share and pay-back link to their phones.
    handOut: bill.live === null ? null : { ...bill.live, dinerIds: diners.map((d) => d.id), sent: null },
    tipSplit,
    diners: diners.map((d, i) => ({ id: d.id, name: d.name, color: dinerColour(i) })),
    items: lines.map((l) => ({ id: l.id, name: l.name, pricePence: l.pricePence, kind: l.kind, assignedTo: [...l.assignedTo] })),
  }));
  continueToSummary();
}

/** The phones were sent what the stored bill with this fingerprint says. */
export function handedOut(fingerprint: string): void {
  updateBill((bill) => ({ handOut: bill.handOut && { ...bill.handOut, sent: fingerprint } }));
}

/** The live bill is gone (expired, or deleted): nothing more can be sent to the phones. */
export function forgetHandOut(): void {
  updateBill(() => ({ handOut: null }));
}

/** The item the assign step should bring into view and focus (the Summary's "Assign" fix), once. */
export const $focusItem = atom<string | null>(null);

/** The Summary's first one-tap fix: back to Assign, at the item nobody has yet. */
export function assignItemNow(itemId: string): void {
  $focusItem.set(itemId);
  goToStep('assign');
}

/** The Summary's second one-tap fix: an item nobody had is split equally among the whole table. */
export function splitAmongEveryone(itemId: string): void {
  editItem(itemId, (item, bill) => ({ ...item, portions: undefined, assignedTo: bill.diners.map((d) => d.id) }));
}

export function goToStep(step: Step): void {
  updateBill(() => ({ step }));
}

/**
 * The browser's Back or Forward to a wizard step: the scan step from a bill with items is its Review
 * (as "Back to Review" does); the Summary only when it can be shown. Nothing happens when it cannot.
 */
export function stepFromHistory(step: Step): void {
  const bill = $bill.get();
  if (step === bill.step) return;
  if (step === 'scan') return bill.items.length > 0 && bill.live === null ? backToReview() : goToStep('scan');
  if (bill.items.length === 0) return;
  if (step === 'summary') return continueToSummary();
  goToStep(step);
}

// Summary step

/** The person's tip: from now on it is theirs, whatever the bill's default. */
export function setTip(change: Partial<Omit<TipSetting, 'chosen'>>): void {
  updateBill((bill) => ({ tip: { ...bill.tip, percent: tipSettingPercent(bill.tip, bill.items), ...change, chosen: true } }));
}

/** Who paid the restaurant: a diner picked by id, or the organiser, not one of the diners (null). */
export function setPayer(dinerId: string | null): void {
  updateBill(() => ({ payer: dinerId === null ? { by: 'organiser-not-dining' } : { by: 'diner', dinerId } }));
}

/** The rate the organiser is paid back in pounds at, as typed (checked by payBackRate); null for none. */
export function setPayBackRate(payBackRate: string | null): void {
  updateBill(() => ({ payBackRate }));
}

export function setTipSplit(tipSplit: TipSplit): void {
  updateBill(() => ({ tipSplit }));
}
