import type { Payee } from '../../../domain/paying-back/payee';
import type { PaymentStatus } from '../../../domain/paying-back/payments';
import { ok, type Result } from '../../../domain/result';
import type { ShareableBill } from '../../../domain/sharing/share-text';
import type { BillSnapshot } from '../wizard/bill-store';
import { storeBill, type ApiProblem } from './api';
import { keepRecentBill, recentBill, type RecentBill } from './recent-bills';

export interface BillToStore {
  readonly bill: ShareableBill;
  readonly snapshot: BillSnapshot;
  readonly label: string;
  readonly totalPence: number;
  /** Each diner's total as the summary shows it, by the app's diner id. */
  readonly totals: ReadonlyMap<string, number>;
}

/**
 * The stored bill for this bill, stored on first use and reused on every later share; when the bill
 * or the payee changed since, the server's copy is edited with the organiser's secret, so links
 * already sent keep working. A stored bill that has expired is stored afresh.
 */
export async function ensureStored(toStore: BillToStore, payee: Payee, storedReceiptId: string | null): Promise<Result<RecentBill, ApiProblem>> {
  const fingerprint = fingerprintOf(toStore.bill, payee);
  const current = recentBill(storedReceiptId);
  if (current !== null && current.fingerprint === fingerprint) return ok(current);
  const stored = current && { receiptId: current.receiptId, organiserSecret: current.organiserSecret, dinerIds: Object.fromEntries(current.diners.map((d) => [d.id, d.dinerId])) };
  let answer = await storeBill(toStore.bill, payee, stored);
  if (!answer.ok && answer.error.code === 'bill_not_found' && stored !== null) answer = await storeBill(toStore.bill, payee, null);
  if (!answer.ok) return answer;
  const known = new Map((answer.value.receiptId === current?.receiptId ? current.diners : []).map((d) => [d.dinerId, d.url]));
  const names = new Map(toStore.bill.diners.map((d) => [d.id, d.name]));
  const recent: RecentBill = {
    receiptId: answer.value.receiptId,
    organiserSecret: answer.value.organiserSecret,
    expiresAt: answer.value.expiresAt,
    sharedAt: new Date().toISOString(),
    fingerprint,
    label: toStore.label,
    totalPence: toStore.totalPence,
    snapshot: toStore.snapshot,
    diners: answer.value.diners.map((d) => ({ id: d.id, dinerId: d.dinerId, name: names.get(d.id) ?? '', url: d.url ?? known.get(d.dinerId) ?? '', totalPence: toStore.totals.get(d.id) ?? 0 })),
    paid: answer.value.receiptId === current?.receiptId ? current.paid : {},
  };
  keepRecentBill(recent);
  return ok(recent);
}

/** What the server's copy was made from: when it differs, the stored bill needs editing. */
export function fingerprintOf(bill: ShareableBill, payee: Payee): string {
  return JSON.stringify([bill, payee]);
}

/** Who has paid, by server diner id, from the API's answer. */
export function paidMap(status: PaymentStatus): Record<string, 'diner' | 'organiser'> {
  return Object.fromEntries(status.diners.flatMap((d) => (d.paid === null ? [] : [[d.dinerId, d.paid.by]])));
}
