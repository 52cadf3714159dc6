import { currencyCode, GBP } from '../currency';
import { payBackRate } from '../paying-back/pay-back-rate';
import { acceptDinerName, MAX_DINERS } from '../diners';
import { pence } from '../money';
import type { BillItem } from '../receipt';
import { err, ok, type Result } from '../result';
import { MAX_ITEM_PENCE, type Bill } from '../bill';
import type { ItemKind, TipSplit } from '../split';
import { acceptItem, LIVE_NAME_PROBLEMS, liveExpiry, maxUnits, MAX_LIVE_ITEMS, unitsFromName, type LiveBill, type LiveClaim, type LiveProblem, type LiveTip } from './live-bill';

/** One line of the organiser's bill as the wizard sends it. */
export interface NewLiveItem {
  readonly id: string;
  readonly name: string;
  readonly pricePence: number;
  readonly kind: ItemKind;
  readonly assignedTo?: readonly string[] | undefined;
  /** Units on the line as the bill has them (a split by units, or the printed or typed quantity); read from the name only when absent. */
  readonly quantity?: number | undefined;
  /** A split by units: how many units each diner had, claimed unit after unit in the order of assignedTo. */
  readonly unitCounts?: Readonly<Record<string, number>> | undefined;
}

/** The organiser's bill in progress, as the wizard sends it to open it to the table. */
export interface NewLiveBillRequest {
  readonly items: readonly NewLiveItem[];
  readonly diners: readonly { readonly id: string; readonly name: string }[];
  readonly tip: { readonly percent: number } | { readonly pence: number };
  readonly tipSplit: TipSplit;
  /** ISO 4217; pounds when absent. */
  readonly currency?: string | null | undefined;
  /** The diner on the organiser's own phone (who paid the bill): joined from the start, so no other phone takes their name. */
  readonly organiserDinerId?: string | null | undefined;
  /** One unit of the bill's currency in pounds, when the organiser is paid back in pounds: every phone's totals in both. */
  readonly payBackRate?: string | null | undefined;
}

/** What opening a bill to the table says besides the bill: the tip as the organiser set it, and their own diner. */
export interface LiveOpening {
  /** A percentage follows the claims as they change; an amount stays as typed. */
  readonly tip: { readonly percent: number } | { readonly pence: number };
  readonly organiserDinerId?: string | null | undefined;
  /** One unit of the bill's currency in pounds, when the organiser is paid back in pounds. */
  readonly payBackRate?: string | null | undefined;
}

/** The organiser's Bill as a live bill is opened from: each line in the units the bill has for it (newLiveItem). */
export function liveBillRequestOf(bill: Bill, opening: LiveOpening): NewLiveBillRequest {
  return {
    items: bill.items.map(newLiveItem),
    diners: bill.diners,
    tip: opening.tip,
    tipSplit: bill.tipSplit,
    currency: bill.currency,
    organiserDinerId: opening.organiserDinerId,
    payBackRate: opening.payBackRate,
  };
}

export type NewLiveBillProblem = Extract<LiveProblem, 'bad_item' | 'table_full' | 'name_empty' | 'name_too_long' | 'name_taken'> | 'no_items' | 'bad_bill';

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A live bill from the wizard's bill: its items in units (the quantity the bill has, else a "3 x" in
 * the name), its diners and their assignments so far as claims, and its tip. The wizard's ids are kept so the bill comes back to it.
 */
export function newLiveBill(request: NewLiveBillRequest, id: string, now: Date): Result<LiveBill, NewLiveBillProblem> {
  if (request.items.length === 0) return err('no_items');
  if (request.items.length > MAX_LIVE_ITEMS || request.diners.length > MAX_DINERS) return err(request.diners.length > MAX_DINERS ? 'table_full' : 'bad_bill');
  const ids = [...request.items.map((i) => i.id), ...request.diners.map((d) => d.id)];
  if (ids.some((i) => !CLIENT_ID.test(i)) || new Set(ids).size !== ids.length) return err('bad_bill');
  const diners = [];
  for (const d of request.diners) {
    const name = acceptDinerName(
      d.name,
      diners.map((seated) => seated.name),
    );
    if (!name.ok) return err(LIVE_NAME_PROBLEMS[name.error]);
    diners.push({ id: d.id, name: name.value, joined: d.id === request.organiserDinerId });
  }
  const dinerIds = new Set(diners.map((d) => d.id));
  const items = [];
  const claims: LiveClaim[] = [];
  for (const i of request.items) {
    const units = i.quantity ?? (i.kind === 'item' ? unitsFromName(i.name, i.pricePence) : 1);
    const item = acceptItem(i.name, i.pricePence, i.kind, units);
    if (item === null) return err('bad_item');
    items.push({ id: i.id, kind: i.kind, ...item });
    const given = i.kind === 'item' ? claimsOf(i, item.units, dinerIds) : [];
    if (given === null) return err('bad_item');
    claims.push(...given);
  }
  const tip = acceptTip(request.tip);
  const currency = request.currency == null ? GBP : currencyCode(request.currency);
  if (tip === null || currency === null) return err('bad_bill');
  const rate = payBackRate(currency, request.payBackRate);
  if (!rate.ok) return err('bad_bill');
  const payBack = rate.value === null ? {} : { payBack: rate.value };
  return ok({ id, version: 0, status: 'open', expiresAt: liveExpiry(now), tip, tipSplit: request.tipSplit, currency, items, diners, claims, ...payBack });
}

/**
 * A line the organiser already gave to some diners is claimed by them: on every unit, or, split by
 * units, on as many units as each had (null when those add up to more units than the line has).
 */
function claimsOf(item: NewLiveItem, units: number, dinerIds: ReadonlySet<string>): LiveClaim[] | null {
  const who = (item.assignedTo ?? []).filter((dinerId, n, all) => dinerIds.has(dinerId) && all.indexOf(dinerId) === n);
  const all = (dinerId: string) => Array.from({ length: units }, (_, unit) => ({ itemId: item.id, unit, dinerId }));
  if (item.unitCounts === undefined) return who.flatMap(all);
  const given = item.unitCounts;
  // Own keys only: a diner whose id is "constructor" has no count unless one was sent.
  const counts = who.map((dinerId) => (Object.hasOwn(given, dinerId) ? (given[dinerId] ?? 0) : 0));
  if (counts.some((n) => !Number.isInteger(n) || n < 0) || counts.reduce((a, b) => a + b, 0) > units) return null;
  let next = 0;
  return who.flatMap((dinerId, k) => Array.from({ length: counts[k]! }, () => ({ itemId: item.id, unit: next++, dinerId })));
}

/**
 * What the wizard sends of one of its lines: the units of a split by units (with who had how many),
 * else the printed or typed quantity. A quantity a live bill cannot hold unit by unit (more than
 * MAX_UNITS, or more units than pence) is left out, so the line is claimed as a whole.
 */
export function newLiveItem(item: BillItem): NewLiveItem {
  const base = { id: item.id, name: item.name, pricePence: item.pricePence, kind: item.kind, assignedTo: item.assignedTo };
  if (item.kind !== 'item') return base;
  const byUnits = item.portions?.by === 'units' ? item.portions : null;
  const quantity = byUnits?.quantity ?? item.quantity;
  if (quantity === undefined || !Number.isInteger(quantity) || quantity < 1 || quantity > maxUnits(item.kind, item.pricePence)) return base;
  return byUnits === null ? { ...base, quantity } : { ...base, quantity, unitCounts: byUnits.counts };
}

function acceptTip(tip: NewLiveBillRequest['tip']): LiveTip | null {
  if ('percent' in tip) return Number.isFinite(tip.percent) && tip.percent >= 0 && tip.percent <= 100 ? { percent: tip.percent } : null;
  return Number.isSafeInteger(tip.pence) && tip.pence >= 0 && tip.pence <= MAX_ITEM_PENCE ? { pence: pence(tip.pence) } : null;
}
