import type { Bill } from '../../domain/bill';
import { currencyCode, GBP } from '../../domain/currency';
import { minorUnits } from '../../domain/money';
import type { Portions } from '../../domain/portions';
import { packetOfBill, type SharedKind } from '../../domain/sharing/share-packet';
import type { TipSplit } from '../../domain/split';

/**
 * A bill as tests write it: lines without ids (their positions are), kinds left to their sign, pounds
 * unless said, plus what a link is made for (one diner's view, the rate). `billOf` makes it the
 * domain's Bill, `aPacket` the signed link's packet, as the server makes them.
 */
export interface BillSketch {
  readonly currency?: string | null;
  readonly name?: string | null;
  readonly diners: readonly { readonly id: string; readonly name: string }[];
  readonly items: readonly {
    readonly name: string;
    readonly pricePence: number;
    readonly kind?: SharedKind | 'vat' | undefined;
    readonly assignedTo: readonly string[];
    readonly portions?: Portions;
  }[];
  readonly tipPence: number;
  readonly tipSplit?: TipSplit;
  readonly payerId?: string | null;
  readonly dinerId?: string | null;
  readonly payBackRate?: string | null;
}

export function billOf(sketch: BillSketch): Bill {
  return {
    currency: sketch.currency == null ? GBP : currencyOf(sketch.currency),
    name: sketch.name ?? null,
    diners: sketch.diners,
    items: sketch.items.map((item, i) => ({ ...item, id: String(i), pricePence: minorUnits(item.pricePence), kind: item.kind ?? (item.pricePence < 0 ? 'discount' : 'item') })),
    tipPence: minorUnits(sketch.tipPence),
    tipSplit: sketch.tipSplit ?? 'equal',
    tipSharers: 'allDiners',
    payerId: sketch.payerId ?? null,
  };
}

export const aPacket = (sketch: BillSketch, nowSeconds: number) => packetOfBill(billOf(sketch), { dinerId: sketch.dinerId, payBackRate: sketch.payBackRate }, nowSeconds);

function currencyOf(code: string): Bill['currency'] {
  const currency = currencyCode(code);
  if (currency === null) throw new Error(`not a currency: ${code}`);
  return currency;
}

/** POST /api/shares's body (createShareLink) for a sketched bill. */
export const shareBody = (sketch: BillSketch) => ({ bill: billOf(sketch), dinerId: sketch.dinerId ?? null, payBackRate: sketch.payBackRate ?? null });

/** POST /api/bills's body (storeBill) for a sketched bill, its payee and, to edit, what this device stored. */
export const storeBody = (sketch: BillSketch & { readonly diningDate?: string | null }, payee: object, stored?: object) => ({
  bill: billOf(sketch),
  diningDate: sketch.diningDate ?? null,
  payBackRate: sketch.payBackRate ?? null,
  payee,
  ...(stored === undefined ? {} : { stored }),
});
