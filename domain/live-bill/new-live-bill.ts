import { acceptDinerName, MAX_DINERS } from '../diners';
import { pence } from '../money';
import { err, ok, type Result } from '../result';
import { MAX_ITEM_PENCE } from '../sharing/share-packet';
import type { ItemKind, TipSplit } from '../split';
import { acceptItem, liveExpiry, MAX_LIVE_ITEMS, unitsFromName, type LiveBill, type LiveProblem, type LiveTip } from './live-bill';

/** The organiser's bill in progress, as the wizard sends it to open it to the table. */
export interface NewLiveBillRequest {
  readonly items: readonly { readonly id: string; readonly name: string; readonly pricePence: number; readonly kind: ItemKind; readonly assignedTo?: readonly string[] }[];
  readonly diners: readonly { readonly id: string; readonly name: string }[];
  readonly tip: { readonly percent: number } | { readonly pence: number };
  readonly tipSplit: TipSplit;
}

export type NewLiveBillProblem = Extract<LiveProblem, 'bad_item' | 'table_full' | 'name_empty' | 'name_too_long'> | 'no_items' | 'bad_bill';

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A live bill from the wizard's bill: its items (a "3 x" line in units), its diners and their
 * assignments so far as claims, and its tip. The wizard's ids are kept so the bill comes back to it.
 */
export function newLiveBill(request: NewLiveBillRequest, id: string, now: Date): Result<LiveBill, NewLiveBillProblem> {
  if (request.items.length === 0) return err('no_items');
  if (request.items.length > MAX_LIVE_ITEMS || request.diners.length > MAX_DINERS) return err(request.diners.length > MAX_DINERS ? 'table_full' : 'bad_bill');
  const ids = [...request.items.map((i) => i.id), ...request.diners.map((d) => d.id)];
  if (ids.some((i) => !CLIENT_ID.test(i)) || new Set(ids).size !== ids.length) return err('bad_bill');
  const diners = [];
  for (const d of request.diners) {
    const name = acceptDinerName(d.name, 0);
    if (!name.ok) return err(name.error === 'empty' ? 'name_empty' : 'name_too_long');
    diners.push({ id: d.id, name: name.value, joined: false });
  }
  const items = [];
  for (const i of request.items) {
    const item = acceptItem(i.name, i.pricePence, i.kind, i.kind === 'item' ? unitsFromName(i.name, i.pricePence) : 1);
    if (item === null) return err('bad_item');
    items.push({ id: i.id, kind: i.kind, ...item });
  }
  const tip = acceptTip(request.tip);
  if (tip === null) return err('bad_bill');
  const dinerIds = new Set(diners.map((d) => d.id));
  // A line the organiser already gave to some diners is claimed by them on every unit.
  const claims = items.flatMap((item, k) =>
    item.kind !== 'item'
      ? []
      : (request.items[k]!.assignedTo ?? [])
          .filter((dinerId, n, all) => dinerIds.has(dinerId) && all.indexOf(dinerId) === n)
          .flatMap((dinerId) => Array.from({ length: item.units }, (_, unit) => ({ itemId: item.id, unit, dinerId }))),
  );
  return ok({ id, version: 0, status: 'open', expiresAt: liveExpiry(now), tip, tipSplit: request.tipSplit, items, diners, claims });
}

function acceptTip(tip: NewLiveBillRequest['tip']): LiveTip | null {
  if ('percent' in tip) return Number.isFinite(tip.percent) && tip.percent >= 0 && tip.percent <= 100 ? { percent: tip.percent } : null;
  return Number.isSafeInteger(tip.pence) && tip.pence >= 0 && tip.pence <= MAX_ITEM_PENCE ? { pence: pence(tip.pence) } : null;
}
