import type { CurrencyCode } from '../currency';
import { pence, type Pence } from '../money';
import { convertedTotals, type PayBackRate } from '../paying-back/pay-back-rate';
import { err, ok, type Result } from '../result';
import { billSplit, type Bill } from '../bill';
import type { TipSharers, TipSplit } from '../split';
import type { PayeeAccounts } from '../paying-back/payee';

/** A receipt kept on the server for the short /r/{id}/{dinerId} links. */
export interface StoredReceipt {
  readonly id: string;
  /** ISO 4217: every amount is in its minor unit. */
  readonly currency: CurrencyCode;
  /** The organiser is paid back in pounds at this rate; null when in the bill's own currency. */
  readonly payBack: PayBackRate | null;
  readonly merchant: string | null;
  /** ISO date (YYYY-MM-DD) the meal was eaten, if known. */
  readonly diningDate: string | null;
  readonly serviceChargeEnabled: boolean;
  readonly serviceChargePence: Pence;
  readonly tipTotalPence: Pence;
  readonly tipSplit: TipSplit;
  /**
   * Who shares the tip: the documents' breakdown rule (diners with items, the specification) for receipts
   * stored through the API, the summary's rule (everyone) for bills the app stores, so a diner's page
   * shows what the organiser's summary showed, to the penny.
   */
  readonly tipSharers: TipSharers;
  /** The organiser's name as they gave it for being paid back; null for receipts stored through the API. */
  readonly payeeName: string | null;
  /** Where the payee takes a bank transfer or a UPI payment (each null when not given; all null on receipts stored through the API). */
  readonly payeeAccounts: PayeeAccounts;
  /** The diner who paid the restaurant: owed, never owing; null when the organiser did and did not eat, or on receipts stored through the API. */
  readonly payerDinerId: string | null;
  readonly items: readonly StoredItem[];
  readonly diners: readonly StoredDiner[];
}

export interface StoredItem {
  readonly id: string;
  readonly name: string;
  readonly pricePence: Pence;
  readonly kind: StoredItemKind;
  readonly assignedTo: readonly string[];
}

/** A service charge line (from the app's bill) is split like the receipt-level service charge. */
export type StoredItemKind = 'item' | 'discount' | 'service';

export interface StoredDiner {
  readonly id: string;
  readonly displayName: string;
  readonly monzo: string | null;
  readonly revolut: string | null;
  readonly paypal: string | null;
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
  readonly fullPricePence: Pence;
  readonly sharePence: Pence;
  readonly sharedWith: number;
}

export interface DinerBreakdown {
  readonly currency: CurrencyCode;
  readonly diner: StoredDiner;
  readonly merchant: string;
  readonly diningDate: string | null;
  readonly lines: readonly BreakdownLine[];
  readonly serviceChargePence: Pence | null;
  readonly tipPence: Pence | null;
  readonly totalPence: Pence;
  /** The total at the organiser's rate, so that everyone's add up to the converted Grand Total; null without a rate. */
  readonly converted: { readonly currency: CurrencyCode; readonly totalPence: number } | null;
}

const SERVICE_LINE = '\u0000service';

function hasService(receipt: StoredReceipt): boolean {
  return receipt.serviceChargeEnabled && receipt.serviceChargePence !== 0;
}

/** The bill a stored receipt holds, as every diner's page splits it (its receipt-level service charge as a line). */
export function billOfStoredReceipt(receipt: StoredReceipt): Bill {
  const service = hasService(receipt);
  return {
    currency: receipt.currency,
    name: receipt.merchant,
    diners: receipt.diners.map((d) => ({ id: d.id, name: d.displayName })),
    items: [
      ...receipt.items.map((i) => ({ id: i.id, name: i.name, pricePence: i.pricePence, kind: i.kind, assignedTo: i.assignedTo })),
      ...(service ? [{ id: SERVICE_LINE, name: 'Service charge', pricePence: receipt.serviceChargePence, kind: 'service' as const, assignedTo: [] }] : []),
    ],
    tipPence: receipt.tipTotalPence,
    tipSplit: receipt.tipSplit,
    tipSharers: receipt.tipSharers,
    payerId: receipt.payerDinerId,
  };
}

/**
 * One diner's page of a stored receipt: item shares, discounts (unassigned ones
 * across everyone), and the service charge and tip split among diners with at least one item (the
 * tip equally or by what each had, as the organiser chose).
 * Shares come from splitBill, so every diner's total adds up exactly to the bill.
 */
export function dinerBreakdown(receipt: StoredReceipt, dinerId: string): Result<DinerBreakdown, string> {
  const diner = receipt.diners.find((d) => d.id === dinerId);
  if (diner === undefined) return err(BREAKDOWN_MESSAGES.personNotFound);
  const anyService = hasService(receipt) || receipt.items.some((i) => i.kind === 'service');
  const split = billSplit(billOfStoredReceipt(receipt));
  const share = split.shares.find((s) => s.dinerId === dinerId)!;
  const converted = convertedTotals(
    receipt.currency,
    split.shares.map((s) => s.totalPence),
    receipt.payBack,
  );
  const byId = new Map(receipt.items.map((i) => [i.id, i]));
  const lines = share.lines.flatMap((l) => {
    const item = byId.get(l.itemId);
    if (item === undefined || item.kind === 'service') return [];
    return [{ name: item.name, kind: item.kind, fullPricePence: item.pricePence, sharePence: l.sharePence, sharedWith: l.sharedWith }];
  });
  return ok({
    currency: receipt.currency,
    diner,
    merchant: receipt.merchant ?? 'Your Split',
    diningDate: receipt.diningDate,
    lines,
    serviceChargePence: anyService ? share.servicePence : null,
    tipPence: receipt.tipTotalPence !== 0 ? share.tipPence : null,
    totalPence: pence(share.totalPence),
    converted: converted === null ? null : { currency: converted.currency, totalPence: converted.shares[split.shares.indexOf(share)]! },
  });
}

const ID_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz'; // no 0/o, 1/l/i: readable when typed from a screen

/** A short unguessable id from caller-supplied random bytes (31^n; 14 characters ≈ 69 bits). */
export function shortId(randomBytes: Uint8Array, length: number): string {
  if (randomBytes.length < length) throw new RangeError(`need ${length} random bytes`);
  // The modulo bias (256 = 8 × 31 + 8) costs a small fraction of a bit per character.
  return Array.from(randomBytes.slice(0, length), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}
