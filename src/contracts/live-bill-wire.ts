import { z } from './zod';
import { parseRate } from '../../domain/conversion';
import { currencyCode, GBP } from '../../domain/currency';
import type { LiveBill, LiveDiner } from '../../domain/live-bill/live-bill';
import { minorUnits } from '../../domain/money';
import { isPayBackPath } from '../../domain/paying-back/pay-back-links';
import type { PayBackRate } from '../../domain/paying-back/pay-back-rate';
import { TIP_SPLITS } from '../../domain/split';
import { itemKind } from './bill';

// The live bill on the wire (what the server pushes to phones and answers a change with), checked
// here and mapped to and from the domain's LiveBill here.

const amount = z.int();
export const liveTip = z.union([z.object({ percent: z.number() }), z.object({ pence: amount })]);

export const liveBillWire = z.object({
  id: z.string(),
  version: z.int(),
  status: z.enum(['open', 'locked', 'finished']),
  expiresAt: z.string(),
  /** ISO 4217; pounds when absent (a server from before bills had currencies). */
  currency: z.optional(z.string()),
  tip: liveTip,
  tipSplit: z.enum(TIP_SPLITS),
  items: z.readonly(z.array(z.object({ id: z.string(), name: z.string(), pricePence: amount, kind: itemKind, units: z.int() }))),
  /** `payLink` only on the diners whose link this phone may see (visibleTo). */
  diners: z.readonly(
    z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        joined: z.boolean(),
        payLink: z.optional(z.object({ path: z.string(), pence: amount, converted: z.optional(z.int()) })),
        asking: z.optional(z.string()),
        seat: z.optional(z.string()),
      }),
    ),
  ),
  /** [itemId, unit, dinerId] */
  claims: z.readonly(z.array(z.readonly(z.tuple([z.string(), z.int(), z.string()])))),
  payTo: z.optional(z.string()),
  payBack: z.optional(z.object({ currency: z.string(), rate: z.string() })),
});

export type LiveBillWire = z.infer<typeof liveBillWire>;

export function liveBillToWire(bill: LiveBill): LiveBillWire {
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

/** The wire's live bill as the domain's: a pay-back link only when it is one of our own pages, a rate only when it reads as one. */
export function liveBillFromWire(wire: LiveBillWire): LiveBill {
  return {
    id: wire.id,
    version: wire.version,
    status: wire.status,
    expiresAt: new Date(wire.expiresAt),
    tip: 'percent' in wire.tip ? { percent: wire.tip.percent } : { pence: minorUnits(wire.tip.pence) },
    tipSplit: wire.tipSplit,
    currency: currencyCode(wire.currency) ?? GBP,
    items: wire.items.map((i) => ({ ...i, pricePence: minorUnits(i.pricePence) })),
    diners: wire.diners.map(dinerFromWire),
    claims: wire.claims.map(([itemId, unit, dinerId]) => ({ itemId, unit, dinerId })),
    ...(wire.payTo === undefined ? {} : { payTo: wire.payTo }),
    ...payBackFromWire(wire.payBack),
  };
}

function payBackFromWire(value: LiveBillWire['payBack']): { payBack?: PayBackRate } {
  const currency = currencyCode(value?.currency);
  return value !== undefined && currency !== null && parseRate(value.rate, currency, currency).ok ? { payBack: { currency, rate: value.rate } } : {};
}

/** A phone opens a diner's pay-back link as it is: only a path of our own pages is kept. */
function dinerFromWire({ payLink, asking, seat, ...rest }: LiveBillWire['diners'][number]): LiveDiner {
  const diner: LiveDiner = { ...rest, ...(asking === undefined ? {} : { asking }), ...(seat === undefined ? {} : { seat }) };
  const own = payLink !== undefined && isPayBackPath(payLink.path);
  const converted = own && payLink.converted !== undefined ? { converted: payLink.converted } : {};
  return own ? { ...diner, payLink: { path: payLink.path, pence: minorUnits(payLink.pence), ...converted } } : diner;
}
