import type { CurrencyCode } from '../currency';
import { minorUnits, type MinorUnits } from '../money';
import { convertedTotals, type PayBackRate } from './pay-back-rate';
import { err, ok, type Result } from '../result';
import { billSplit, type Bill } from '../bill';
import type { BillItem } from '../receipt';
import type { PayeeAccounts } from './payee';

/**
 * A bill kept on the server for paying back: the organiser's bill (or a receipt stored through the
 * documents' API) as the domain's one `Bill`, with what paying back needs beside it.
 */
export interface StoredBill {
  readonly id: string;
  /**
   * The bill every diner's page splits, with the ids it is stored under. A receipt-level service
   * charge (POST /api/receipts) is its service line (`isReceiptServiceCharge`).
   */
  readonly bill: Bill;
  /** The organiser is paid back in pounds at this rate; null when in the bill's own currency. */
  readonly payBack: PayBackRate | null;
  /** ISO date (YYYY-MM-DD) the meal was eaten, if known. */
  readonly diningDate: string | null;
  /** Who is paid back, and where they take a bank transfer or a UPI payment; the name is null on receipts stored through the API. */
  readonly payee: { readonly name: string | null; readonly accounts: PayeeAccounts };
  /** Where each diner pays on the documents' apps, by diner id (the payee's handles on a bill the app stores). */
  readonly handles: ReadonlyMap<string, PayHandles>;
}

/** A Monzo, Revolut or PayPal handle, each null when not given. */
export interface PayHandles {
  readonly monzo: string | null;
  readonly revolut: string | null;
  readonly paypal: string | null;
}

export const NO_HANDLES: PayHandles = { monzo: null, revolut: null, paypal: null };

/** A diner as their page names them, with where they pay. */
export interface BreakdownDiner extends PayHandles {
  readonly id: string;
  readonly displayName: string;
}

// The receipt-level service charge's line: no item id the store makes looks like it (theirs are
// `{billId}-{n}`), and it is a text every column takes (a live bill's lines copy it at a hand-out).
const RECEIPT_SERVICE_CHARGE = 'receipt-service-charge';

/** The receipt-level service charge as a line of the bill, split like any service charge. */
export function receiptServiceCharge(amount: MinorUnits): BillItem {
  return { id: RECEIPT_SERVICE_CHARGE, name: 'Service charge', pricePence: amount, kind: 'service', assignedTo: [] };
}

/** The receipt-level service charge, not a line shaped like it. */
export function isReceiptServiceCharge(item: Pick<BillItem, 'id' | 'kind' | 'assignedTo'>): boolean {
  return item.id === RECEIPT_SERVICE_CHARGE && item.kind === 'service' && item.assignedTo.length === 0;
}

export const BREAKDOWN_MESSAGES = {
  missingIds: 'Missing receipt or diner ID',
  receiptNotFound: 'Receipt not found',
  personNotFound: 'Person not found',
  loadFailed: 'Failed to load receipt',
} as const;

export interface BreakdownLine {
  readonly name: string;
  readonly kind: 'item' | 'discount';
  readonly fullPricePence: MinorUnits;
  readonly sharePence: MinorUnits;
  readonly sharedWith: number;
}

export interface DinerBreakdown {
  readonly currency: CurrencyCode;
  readonly diner: BreakdownDiner;
  readonly merchant: string;
  readonly diningDate: string | null;
  readonly lines: readonly BreakdownLine[];
  readonly serviceChargePence: MinorUnits | null;
  readonly tipPence: MinorUnits | null;
  readonly totalPence: MinorUnits;
  /** The total at the organiser's rate, so that everyone's add up to the converted Grand Total; null without a rate. */
  readonly converted: { readonly currency: CurrencyCode; readonly totalPence: number } | null;
}

/**
 * One diner's page of a stored receipt: item shares, discounts (unassigned ones
 * across everyone), and the service charge and tip split among diners with at least one item (the
 * tip equally or by what each had, as the organiser chose).
 */
export function dinerBreakdown(stored: StoredBill, dinerId: string): Result<DinerBreakdown, string> {
  const page = dinerBreakdowns(stored).get(dinerId);
  return page === undefined ? err(BREAKDOWN_MESSAGES.personNotFound) : ok(page);
}

/**
 * Every diner's page of a stored bill, by diner id, from one split (and one conversion at the
 * organiser's rate), so every diner's total adds up exactly to the bill.
 */
export function dinerBreakdowns(stored: StoredBill): ReadonlyMap<string, DinerBreakdown> {
  const { bill } = stored;
  const anyService = bill.items.some((i) => i.kind === 'service');
  const split = billSplit(bill);
  const converted = convertedTotals(
    bill.currency,
    split.shares.map((s) => s.totalPence),
    stored.payBack,
  );
  const byId = new Map(bill.items.map((i) => [i.id, i]));
  const pages = new Map<string, DinerBreakdown>();
  for (const [n, diner] of bill.diners.entries()) {
    const share = split.shares[n]!;
    const lines = share.lines.flatMap((l) => {
      const item = byId.get(l.itemId);
      if (item === undefined || (item.kind !== 'item' && item.kind !== 'discount')) return [];
      return [{ name: item.name, kind: item.kind, fullPricePence: item.pricePence, sharePence: l.sharePence, sharedWith: l.sharedWith }];
    });
    pages.set(diner.id, {
      currency: bill.currency,
      diner: { id: diner.id, displayName: diner.name, ...(stored.handles.get(diner.id) ?? NO_HANDLES) },
      merchant: bill.name ?? 'Your Split',
      diningDate: stored.diningDate,
      lines,
      serviceChargePence: anyService ? share.servicePence : null,
      tipPence: bill.tipPence !== 0 ? share.tipPence : null,
      totalPence: minorUnits(share.totalPence),
      converted: converted === null ? null : { currency: converted.currency, totalPence: converted.shares[n]! },
    });
  }
  return pages;
}

const ID_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz'; // no 0/o, 1/l/i: readable when typed from a screen

/** A short unguessable id from caller-supplied random bytes (31^n; 14 characters ≈ 69 bits). */
export function shortId(randomBytes: Uint8Array, length: number): string {
  if (randomBytes.length < length) throw new RangeError(`need ${length} random bytes`);
  // The modulo bias (256 = 8 × 31 + 8) costs a small fraction of a bit per character.
  return Array.from(randomBytes.slice(0, length), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}
