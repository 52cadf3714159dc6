import { currencyCode, GBP } from '../currency';
import { parseRate } from '../conversion';
import type { PayBackRate } from '../paying-back/pay-back-rate';
import { pence } from '../money';
import { isPayBackPath } from '../paying-back/pay-back-links';
import { TIP_SPLITS, type ItemKind } from '../split';
import type { LiveBill, LiveDiner, LiveStatus } from './live-bill';

/** A live bill as JSON: what the server pushes to phones and what a change notification carries. */
export interface LiveBillJson {
  readonly id: string;
  readonly version: number;
  readonly status: LiveStatus;
  readonly expiresAt: string;
  readonly tip: { readonly percent: number } | { readonly pence: number };
  readonly tipSplit: LiveBill['tipSplit'];
  readonly currency: string;
  readonly items: readonly { readonly id: string; readonly name: string; readonly pricePence: number; readonly kind: ItemKind; readonly units: number }[];
  /** `payLink` only on the diners whose link this phone may see (visibleTo). */
  readonly diners: readonly {
    readonly id: string;
    readonly name: string;
    readonly joined: boolean;
    readonly payLink?: { readonly path: string; readonly pence: number; readonly converted?: number };
    readonly asking?: string;
    readonly seat?: string;
  }[];
  /** [itemId, unit, dinerId] */
  readonly claims: readonly (readonly [string, number, string])[];
  readonly payTo?: string;
  readonly payBack?: { readonly currency: string; readonly rate: string };
}

export function liveBillToJson(bill: LiveBill): LiveBillJson {
  return {
    id: bill.id,
    version: bill.version,
    status: bill.status,
    expiresAt: bill.expiresAt.toISOString(),
    tip: bill.tip,
    tipSplit: bill.tipSplit,
    currency: bill.currency,
    items: bill.items,
    diners: bill.diners,
    claims: bill.claims.map((c) => [c.itemId, c.unit, c.dinerId] as const),
    ...(bill.payTo === undefined ? {} : { payTo: bill.payTo }),
    ...(bill.payBack === undefined ? {} : { payBack: bill.payBack }),
  };
}

const STATUSES: readonly string[] = ['open', 'locked', 'finished'];

/** Reads a bill back from JSON we wrote ourselves; null if it is not one (a stale or foreign message). */
export function liveBillFromJson(value: unknown): LiveBill | null {
  const json = value as Partial<LiveBillJson> | null;
  if (json === null || typeof json !== 'object' || typeof json.id !== 'string' || !Number.isSafeInteger(json.version)) return null;
  if (!STATUSES.includes(json.status as string) || !(TIP_SPLITS as readonly string[]).includes(json.tipSplit as string)) return null;
  if (!Array.isArray(json.items) || !Array.isArray(json.diners) || !Array.isArray(json.claims) || typeof json.tip !== 'object') return null;
  const tip = json.tip as { percent?: number; pence?: number };
  return {
    id: json.id,
    version: json.version!,
    status: json.status!,
    expiresAt: new Date(json.expiresAt!),
    tip: typeof tip.percent === 'number' ? { percent: tip.percent } : { pence: pence(tip.pence ?? 0) },
    tipSplit: json.tipSplit!,
    currency: currencyCode(json.currency) ?? GBP,
    items: json.items.map((i) => ({ ...i, pricePence: pence(i.pricePence) })),
    diners: json.diners.map(dinerFromJson),
    claims: json.claims.map(([itemId, unit, dinerId]) => ({ itemId, unit, dinerId })),
    ...(typeof json.payTo === 'string' ? { payTo: json.payTo } : {}),
    ...payBackFromJson(json.payBack),
  };
}

/** The rate as the server wrote it: a currency and a rate that reads as one; nothing else. */
function payBackFromJson(value: LiveBillJson['payBack']): { payBack?: PayBackRate } {
  const currency = currencyCode(value?.currency);
  return value !== undefined && currency !== null && typeof value.rate === 'string' && parseRate(value.rate, currency, currency).ok ? { payBack: { currency, rate: value.rate } } : {};
}

/** A diner with their pay-back link only when it is one of our own pages: a phone opens it as it is. */
function dinerFromJson({ payLink, asking, seat, ...rest }: LiveBillJson['diners'][number]): LiveDiner {
  const diner: LiveDiner = { ...rest, ...(typeof asking === 'string' ? { asking } : {}), ...(typeof seat === 'string' ? { seat } : {}) };
  const own = payLink !== undefined && typeof payLink.path === 'string' && isPayBackPath(payLink.path) && Number.isSafeInteger(payLink.pence);
  const converted = own && Number.isSafeInteger(payLink.converted) ? { converted: payLink.converted } : {};
  return own ? { ...diner, payLink: { path: payLink.path, pence: pence(payLink.pence), ...converted } } : diner;
}
