import { payBackRate } from './pay-back-rate';
import { parseAccounts, type PayeeInput } from './payee';
import { MAX_DINER_NAME_LENGTH, MAX_DINERS, MAX_DINERS_MESSAGE } from '../diners';
import { err, ok, type Result } from '../result';
import { PAYMENT_HANDLE } from './repayment-links';
import { MAX_SHARED_ITEMS, SHARE_MESSAGES, subtotalProblem } from '../sharing/share-packet';
import { isLinePrice, MAX_ITEM_NAME_LENGTH, MAX_ITEM_PENCE, type Bill, type BillDiner } from '../bill';
import type { BillItem } from '../receipt';
import { sharedBill } from '../sharing/shared-lines';
import { BREAKDOWN_MESSAGES, isReceiptServiceCharge, shortId, type PayHandles, type StoredBill } from './stored-bill';

const RECEIPT_ID_LENGTH = 14;
const DINER_ID_LENGTH = 8;

/** What is kept beside the bill, as given (checked here): the rate, the dining date, the payee and each diner's handles. */
export interface StoredBillTerms {
  /** One unit of the bill's currency in pounds, as the organiser typed it, when they are paid back in pounds. */
  readonly payBackRate?: string | null | undefined;
  readonly diningDate?: string | null | undefined;
  readonly payeeName?: string | null | undefined;
  /** The payee's IBAN, BIC and UPI id. */
  readonly payeeAccounts?: PayeeInput | undefined;
  /** Each diner's Monzo, Revolut and PayPal handles, by the bill's diner id (none when absent). */
  readonly handles?: ((dinerId: string) => Partial<Record<keyof PayHandles, string | null | undefined>>) | undefined;
}

/** Ids to keep when the organiser edits a bill already stored (its id, and their diners' ids by the app's diner id). */
export interface KeptIds {
  readonly receiptId: string;
  readonly dinerIds: ReadonlyMap<string, string>;
}

/**
 * The bill to store, checked, with fresh short random ids (random bytes come from the caller), or
 * with the ids it already has when the organiser edits it. Bills the app stores (`kept` or `scoped`)
 * get diner ids prefixed with the bill's own id, unique across every bill. The bill goes as its links
 * carry it (no VAT lines, a line split by units or shares as its parts); `dinerIds` maps the given
 * bill's diner ids to the stored ones.
 */
export function newStoredBill(
  given: Bill,
  terms: StoredBillTerms,
  random: (length: number) => Uint8Array,
  ids: { readonly kept?: KeptIds | undefined; readonly scoped?: boolean } = {},
): Result<{ stored: StoredBill; dinerIds: ReadonlyMap<string, string> }, string> {
  const whole = sharedBill(given);
  const services = whole.items.filter(isReceiptServiceCharge);
  const lines = whole.items.filter((i) => !isReceiptServiceCharge(i));
  if (lines.length === 0) return err(SHARE_MESSAGES.noItems);
  if (services.length > 1) return err(SHARE_MESSAGES.invalidFormat);
  const service = services[0];
  if (whole.diners.length === 0) return err(SHARE_MESSAGES.noDiners);
  if (whole.diners.length > MAX_DINERS) return err(MAX_DINERS_MESSAGE);
  if (lines.length > MAX_SHARED_ITEMS) return err(SHARE_MESSAGES.invalidFormat);
  if (!Number.isSafeInteger(whole.tipPence) || whole.tipPence < 0) return err(SHARE_MESSAGES.negativeTip);
  const servicePence = service?.pricePence ?? 0;
  if (!isLinePrice(servicePence) || servicePence < 0 || whole.tipPence > MAX_ITEM_PENCE) return err(SHARE_MESSAGES.invalidFormat);
  if (terms.diningDate && !/^\d{4}-\d{2}-\d{2}$/.test(terms.diningDate)) return err(SHARE_MESSAGES.invalidFormat);
  const payBack = payBackRate(whole.currency, terms.payBackRate);
  if (!payBack.ok) return payBack;
  const accounts = parseAccounts(terms.payeeAccounts ?? {});
  if (!accounts.ok) return err(SHARE_MESSAGES.invalidFormat);
  const receiptId = ids.kept?.receiptId ?? shortId(random(RECEIPT_ID_LENGTH), RECEIPT_ID_LENGTH);
  const prefix = ids.kept !== undefined || ids.scoped ? receiptId : '';
  const dinerIds = new Map<string, string>();
  const diners: BillDiner[] = [];
  const handles = new Map<string, PayHandles>();
  for (const d of whole.diners) {
    const name = d.name.trim();
    if (name.length === 0 || [...name].length > MAX_DINER_NAME_LENGTH || dinerIds.has(d.id)) return err(SHARE_MESSAGES.invalidFormat);
    const offered = terms.handles?.(d.id) ?? {};
    const [monzo = null, revolut = null, paypal = null] = [offered.monzo, offered.revolut, offered.paypal].map((h) => (h ? h.trim().replace(/^@/, '') : null));
    if ([monzo, revolut, paypal].some((h) => h !== null && !PAYMENT_HANDLE.test(h))) return err(SHARE_MESSAGES.invalidFormat);
    const fresh = () => prefix + shortId(random(DINER_ID_LENGTH), DINER_ID_LENGTH);
    let id = ids.kept?.dinerIds.get(d.id) ?? fresh();
    while (diners.some((x) => x.id === id)) id = fresh();
    dinerIds.set(d.id, id);
    diners.push({ id, name });
    handles.set(id, { monzo, revolut, paypal });
  }
  const items: BillItem[] = [];
  for (const [n, item] of lines.entries()) {
    const name = item.name.trim();
    if (name.length === 0 || [...name].length > MAX_ITEM_NAME_LENGTH) return err(SHARE_MESSAGES.invalidFormat);
    if (!isLinePrice(item.pricePence)) return err(SHARE_MESSAGES.invalidFormat);
    if (item.assignedTo.some((id) => !dinerIds.has(id))) return err(BREAKDOWN_MESSAGES.personNotFound);
    // In table order, as the store reads assignments back.
    const assignedTo = whole.diners.filter((d) => item.assignedTo.includes(d.id)).map((d) => dinerIds.get(d.id)!);
    items.push({ id: `${receiptId}-${n + 1}`, name, pricePence: item.pricePence, kind: item.kind, assignedTo });
  }
  const negative = subtotalProblem(items);
  if (negative !== null) return err(negative);
  const payerId = whole.payerId ? dinerIds.get(whole.payerId) : null;
  if (payerId === undefined) return err(BREAKDOWN_MESSAGES.personNotFound);
  const name = whole.name?.trim() || null;
  return ok({
    stored: {
      id: receiptId,
      bill: {
        currency: whole.currency,
        name: name === null ? null : name.slice(0, MAX_ITEM_NAME_LENGTH),
        diners,
        items: servicePence > 0 && service !== undefined ? [...items, service] : items,
        tipPence: whole.tipPence,
        tipSplit: whole.tipSplit,
        tipSharers: whole.tipSharers,
        payerId,
      },
      payBack: payBack.value,
      diningDate: terms.diningDate || null,
      payee: { name: terms.payeeName?.trim().slice(0, MAX_DINER_NAME_LENGTH * 2) || null, accounts: accounts.value },
      handles,
    },
    dinerIds,
  });
}
