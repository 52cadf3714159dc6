import { isLinePrice, MAX_ITEM_NAME_LENGTH, MAX_ITEM_PENCE, type Bill } from '../bill';
import type { CurrencyCode } from '../currency';
import { payBackRate } from '../paying-back/pay-back-rate';
import { MAX_BILL_NAME_LENGTH } from '../bill-name';
import { MAX_DINER_NAME_LENGTH, MAX_DINERS, MAX_DINERS_MESSAGE } from '../diners';
import { minorUnits, type MinorUnits } from '../money';
import { err, ok, type Result } from '../result';
import type { TipSplit } from '../split';
import { sharedBill } from './shared-lines';

export const SHARE_PACKET_VERSION = 1;
const DEFAULT_SHARE_TTL_SECONDS = 7 * 24 * 3600; // 7 days
export const MAX_SHARED_ITEMS = 200;

/** The messages of the specification, word for word. */
export const SHARE_MESSAGES = {
  noToken: 'No share token provided',
  invalidToken: 'Invalid or expired share token',
  invalidFormat: 'Invalid share packet format',
  loadFailed: 'Failed to load share data',
  noTokenFound: 'Invalid share link - no token found',
  invalidLink: 'Invalid or expired share link',
  loadDetailsFailed: 'Failed to load share details',
  billNotFound: 'Bill Not Found',
  billNotFoundText: 'This share link is invalid or has expired.',
  dinerNotFound: 'Selected diner not found',
  invalidSeat: 'Invalid seat ID',
  noItems: 'No items in receipt',
  noDiners: 'No diners specified',
  negativeTip: 'Tip cannot be negative',
  negativeSubtotal: 'Subtotal cannot be negative',
} as const;

/** A bill whose discounts come to more than its items owes nobody anything: the documents refuse it. */
export function subtotalProblem(lines: readonly { readonly pricePence: number }[]): string | null {
  return lines.reduce((sum, line) => sum + line.pricePence, 0) < 0 ? SHARE_MESSAGES.negativeSubtotal : null;
}

export interface SharedSeat {
  readonly id: string;
  readonly name: string;
}

/** What a shared line is: an item, a service charge (unassigned: split among those who had items) or a discount. */
export const SHARED_KINDS = ['item', 'service', 'discount'] as const;
export type SharedKind = (typeof SHARED_KINDS)[number];

/** The kind a line's sign implies; only other kinds travel in a token. */
export function defaultKind(pricePence: number): SharedKind {
  return pricePence < 0 ? 'discount' : 'item';
}

export interface SharedItem {
  readonly name: string;
  readonly pricePence: MinorUnits;
  readonly kind: SharedKind;
  /** Seat ids the item is split between (the documents' originalAssignedTo); empty when unassigned. */
  readonly assignedTo: readonly string[];
}

/** What a share link carries: seats, items, tip; totals are derived, never carried. */
export interface SharePacket {
  readonly version: typeof SHARE_PACKET_VERSION;
  /** Expiry in epoch seconds. */
  readonly expiresAt: number;
  /** ISO 4217; every amount is in its minor unit. */
  readonly currency: CurrencyCode;
  readonly seats: readonly SharedSeat[];
  readonly items: readonly SharedItem[];
  readonly tipPence: MinorUnits;
  readonly tipSplit: TipSplit;
  /** The seat an individual share is for; null for the complete bill. */
  readonly focusSeatId: string | null;
  /** The bill's name ("The Olive Tree · 25 Nov 2026"); null when the link was made without one. */
  readonly name: string | null;
  /** The seat that paid the restaurant (owed, never owing); null when nobody on the bill did, or it was not said. */
  readonly payerSeatId: string | null;
  /** One unit of the bill's currency in pounds, as the organiser typed it ("0.86"), for a bill paid back in pounds; else null. */
  readonly payBackRate: string | null;
}

/** What a link is made for besides the bill: one diner's view (null: the whole bill), and the pay-back rate. */
export interface ShareOptions {
  readonly dinerId?: string | null | undefined;
  /** One unit of the bill's currency in pounds, for a bill not in pounds that is paid back in pounds. */
  readonly payBackRate?: string | null | undefined;
}

/**
 * The bill as a link carries it, or the documents' message for the first problem. VAT lines never
 * travel and a line split by units or shares travels as its parts (sharedBill), so every page shows
 * the Summary's figures. Seats get positional ids ('1'…'8'), so the packet need not carry the app's
 * long diner ids.
 */
export function packetOfBill(whole: Bill, options: ShareOptions, nowSeconds: number, ttlSeconds = DEFAULT_SHARE_TTL_SECONDS): Result<SharePacket, string> {
  const bill = sharedBill(whole);
  if (bill.items.length === 0) return err(SHARE_MESSAGES.noItems);
  if (bill.diners.length === 0) return err(SHARE_MESSAGES.noDiners);
  if (bill.diners.length > MAX_DINERS) return err(MAX_DINERS_MESSAGE);
  if (bill.items.length > MAX_SHARED_ITEMS) return err(SHARE_MESSAGES.invalidFormat);
  if (!Number.isSafeInteger(bill.tipPence) || bill.tipPence < 0) return err(SHARE_MESSAGES.negativeTip);
  if (bill.tipPence > MAX_ITEM_PENCE) return err(SHARE_MESSAGES.invalidFormat);
  const seatOf = new Map<string, string>();
  const seats: SharedSeat[] = [];
  for (const [i, d] of bill.diners.entries()) {
    const name = d.name.trim();
    if (name.length === 0 || [...name].length > MAX_DINER_NAME_LENGTH || seatOf.has(d.id)) return err(SHARE_MESSAGES.invalidFormat);
    seatOf.set(d.id, String(i + 1));
    seats.push({ id: String(i + 1), name });
  }
  const items: SharedItem[] = [];
  for (const item of bill.items) {
    const name = item.name.trim();
    if (name.length === 0 || [...name].length > MAX_ITEM_NAME_LENGTH) return err(SHARE_MESSAGES.invalidFormat);
    if (!isLinePrice(item.pricePence) || item.kind === 'vat') return err(SHARE_MESSAGES.invalidFormat);
    const assignedTo = [...new Set(item.assignedTo)].map((id) => seatOf.get(id));
    if (assignedTo.some((s) => s === undefined)) return err(SHARE_MESSAGES.invalidFormat);
    items.push({ name, pricePence: minorUnits(item.pricePence), kind: item.kind, assignedTo: assignedTo as string[] });
  }
  const negative = subtotalProblem(items);
  if (negative !== null) return err(negative);
  let focusSeatId: string | null = null;
  if (options.dinerId !== undefined && options.dinerId !== null) {
    const seat = seatOf.get(options.dinerId);
    if (seat === undefined) return err(SHARE_MESSAGES.dinerNotFound);
    focusSeatId = seat;
  }
  const name = bill.name?.trim().replace(/\s+/g, ' ') ?? '';
  if ([...name].length > MAX_BILL_NAME_LENGTH) return err(SHARE_MESSAGES.invalidFormat);
  const payerSeatId = bill.payerId ? seatOf.get(bill.payerId) : null;
  if (payerSeatId === undefined) return err(SHARE_MESSAGES.dinerNotFound);
  const payBack = payBackRate(bill.currency, options.payBackRate);
  if (!payBack.ok) return err(SHARE_MESSAGES.invalidFormat);
  return ok({
    version: SHARE_PACKET_VERSION,
    expiresAt: nowSeconds + ttlSeconds,
    currency: bill.currency,
    seats,
    items,
    tipPence: minorUnits(bill.tipPence),
    tipSplit: bill.tipSplit,
    focusSeatId,
    name: name === '' ? null : name,
    payerSeatId,
    payBackRate: payBack.value?.rate ?? null,
  });
}

/** Packet validity of the specification for a decoded packet: every item's seat must be one of the packet's seats. */
export function checkPacket(packet: SharePacket): Result<SharePacket, string> {
  const seatIds = new Set(packet.seats.map((s) => s.id));
  if (packet.version !== SHARE_PACKET_VERSION || packet.seats.length === 0 || packet.items.length === 0) return err(SHARE_MESSAGES.invalidFormat);
  if (packet.items.some((i) => i.assignedTo.some((s) => !seatIds.has(s)))) return err(SHARE_MESSAGES.invalidFormat);
  if (packet.focusSeatId !== null && !seatIds.has(packet.focusSeatId)) return err(SHARE_MESSAGES.invalidFormat);
  if (packet.payerSeatId !== null && !seatIds.has(packet.payerSeatId)) return err(SHARE_MESSAGES.invalidFormat);
  if (packet.payBackRate !== null && !payBackRate(packet.currency, packet.payBackRate).ok) return err(SHARE_MESSAGES.invalidFormat);
  return ok(packet);
}

/** The public share page's text for a token that cannot be shown. */
export type ShareLinkProblem = 'missing' | 'invalid' | 'expired' | 'format' | 'failed';

export function shareTokenMessage(problem: ShareLinkProblem): string {
  if (problem === 'missing') return SHARE_MESSAGES.noToken;
  if (problem === 'failed') return SHARE_MESSAGES.loadFailed;
  return problem === 'format' ? SHARE_MESSAGES.invalidFormat : SHARE_MESSAGES.invalidToken;
}

/** /share-view's wording for the same problems. */
export function shareViewMessage(problem: ShareLinkProblem): string {
  if (problem === 'missing') return SHARE_MESSAGES.noTokenFound;
  if (problem === 'failed') return SHARE_MESSAGES.loadDetailsFailed;
  return problem === 'format' ? SHARE_MESSAGES.invalidFormat : SHARE_MESSAGES.invalidLink;
}

/** A token under 10 characters counts as missing. */
export function presentToken(token: string | null | undefined): string | null {
  const t = (token ?? '').trim();
  return t.length < 10 ? null : t;
}
