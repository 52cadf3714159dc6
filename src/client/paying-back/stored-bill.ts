import type { Payee } from '../../../domain/paying-back/payee';
import { err, ok, type Result } from '../../../domain/result';
import type { Bill } from '../../../domain/bill';
import type { BillSplit } from '../../../domain/split';
import { dinerItemNames } from '../../../domain/paying-back/messages';
import type { BillSnapshot } from '../bill/bill-store';
import { storeBill } from '../../contracts/paying-back';
import { createShareLink } from '../../contracts/shares';
import type { z } from '../../contracts/zod';
import { callEndpoint } from '../call-endpoint';
import { shareLinkRequest } from '../sharing/share-link';
import { payingBackProblem, type PayingBackProblem } from './problem';
import { keepRecentBill, recentBill, type RecentBill } from './recent-bills';

/** What storing a bill for paying back sends besides the Bill, and what the wizard opens again from it. */
export interface BillToStore {
  /** The bill as the Summary shows it, named as its pages are headed (the recent bill's label), with who paid the restaurant. */
  readonly bill: Bill;
  /** The bill's split as the Summary worked it out ($billView): each diner's lines and the total, not split again here. */
  readonly split: BillSplit;
  readonly snapshot: BillSnapshot;
  /** The date printed on the receipt (ISO), null when none was read. */
  readonly diningDate: string | null;
  /** One unit of the bill's currency in pounds, when the organiser is paid back in pounds. */
  readonly payBackRate: string | null;
}

/**
 * The stored bill for this bill, stored on first use and reused on every later share; when the bill
 * or the payee changed since, the server's copy is edited with the organiser's secret, so links
 * already sent keep working. A stored bill that has expired is stored afresh.
 */
export async function ensureStored(toStore: BillToStore, payee: Payee, storedReceiptId: string | null): Promise<Result<RecentBill, PayingBackProblem>> {
  const fingerprint = fingerprintOf(toStore, payee);
  const current = recentBill(storedReceiptId);
  if (current !== null && current.fingerprint === fingerprint) return ok(current);
  const stored = current && { receiptId: current.receiptId, organiserSecret: current.organiserSecret, dinerIds: Object.fromEntries(current.diners.map((d) => [d.id, d.dinerId])) };
  const bill = storedBill(toStore);
  let answer = await callEndpoint(storeBill, [], { ...bill, payee, ...(stored ? { stored } : {}) });
  if (!answer.ok && answer.code === 'bill_not_found' && stored !== null) answer = await callEndpoint(storeBill, [], { ...bill, payee });
  if (!answer.ok) return err(payingBackProblem(answer));
  // The whole-bill link (`/b/…`, no one's capability): what group messages carry.
  const whole = await callEndpoint(createShareLink, [], shareLinkRequest(toStore.bill, toStore.payBackRate));
  const known = new Map((answer.value.receiptId === current?.receiptId ? current.diners : []).map((d) => [d.dinerId, d.url]));
  const names = new Map(toStore.bill.diners.map((d) => [d.id, d.name]));
  // Each diner's total as the server stored it; the lines each has a share of, from the one split.
  const owed = new Map(answer.value.status.diners.map((d) => [d.dinerId, d.totalPence]));
  const { split } = toStore;
  const lines = new Map(split.shares.map((s) => [s.dinerId, dinerItemNames(toStore.bill.items, s.lines)]));
  const recent: RecentBill = {
    receiptId: answer.value.receiptId,
    organiserSecret: answer.value.organiserSecret,
    expiresAt: answer.value.expiresAt,
    sharedAt: new Date().toISOString(),
    fingerprint,
    label: toStore.bill.name ?? '',
    totalPence: split.totalPence,
    snapshot: toStore.snapshot,
    diners: answer.value.diners.map((d) => ({
      id: d.id,
      dinerId: d.dinerId,
      name: names.get(d.id) ?? '',
      url: d.url ?? known.get(d.dinerId) ?? '',
      totalPence: owed.get(d.dinerId) ?? 0,
      items: lines.get(d.id) ?? [],
    })),
    status: answer.value.status,
    wholeBillUrl: whole.ok ? whole.value.url : current?.wholeBillUrl,
    payerId: toStore.bill.payerId,
  };
  keepRecentBill(recent);
  return ok(recent);
}

/** The bill as storeBill takes it: the Summary's bill, with the receipt's date and the rate it is paid back at. */
function storedBill(toStore: BillToStore): Pick<z.input<typeof storeBill.request>, 'bill' | 'diningDate' | 'payBackRate'> {
  return { bill: toStore.bill, diningDate: toStore.diningDate, payBackRate: toStore.payBackRate };
}

/** What the server's copy was made from: when it differs, the stored bill needs editing. */
export function fingerprintOf(toStore: Pick<BillToStore, 'bill' | 'diningDate' | 'payBackRate'>, payee: Payee): string {
  // A rate joins the list only when there is one, so bills kept before rates existed keep their fingerprint.
  // The payer and the name again after the bill, where they stood before the bill carried them: the same bill keeps its fingerprint.
  const rate = toStore.payBackRate === null ? [] : [toStore.payBackRate];
  return JSON.stringify([toStore.bill, payee, toStore.bill.payerId, toStore.bill.name, toStore.diningDate, ...rate]);
}
