import { currencyCode, GBP } from '../currency';
import { payBackRate } from '../paying-back/pay-back-rate';
import { parseAccounts } from '../paying-back/payee';
import { MAX_DINER_NAME_LENGTH, MAX_DINERS, MAX_DINERS_MESSAGE } from '../diners';
import { pence } from '../money';
import type { TipSplit } from '../split';
import { err, ok, type Result } from '../result';
import { PAYMENT_HANDLE } from '../paying-back/repayment-links';
import { MAX_SHARED_ITEMS, SHARE_MESSAGES, subtotalProblem } from './share-packet';
import { MAX_ITEM_NAME_LENGTH, MAX_ITEM_PENCE, type Bill } from '../bill';
import { sharedBill } from './shared-lines';
import { BREAKDOWN_MESSAGES, shortId, type StoredDiner, type StoredItem, type StoredItemKind, type StoredReceipt } from './stored-receipt';
import type { TipSharers } from '../split';

const RECEIPT_ID_LENGTH = 14;
const DINER_ID_LENGTH = 8;

/** What the organiser sends to store a receipt for /r/ links (POST /api/receipts). */
export interface NewReceiptRequest {
  /** ISO 4217; pounds when absent. */
  readonly currency?: string | null | undefined;
  /** One unit of the bill's currency in pounds, as the organiser typed it, when they are paid back in pounds. */
  readonly payBackRate?: string | null | undefined;
  readonly merchant?: string | null | undefined;
  readonly diningDate?: string | null | undefined;
  readonly serviceChargePence?: number | null | undefined;
  readonly tipPence: number;
  /** Equal unless asked otherwise. */
  readonly tipSplit?: TipSplit | undefined;
  readonly diners: readonly {
    readonly id: string;
    readonly name: string;
    readonly monzo?: string | null | undefined;
    readonly revolut?: string | null | undefined;
    readonly paypal?: string | null | undefined;
  }[];
  readonly items: readonly { readonly name: string; readonly pricePence: number; readonly kind?: StoredItemKind | undefined; readonly assignedTo: readonly string[] }[];
  /** The documents' rule (diners with items, the specification) unless asked otherwise. */
  readonly tipSharers?: TipSharers | undefined;
  readonly payeeName?: string | null | undefined;
  /** The payee's IBAN, BIC and UPI id (checked again here, as the handles are). */
  readonly payeeAccounts?: { readonly iban?: string | null; readonly bic?: string | null; readonly upi?: string | null } | undefined;
  /** The diner (by the request's id) who paid the restaurant; none when the organiser paid and is not a diner. */
  readonly payerId?: string | null | undefined;
}

/**
 * The app's bill as a receipt to store, as its links carry it (no VAT lines, a line split by units or
 * shares as its parts), named by the bill's name; the payee and the dining date come beside it.
 */
export function receiptRequestOfBill(whole: Bill, beside: Pick<NewReceiptRequest, 'diningDate' | 'payBackRate' | 'payeeName' | 'payeeAccounts'> = {}): NewReceiptRequest {
  const bill = sharedBill(whole);
  return {
    ...beside,
    currency: bill.currency,
    merchant: bill.name,
    tipPence: bill.tipPence,
    tipSplit: bill.tipSplit,
    tipSharers: bill.tipSharers,
    diners: bill.diners,
    items: bill.items.map((i) => ({ name: i.name, pricePence: i.pricePence, kind: i.kind === 'vat' ? 'item' : i.kind, assignedTo: i.assignedTo })),
    payerId: bill.payerId,
  };
}

/** Ids to keep when the organiser edits a bill already stored (its id, and their diners' ids by the app's diner id). */
export interface KeptIds {
  readonly receiptId: string;
  readonly dinerIds: ReadonlyMap<string, string>;
}

/**
 * Builds the receipt to store, with fresh short random ids (random bytes come from the caller), or
 * with the ids it already has when the organiser edits it. Bills the app stores (`kept` or
 * `scoped`) get diner ids prefixed with the receipt's own id, unique across every receipt.
 */
export function newStoredReceipt(
  request: NewReceiptRequest,
  random: (length: number) => Uint8Array,
  ids: { readonly kept?: KeptIds | undefined; readonly scoped?: boolean } = {},
): Result<{ receipt: StoredReceipt; dinerIds: ReadonlyMap<string, string> }, string> {
  if (request.items.length === 0) return err(SHARE_MESSAGES.noItems);
  if (request.diners.length === 0) return err(SHARE_MESSAGES.noDiners);
  if (request.diners.length > MAX_DINERS) return err(MAX_DINERS_MESSAGE);
  if (request.items.length > MAX_SHARED_ITEMS) return err(SHARE_MESSAGES.invalidFormat);
  if (!Number.isSafeInteger(request.tipPence) || request.tipPence < 0) return err(SHARE_MESSAGES.negativeTip);
  const service = request.serviceChargePence ?? 0;
  if (!Number.isSafeInteger(service) || service < 0 || service > MAX_ITEM_PENCE || request.tipPence > MAX_ITEM_PENCE) return err(SHARE_MESSAGES.invalidFormat);
  if (request.diningDate && !/^\d{4}-\d{2}-\d{2}$/.test(request.diningDate)) return err(SHARE_MESSAGES.invalidFormat);
  const currency = request.currency == null ? GBP : currencyCode(request.currency);
  if (currency === null) return err(SHARE_MESSAGES.invalidFormat);
  const payBack = payBackRate(currency, request.payBackRate);
  if (!payBack.ok) return payBack;
  const accounts = parseAccounts(request.payeeAccounts ?? {});
  if (!accounts.ok) return err(SHARE_MESSAGES.invalidFormat);
  const receiptId = ids.kept?.receiptId ?? shortId(random(RECEIPT_ID_LENGTH), RECEIPT_ID_LENGTH);
  const prefix = ids.kept !== undefined || ids.scoped ? receiptId : '';
  const dinerIds = new Map<string, string>();
  const diners: StoredDiner[] = [];
  for (const d of request.diners) {
    const name = d.name.trim();
    if (name.length === 0 || [...name].length > MAX_DINER_NAME_LENGTH || dinerIds.has(d.id)) return err(SHARE_MESSAGES.invalidFormat);
    const handles = [d.monzo, d.revolut, d.paypal].map((h) => (h ? h.trim().replace(/^@/, '') : null));
    if (handles.some((h) => h !== null && !PAYMENT_HANDLE.test(h))) return err(SHARE_MESSAGES.invalidFormat);
    const fresh = () => prefix + shortId(random(DINER_ID_LENGTH), DINER_ID_LENGTH);
    let id = ids.kept?.dinerIds.get(d.id) ?? fresh();
    while (diners.some((x) => x.id === id)) id = fresh();
    dinerIds.set(d.id, id);
    diners.push({ id, displayName: name, monzo: handles[0] ?? null, revolut: handles[1] ?? null, paypal: handles[2] ?? null });
  }
  const items: StoredItem[] = [];
  for (const [n, item] of request.items.entries()) {
    const name = item.name.trim();
    if (name.length === 0 || [...name].length > MAX_ITEM_NAME_LENGTH) return err(SHARE_MESSAGES.invalidFormat);
    if (!Number.isSafeInteger(item.pricePence) || Math.abs(item.pricePence) > MAX_ITEM_PENCE) return err(SHARE_MESSAGES.invalidFormat);
    if (item.assignedTo.some((id) => !dinerIds.has(id))) return err(BREAKDOWN_MESSAGES.personNotFound);
    // In table order, as the store reads assignments back.
    const assignedTo = request.diners.filter((d) => item.assignedTo.includes(d.id)).map((d) => dinerIds.get(d.id)!);
    const kind = item.kind ?? (item.pricePence < 0 ? 'discount' : 'item');
    items.push({ id: `${receiptId}-${n + 1}`, name, pricePence: pence(item.pricePence), kind, assignedTo });
  }
  const negative = subtotalProblem(items);
  if (negative !== null) return err(negative);
  if (request.payerId && !dinerIds.has(request.payerId)) return err(BREAKDOWN_MESSAGES.personNotFound);
  const merchant = request.merchant?.trim() || null;
  return ok({
    receipt: {
      id: receiptId,
      currency,
      payBack: payBack.value,
      merchant: merchant === null ? null : merchant.slice(0, MAX_ITEM_NAME_LENGTH),
      diningDate: request.diningDate || null,
      serviceChargeEnabled: service > 0,
      serviceChargePence: pence(service),
      tipTotalPence: pence(request.tipPence),
      tipSplit: request.tipSplit ?? 'equal',
      tipSharers: request.tipSharers ?? 'dinersWithItems',
      payeeName: request.payeeName?.trim().slice(0, MAX_DINER_NAME_LENGTH * 2) || null,
      payeeAccounts: accounts.value,
      payerDinerId: request.payerId ? (dinerIds.get(request.payerId) ?? null) : null,
      items,
      diners,
    },
    dinerIds,
  });
}
