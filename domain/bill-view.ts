import type { CurrencyCode } from './currency';
import { minorUnits, sumMinorUnits, type MinorUnits } from './money';
import { billSplit, type Bill } from './bill';
import type { BillSplit, DinerShare, TipSplit } from './split';
import { tipPercentOf } from './tip';
import { convertedTotals, type PayBackRate } from './paying-back/pay-back-rate';
import { addsUpView, type AddsUpView } from './adds-up';

export interface SeatItemView {
  readonly itemId: string;
  readonly name: string;
  readonly pricePence: MinorUnits;
  readonly sharePence: MinorUnits;
  readonly sharedWith: number;
  /** Names of everyone the item is split between (this seat included). */
  readonly sharedNames: readonly string[];
}

export interface SeatView {
  readonly id: string;
  readonly name: string;
  readonly items: readonly SeatItemView[];
  /** Item shares, discounts included. */
  readonly itemsPence: MinorUnits;
  readonly tipPence: MinorUnits;
  readonly totalPence: MinorUnits;
  /** The split's own record of the share: its parts (service, discount) and its exact amount. */
  readonly share: DinerShare;
}

/**
 * Every amount any screen shows of one bill, worked out here once from `billSplit`: the organiser's
 * Summary, a share link's pages, the share messages. Screens format these figures; they never add,
 * subtract or convert money themselves.
 */
export interface BillView {
  /** Every amount is in this currency's minor unit. */
  readonly currency: CurrencyCode;
  readonly seats: readonly SeatView[];
  readonly itemCount: number;
  readonly subtotalPence: MinorUnits;
  /** Printed service charges on the bill, before any tip. */
  readonly serviceChargePence: MinorUnits;
  readonly tipPence: MinorUnits;
  readonly totalPence: MinorUnits;
  /** Tip as a percent of the subtotal, one decimal; null for a zero subtotal. */
  readonly tipPercent: number | null;
  readonly tipSplit: TipSplit;
  readonly focusSeatId: string | null;
  /** The seat a page shows on its own: the focused diner, or the only seat with items; null for the whole bill. */
  readonly singleSeatId: string | null;
  /** The bill's name, when it has one. */
  readonly name: string | null;
  /** Who paid the restaurant and what the others owe them; null when nobody on the bill did. */
  readonly payer: { readonly seatId: string; readonly owedPence: MinorUnits } | null;
  /**
   * For a bill paid back in another currency at the organiser's rate: each seat's total (by seat id)
   * and the Grand Total in that currency, the seats' adding up to the total; null without a rate.
   */
  readonly converted: {
    readonly currency: CurrencyCode;
    readonly rate: string;
    readonly totals: ReadonlyMap<string, number>;
    readonly total: number;
    /** What the payer is owed in that currency: the converted Grand Total less their converted share. */
    readonly payerOwed: number | null;
  } | null;
  /** Whether the shares add up to the Grand Total, and if not, which lines nobody pays. */
  readonly addsUp: AddsUpView;
  /** The split itself, for what a screen lists line by line (which lines nobody has yet). */
  readonly split: BillSplit;
}

export interface BillViewOptions {
  /** The diner a page is about; null for the whole bill. */
  readonly focusSeatId?: string | null;
  /** The rate the organiser is paid back at, when in another currency. */
  readonly payBackRate?: PayBackRate | null;
}

/** What every view of the bill shows, from billSplit: each seat's items, tip share and total, exact to the penny. */
export function billView(bill: Bill, { focusSeatId = null, payBackRate = null }: BillViewOptions = {}): BillView {
  const split = billSplit(bill);
  const items = new Map(bill.items.map((item) => [item.id, item]));
  // Who each line is split between, as the split shares it: an unassigned service charge or discount
  // has nobody in assignedTo but falls on the diners with items (or the whole table).
  const sharers = new Map<string, string[]>();
  bill.diners.forEach((diner, k) => {
    for (const line of split.shares[k]!.lines) sharers.set(line.itemId, [...(sharers.get(line.itemId) ?? []), diner.name]);
  });
  const seats = bill.diners.map((diner, k): SeatView => {
    const share = split.shares[k]!;
    return {
      id: diner.id,
      name: diner.name,
      items: share.lines.map((line) => {
        const item = items.get(line.itemId)!;
        return { itemId: item.id, name: item.name, pricePence: item.pricePence, sharePence: line.sharePence, sharedWith: line.sharedWith, sharedNames: sharers.get(line.itemId) ?? [] };
      }),
      itemsPence: minorUnits(share.itemsPence + share.discountPence + share.servicePence),
      tipPence: share.tipPence,
      totalPence: share.totalPence,
      share,
    };
  });
  return {
    currency: bill.currency,
    seats,
    itemCount: bill.items.length,
    subtotalPence: split.subtotalPence,
    serviceChargePence: sumMinorUnits(bill.items.filter((i) => i.kind === 'service').map((i) => i.pricePence)),
    tipPence: split.tipPence,
    totalPence: split.totalPence,
    tipPercent: split.subtotalPence > 0 ? tipPercentOf(bill.tipPence, split.subtotalPence) : null,
    tipSplit: bill.tipSplit,
    focusSeatId,
    singleSeatId: singleSeatOf(focusSeatId, seats),
    name: bill.name,
    payer: payerOf(bill.payerId, seats, split.totalPence),
    converted: convertedView(bill, seats, payBackRate),
    addsUp: addsUpView(bill.items, split, bill.currency),
    split,
  };
}

function singleSeatOf(focusSeatId: string | null, seats: readonly SeatView[]): string | null {
  if (seats.some((s) => s.id === focusSeatId)) return focusSeatId;
  const withItems = seats.filter((s) => s.items.length > 0);
  return withItems.length === 1 ? withItems[0]!.id : null;
}

function convertedView(bill: Bill, seats: readonly SeatView[], payBackRate: PayBackRate | null): BillView['converted'] {
  const converted = convertedTotals(
    bill.currency,
    seats.map((s) => s.totalPence),
    payBackRate,
  );
  if (converted === null || payBackRate === null) return null;
  const payerShare = converted.shares[seats.findIndex((s) => s.id === bill.payerId)];
  return {
    currency: converted.currency,
    rate: payBackRate.rate,
    totals: new Map(seats.map((s, k) => [s.id, converted.shares[k]!])),
    total: converted.total,
    payerOwed: payerShare === undefined ? null : converted.total - payerShare,
  };
}

/** The payer is owed everyone else's shares: the Grand Total less their own. */
function payerOf(seatId: string | null, seats: readonly SeatView[], totalPence: MinorUnits): BillView['payer'] {
  const own = seats.find((s) => s.id === seatId);
  return own === undefined ? null : { seatId: own.id, owedPence: minorUnits(totalPence - own.totalPence) };
}

/**
 * What a page about one seat asks of it: to pay whoever paid the bill (by name, when another seat
 * did), or, for the payer, what the others owe them; and for a bill paid back in another currency,
 * the seat's total and the payer's due in that currency too.
 */
export interface SeatPayment {
  readonly payee: string | null;
  readonly owedPence: MinorUnits | null;
  readonly inPounds: { readonly currency: CurrencyCode; readonly total: number; readonly owed: number | null } | null;
}

export function seatPayment(view: BillView, seat: SeatView): SeatPayment {
  const payer = view.payer;
  const isPayer = payer !== null && payer.seatId === seat.id;
  const converted = view.converted;
  const convertedTotal = converted?.totals.get(seat.id);
  return {
    payee: payer === null || isPayer ? null : (view.seats.find((s) => s.id === payer.seatId)?.name ?? null),
    owedPence: isPayer ? payer.owedPence : null,
    inPounds: converted === null || convertedTotal === undefined ? null : { currency: converted.currency, total: convertedTotal, owed: isPayer ? converted.payerOwed : null },
  };
}
