import { atom } from 'nanostores';
import { GBP, type CurrencyCode } from '../../../domain/currency';
import type { MinorUnits } from '../../../domain/money';
import type { ExportStamp } from '../../../domain/export';
import type { BillItem, Diner } from '../../../domain/receipt';
import type { ReviewLine } from '../../../domain/scanning/review';
import type { TipSplit } from '../../../domain/split';
import type { TipSetting } from '../../../domain/tip-setting';
import { DEFAULT_TIP_PERCENT } from '../../../domain/tip-default';
import { readJson, remove, writeJson } from './storage';

// The bill in progress and where it is kept, apart from the wizard's changes to it (bill-store.ts):
// the first screen needs only this, so the splitting and tip arithmetic load with the later steps.

export type Step = 'scan' | 'assign' | 'summary';

export interface BillState {
  readonly step: Step;
  /** The bill's one currency: every amount below is in its minor unit. */
  readonly currency: CurrencyCode;
  /** The reading guessed the currency from where the shop is (no sign printed) and the person has not chosen one. */
  readonly currencyDoubtful?: boolean;
  /** For a bill not in pounds: one unit of it in pounds, as the organiser typed it to be paid back in pounds; null when not. */
  readonly payBackRate: string | null;
  /** Lines read from a receipt, awaiting review on the scan step. */
  readonly review: readonly ReviewLine[] | null;
  /** The printed total the server found on the receipt under review. */
  readonly reviewTotalPence: MinorUnits | null;
  /** Whether the lines under review are the sample receipt (it marks a test receipt). */
  readonly reviewIsSample: boolean;
  /** Whether the lines under review were typed in, never read (a manual bill back from Assign): nothing was paid for them. */
  readonly reviewIsTyped: boolean;
  /** A paid reading the person went back from: the scan step offers it again until another reading or bill replaces it. */
  readonly discarded: {
    readonly lines: readonly ReviewLine[];
    readonly totalPence: MinorUnits | null;
    readonly merchant: string | null;
    readonly receiptDate: string | null;
    readonly name: string | null;
    /** Absent on a reading put away before bills had currencies: pounds. */
    readonly currency?: CurrencyCode;
  } | null;
  /** The lines as read and the printed total, kept so that Back from Assign can show Review again. */
  readonly readLines: readonly ReviewLine[];
  readonly readTotalPence: MinorUnits | null;
  readonly items: readonly BillItem[];
  readonly diners: readonly Diner[];
  readonly tip: TipSetting;
  /** How the tip is shared: equally by default, or by what each diner had. */
  readonly tipSplit: TipSplit;
  readonly isTestReceipt: boolean;
  /** The bill's receipt id and when it reached the Summary (what its export is stamped with); null before. */
  readonly exportStamp: ExportStamp | null;
  /** The stored bill this one was shared as (for getting paid back); null until the first Send. */
  readonly storedReceiptId: string | null;
  /** The bill opened to the table, while it is (the organiser's key stays on this device). */
  readonly live: LiveLink | null;
  /** The live bill this one was finished from, while its diners' phones can be sent their pay-back links. */
  readonly handOut: HandOutLink | null;
  /** Who paid the restaurant: the organiser unless they pick someone else. */
  readonly payer: PayerChoice;
  /** The restaurant and the date (ISO yyyy-mm-dd) read from the receipt, null when none was read. */
  readonly merchant: string | null;
  readonly receiptDate: string | null;
  /** The bill's name as typed on Review; null until then (the name comes from the receipt: billNameOf). */
  readonly name: string | null;
  /** The London day the bill was started (ISO), what "Bill of …" names a bill with no date of its own. */
  readonly startedOn: string | null;
}

/**
 * 'me': the organiser, who is the diner named as in their payment details, if one is (else not one
 * of the diners); or a diner the organiser picked by id.
 */
export type PayerChoice = { readonly by: 'me' } | { readonly by: 'diner'; readonly dinerId: string } | { readonly by: 'organiser-not-dining' };

/** What the organiser's device keeps of a live bill: its id, both keys and the table's link. */
export interface LiveLink {
  readonly billId: string;
  readonly organiserKey: string;
  readonly tableKey: string;
  readonly url: string;
}

/** A finished live bill: its link and keys, and its diners (the wizard's ids), the only ones a link can go to. */
export interface HandOutLink extends LiveLink {
  readonly dinerIds: readonly string[];
  /** What was last sent to the phones (the stored bill's fingerprint), so a later change is sent again; null before the first send. */
  readonly sent: string | null;
}

/** Where the bill in progress is kept (app.astro reads its step before the first paint). */
export const BILL_STORAGE_KEY = 'whos-paying:bill';
const VERSION = 1;

export const EMPTY_BILL: BillState = {
  step: 'scan',
  currency: GBP,
  payBackRate: null,
  review: null,
  reviewTotalPence: null,
  reviewIsSample: false,
  reviewIsTyped: false,
  discarded: null,
  readLines: [],
  readTotalPence: null,
  items: [],
  diners: [],
  tip: { mode: 'percent', percent: DEFAULT_TIP_PERCENT, amountText: '', chosen: false },
  tipSplit: 'equal',
  isTestReceipt: false,
  exportStamp: null,
  storedReceiptId: null,
  live: null,
  handOut: null,
  payer: { by: 'me' },
  merchant: null,
  receiptDate: null,
  name: null,
  startedOn: null,
};

export const $bill = atom<BillState>(EMPTY_BILL);

/** False until restoreBill has run: the server's render (and so the first one in the browser) has no stored bill. */
export const $restored = atom(false);

/** The bill in progress survives a reload until 'Split Another Bill'. */
export function restoreBill(): void {
  const stored = readJson<{ version?: number; bill?: BillState } | null>(BILL_STORAGE_KEY, null);
  // A bill kept before the tip default existed keeps the tip it had as chosen.
  if (stored?.version === VERSION && stored.bill) $bill.set({ ...EMPTY_BILL, ...stored.bill, tip: { ...EMPTY_BILL.tip, chosen: true, ...(stored.bill.tip as Partial<TipSetting>) } });
  $bill.listen((bill) => writeJson(BILL_STORAGE_KEY, { version: VERSION, bill }));
  $restored.set(true);
}

/** A change to the bill in progress (bill-store.ts has the wizard's changes). */
export const updateBill = (change: (bill: BillState) => Partial<BillState>): void => {
  const bill = $bill.get();
  $bill.set({ ...bill, ...change(bill) });
};

/** Split Another Bill: back to scan with diners, items, tip, receipt and the test flag cleared. */
export function resetBill(): void {
  $bill.set(EMPTY_BILL);
  remove(BILL_STORAGE_KEY);
}
