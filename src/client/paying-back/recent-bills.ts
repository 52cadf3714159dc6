import { atom, onMount } from 'nanostores';
import { GBP, type CurrencyCode } from '../../../domain/currency';
import { payBackRate, type PayBackRate } from '../../../domain/paying-back/pay-back-rate';
import type { RepaymentStatusAnswer } from '../../contracts/paying-back';
import type { BillSnapshot } from '../bill/bill-store';
import { readJson, writeJson } from '../bill/storage';

export interface RecentDiner {
  /** The app's own diner id. */
  readonly id: string;
  /** The diner's id on the server (what the organiser marks). */
  readonly dinerId: string;
  readonly name: string;
  /** Their own link, with their capability: only this device has it. */
  readonly url: string;
  readonly totalPence: number;
  /** The lines they have a share of: their message names these only. */
  readonly items?: readonly string[];
}

/** A bill shared from this device: enough to follow it up, re-share it or open it again. */
export interface RecentBill {
  readonly receiptId: string;
  readonly organiserSecret: string;
  readonly expiresAt: string;
  readonly sharedAt: string;
  /** The bill and payee as last stored, to know when sharing again must update the server. */
  readonly fingerprint: string;
  readonly label: string;
  readonly totalPence: number;
  readonly snapshot: BillSnapshot;
  readonly diners: readonly RecentDiner[];
  /** The server's view of who has paid what at the last look (the summary shows it as it is); none on bills kept before it was stored with them. */
  readonly status?: RepaymentStatusAnswer | undefined;
  /** The whole-bill link (`/b/…`) for group messages, which never carry anyone's own link. */
  readonly wholeBillUrl?: string | undefined;
  /** The diner who paid the restaurant, by the app's diner id. */
  readonly payerId?: string | null | undefined;
}

const KEY = 'whos-paying:recent-bills';
const MAX_RECENT = 20;

export const $recentBills = atom<readonly RecentBill[]>([]);
// Read from the device when first used: the code that shows them arrives after the first screen.
onMount($recentBills, restoreRecentBills);

function restoreRecentBills(): void {
  const stored = readJson<RecentBill[]>(KEY, []);
  $recentBills.set(Array.isArray(stored) ? stored.filter((b) => typeof b?.receiptId === 'string') : []);
}

function persist(bills: readonly RecentBill[]): void {
  $recentBills.set(bills);
  writeJson(KEY, bills);
}

/** The bill's currency: pounds for a bill kept before bills had one. */
export function recentCurrency(bill: RecentBill): CurrencyCode {
  return bill.snapshot.currency ?? GBP;
}

/** The organiser's rate for a bill paid back in pounds; null without one. */
export function recentPayBack(bill: RecentBill): PayBackRate | null {
  const rate = payBackRate(recentCurrency(bill), bill.snapshot.payBackRate ?? null);
  return rate.ok ? rate.value : null;
}

export function recentBill(receiptId: string | null): RecentBill | null {
  return receiptId === null ? null : ($recentBills.get().find((b) => b.receiptId === receiptId) ?? null);
}

/** Newest first; a bill shared again moves to the top. */
export function keepRecentBill(bill: RecentBill): void {
  persist([bill, ...$recentBills.get().filter((b) => b.receiptId !== bill.receiptId)].slice(0, MAX_RECENT));
}

export function updatePaid(receiptId: string, status: RepaymentStatusAnswer): void {
  persist($recentBills.get().map((b) => (b.receiptId === receiptId ? { ...b, status } : b)));
}

export function forgetRecentBill(receiptId: string): void {
  persist($recentBills.get().filter((b) => b.receiptId !== receiptId));
}
