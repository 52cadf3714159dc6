import { currencyCode } from '../currency';
import { payBackRate } from '../paying-back/pay-back-rate';
import { acceptDinerName, MAX_DINERS } from '../diners';
import { minorUnits } from '../money';
import type { BillItem } from '../receipt';
import { err, ok, type Result } from '../result';
import { MAX_ITEM_PENCE, type Bill } from '../bill';
import { acceptItem, LIVE_NAME_PROBLEMS, liveExpiry, maxUnits, MAX_LIVE_ITEMS, unitsFromName, type LiveBill, type LiveClaim, type LiveProblem, type LiveTip } from './live-bill';

/** What opening a bill to the table says besides the bill: the tip as the organiser set it, and their own diner. */
export interface LiveOpening {
  /** A percentage follows the claims as they change; an amount stays as typed. */
  readonly tip: { readonly percent: number } | { readonly pence: number };
  /** The diner on the organiser's own phone (who paid the bill): joined from the start, so no other phone takes their name. */
  readonly organiserDinerId?: string | null | undefined;
  /** One unit of the bill's currency in pounds, when the organiser is paid back in pounds: every phone's totals in both. */
  readonly payBackRate?: string | null | undefined;
}

export type NewLiveBillProblem = Extract<LiveProblem, 'bad_item' | 'too_many_units' | 'table_full' | 'name_empty' | 'name_too_long' | 'name_taken'> | 'no_items' | 'bad_bill';

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A live bill from the organiser's Bill: its lines in units (the quantity the bill has, else a "3 x"
 * in the name), its diners and their assignments so far as claims, and the tip as the organiser set
 * it. The wizard's ids are kept so the bill comes back to it.
 */
export function newLiveBill(bill: Bill, opening: LiveOpening, id: string, now: Date): Result<LiveBill, NewLiveBillProblem> {
  if (bill.items.length === 0) return err('no_items');
  if (bill.items.length > MAX_LIVE_ITEMS || bill.diners.length > MAX_DINERS) return err(bill.diners.length > MAX_DINERS ? 'table_full' : 'bad_bill');
  const ids = [...bill.items.map((i) => i.id), ...bill.diners.map((d) => d.id)];
  if (ids.some((i) => !CLIENT_ID.test(i)) || new Set(ids).size !== ids.length) return err('bad_bill');
  const diners = [];
  for (const d of bill.diners) {
    const name = acceptDinerName(
      d.name,
      diners.map((seated) => seated.name),
    );
    if (!name.ok) return err(LIVE_NAME_PROBLEMS[name.error]);
    diners.push({ id: d.id, name: name.value, joined: d.id === opening.organiserDinerId });
  }
  const dinerIds = new Set(diners.map((d) => d.id));
  const items = [];
  const claims: LiveClaim[] = [];
  for (const i of bill.items) {
    const units = unitsOf(i);
    if (!units.ok) return units;
    const item = acceptItem(i.name, i.pricePence, i.kind, units.value.units);
    if (item === null) return err('bad_item');
    items.push({ id: i.id, kind: i.kind, ...item });
    const given = i.kind === 'item' ? claimsOf(i, item.units, units.value.counts, dinerIds) : [];
    if (given === null) return err('bad_item');
    claims.push(...given);
  }
  const tip = acceptTip(opening.tip);
  // A Bill's currency is a code the domain knows; one read from elsewhere is checked again here.
  const currency = currencyCode(bill.currency);
  if (tip === null || currency === null) return err('bad_bill');
  const rate = payBackRate(currency, opening.payBackRate);
  if (!rate.ok) return err('bad_bill');
  const payBack = rate.value === null ? {} : { payBack: rate.value };
  return ok({ id, version: 0, status: 'open', expiresAt: liveExpiry(now), tip, tipSplit: bill.tipSplit, currency, items, diners, claims, ...payBack });
}

/**
 * A line's units on the live bill, and for a split by units who had how many; bad_item when the line
 * cannot be one. A split by units keeps its counts, so it needs a quantity the live bill holds unit
 * by unit (at most MAX_UNITS, no more units than pence, food only): too_many_units says so, rather
 * than open the table with shares other than the organiser's. A printed or typed quantity the
 * live bill cannot hold is left out, the line claimed whole (the same shares) rather than refused. A
 * quantity that is no whole number of units makes no line at all.
 */
function unitsOf(item: BillItem): Result<{ units: number; counts: Readonly<Record<string, number>> | null }, 'bad_item' | 'too_many_units'> {
  const byUnits = item.portions?.by === 'units' ? item.portions : null;
  const quantity = byUnits?.quantity ?? item.quantity;
  if (quantity !== undefined && (!Number.isInteger(quantity) || quantity < 1)) return err('bad_item');
  const fits = quantity !== undefined && quantity <= maxUnits(item.kind, item.pricePence);
  if (byUnits !== null) return fits ? ok({ units: quantity, counts: byUnits.counts }) : err(item.kind === 'item' ? 'too_many_units' : 'bad_item');
  if (item.kind !== 'item') return ok({ units: 1, counts: null });
  return ok({ units: fits ? quantity : unitsFromName(item.name, item.pricePence), counts: null });
}

/**
 * A line the organiser already gave to some diners is claimed by them: on every unit, or, split by
 * units, on as many units as each had (null when those add up to more units than the line has).
 */
function claimsOf(item: BillItem, units: number, unitCounts: Readonly<Record<string, number>> | null, dinerIds: ReadonlySet<string>): LiveClaim[] | null {
  const who = item.assignedTo.filter((dinerId, n, all) => dinerIds.has(dinerId) && all.indexOf(dinerId) === n);
  const all = (dinerId: string) => Array.from({ length: units }, (_, unit) => ({ itemId: item.id, unit, dinerId }));
  if (unitCounts === null) return who.flatMap(all);
  // Own keys only: a diner whose id is "constructor" has no count unless one was sent.
  const counts = who.map((dinerId) => (Object.hasOwn(unitCounts, dinerId) ? (unitCounts[dinerId] ?? 0) : 0));
  if (counts.some((n) => !Number.isInteger(n) || n < 0) || counts.reduce((a, b) => a + b, 0) > units) return null;
  let next = 0;
  return who.flatMap((dinerId, k) => Array.from({ length: counts[k]! }, () => ({ itemId: item.id, unit: next++, dinerId })));
}

function acceptTip(tip: LiveOpening['tip']): LiveTip | null {
  if ('percent' in tip) return Number.isFinite(tip.percent) && tip.percent >= 0 && tip.percent <= 100 ? { percent: tip.percent } : null;
  return Number.isSafeInteger(tip.pence) && tip.pence >= 0 && tip.pence <= MAX_ITEM_PENCE ? { pence: minorUnits(tip.pence) } : null;
}
