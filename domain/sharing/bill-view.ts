import { currencyCode, GBP, type CurrencyCode } from '../currency';
import { pence, type Pence } from '../money';
import { billSplit, type Bill } from '../bill';
import type { TipSplit } from '../split';
import { tipPercentOf } from '../tip';
import { convertedTotals, storedPayBackRate } from '../paying-back/pay-back-rate';
import type { SharePacket } from './share-packet';

export interface SeatItemView {
  readonly name: string;
  readonly pricePence: Pence;
  readonly sharePence: Pence;
  readonly sharedWith: number;
  /** Names of everyone the item is split between (this seat included). */
  readonly sharedNames: readonly string[];
}

export interface SeatView {
  readonly id: string;
  readonly name: string;
  readonly items: readonly SeatItemView[];
  /** Item shares, discounts included. */
  readonly itemsPence: Pence;
  readonly tipPence: Pence;
  readonly totalPence: Pence;
}

export interface BillView {
  /** Every amount is in this currency's minor unit. */
  readonly currency: CurrencyCode;
  readonly seats: readonly SeatView[];
  readonly itemCount: number;
  readonly subtotalPence: Pence;
  readonly tipPence: Pence;
  readonly totalPence: Pence;
  /** Tip as a percent of the subtotal, one decimal; null for a zero subtotal. */
  readonly tipPercent: number | null;
  readonly tipSplit: TipSplit;
  readonly focusSeatId: string | null;
  /** The seat a page shows on its own: the link's diner, or the only seat with items; null for the whole bill. */
  readonly singleSeatId: string | null;
  /** The bill's name, when the link carries one. */
  readonly name: string | null;
  /** Who paid the restaurant and what the others owe them; null when nobody on the bill did. */
  readonly payer: { readonly seatId: string; readonly owedPence: Pence } | null;
  /**
   * For a bill paid back in pounds at the organiser's rate: each seat's total (by seat id) and the
   * Grand Total in that currency, the seats' adding up to the total; null without a rate.
   */
  readonly converted: {
    readonly currency: CurrencyCode;
    readonly totals: ReadonlyMap<string, number>;
    readonly total: number;
    /** What the payer is owed in that currency: the converted Grand Total less their converted share. */
    readonly payerOwed: number | null;
  } | null;
}

/** The bill a share link carries: its seats are the diners, its lines' ids their positions. */
export function billOfPacket(packet: SharePacket): Bill {
  return {
    currency: packet.currency,
    name: packet.name,
    diners: packet.seats,
    items: packet.items.map((item, i) => ({ id: String(i), name: item.name, pricePence: item.pricePence, kind: item.kind, assignedTo: item.assignedTo })),
    tipPence: packet.tipPence,
    tipSplit: packet.tipSplit,
    tipSharers: 'allDiners',
    payerId: packet.payerSeatId,
  };
}

/** What every share view shows, from splitBill: each seat's items, tip share and total, exact to the penny. */
export function billView(packet: SharePacket): BillView {
  const split = billSplit(billOfPacket(packet));
  // Who each line is split between, as the split shares it: an unassigned service charge or discount
  // has nobody in assignedTo but falls on the diners with items (or the whole table).
  const sharers = new Map<string, string[]>();
  packet.seats.forEach((seat, k) => {
    for (const line of split.shares[k]!.lines) sharers.set(line.itemId, [...(sharers.get(line.itemId) ?? []), seat.name]);
  });
  const seats = packet.seats.map((seat, k) => {
    const share = split.shares[k]!;
    return {
      id: seat.id,
      name: seat.name,
      items: share.lines.map((line) => {
        const item = packet.items[Number(line.itemId)]!;
        return { name: item.name, pricePence: item.pricePence, sharePence: line.sharePence, sharedWith: line.sharedWith, sharedNames: sharers.get(line.itemId) ?? [] };
      }),
      itemsPence: (share.itemsPence + share.discountPence + share.servicePence) as Pence,
      tipPence: share.tipPence,
      totalPence: share.totalPence,
    };
  });
  return {
    currency: packet.currency,
    seats,
    itemCount: packet.items.length,
    subtotalPence: split.subtotalPence,
    tipPence: split.tipPence,
    totalPence: split.totalPence,
    tipPercent: split.subtotalPence > 0 ? tipPercentOf(packet.tipPence, split.subtotalPence) : null,
    tipSplit: packet.tipSplit,
    focusSeatId: packet.focusSeatId,
    singleSeatId: singleSeatOf(packet.focusSeatId, seats),
    name: packet.name,
    payer: payerOf(packet.payerSeatId, seats, split.totalPence),
    converted: convertedView(packet, seats),
  };
}

function singleSeatOf(focusSeatId: string | null, seats: readonly SeatView[]): string | null {
  if (seats.some((s) => s.id === focusSeatId)) return focusSeatId;
  const withItems = seats.filter((s) => s.items.length > 0);
  return withItems.length === 1 ? withItems[0]!.id : null;
}

function convertedView(packet: SharePacket, seats: readonly SeatView[]): BillView['converted'] {
  const converted = convertedTotals(
    packet.currency,
    seats.map((s) => s.totalPence),
    storedPayBackRate(GBP, packet.payBackRate),
  );
  if (converted === null) return null;
  const payerShare = converted.shares[seats.findIndex((s) => s.id === packet.payerSeatId)];
  return {
    currency: converted.currency,
    totals: new Map(seats.map((s, k) => [s.id, converted.shares[k]!])),
    total: converted.total,
    payerOwed: payerShare === undefined ? null : converted.total - payerShare,
  };
}

/** The payer is owed everyone else's shares: the Grand Total less their own. */
function payerOf(seatId: string | null, seats: readonly SeatView[], totalPence: Pence): BillView['payer'] {
  const own = seats.find((s) => s.id === seatId);
  return own === undefined ? null : { seatId: own.id, owedPence: pence(totalPence - own.totalPence) };
}

/** The diner share data of the specification (what the link handler keeps in session storage). */
export interface DinerShareData {
  readonly dinerName: string;
  readonly dinerItems: readonly { readonly name: string; readonly price: number; readonly shareCount: number }[];
  readonly subtotal: number;
  readonly tip: number;
  readonly total: number;
  /** Beyond the documents' fields: the amounts' currency (pounds when absent). */
  readonly currency: CurrencyCode;
  /** The bill's name, when the link carries one. */
  readonly billName?: string;
  /** Who to pay: whoever paid the bill, when the link says and it was someone else. */
  readonly payee?: string;
  /** For whoever paid the bill: what the others owe them. */
  readonly owed?: number;
  /** A bill paid back in pounds at the organiser's rate: this diner's total, and for the payer what they are owed, in pounds. */
  readonly payBack?: { readonly currency: CurrencyCode; readonly total: number; readonly owed?: number };
}

/**
 * What a page about one seat asks of it: to pay whoever paid the bill (by name, when another seat
 * did), or, for the payer, what the others owe them; and for a bill paid back in pounds, the seat's
 * total and the payer's due in pounds too.
 */
export interface SeatPayment {
  readonly payee: string | null;
  readonly owedPence: Pence | null;
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

export function dinerShareData(view: BillView, seat: SeatView): DinerShareData {
  const { payee, owedPence, inPounds } = seatPayment(view, seat);
  return {
    currency: view.currency,
    dinerName: seat.name,
    dinerItems: seat.items.map((i) => ({ name: i.name, price: i.sharePence, shareCount: i.sharedWith })),
    subtotal: seat.itemsPence,
    tip: seat.tipPence,
    total: seat.totalPence,
    ...(view.name === null ? {} : { billName: view.name }),
    ...(payee === null ? {} : { payee }),
    ...(owedPence === null ? {} : { owed: owedPence }),
    ...(inPounds === null ? {} : { payBack: { currency: inPounds.currency, total: inPounds.total, ...(inPounds.owed === null ? {} : { owed: inPounds.owed }) } }),
  };
}

/** Diner data needs dinerName, dinerItems and a numeric total; anything else is rejected. */
export function parseDinerShareData(value: unknown): DinerShareData | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v['dinerName'] !== 'string' || !Array.isArray(v['dinerItems']) || typeof v['total'] !== 'number' || !Number.isFinite(v['total'])) return null;
  const items = (v['dinerItems'] as unknown[]).map((i) => {
    const item = (typeof i === 'object' && i !== null ? i : {}) as Record<string, unknown>;
    return { name: String(item['name'] ?? ''), price: Number(item['price'] ?? 0), shareCount: Number(item['shareCount'] ?? 1) };
  });
  if (items.some((i) => !Number.isFinite(i.price) || !Number.isInteger(i.shareCount) || i.shareCount < 1)) return null;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  const text = (x: unknown) => (typeof x === 'string' && x.length > 0 ? x : undefined);
  const amount = (x: unknown) => (typeof x === 'number' && Number.isSafeInteger(x) ? x : undefined);
  const [billName, payee, owed] = [text(v['billName']), text(v['payee']), amount(v['owed'])];
  const payBack = payBackOf(v['payBack'], amount);
  return {
    currency: currencyCode(v['currency']) ?? GBP,
    dinerName: v['dinerName'] as string,
    dinerItems: items,
    subtotal: num(v['subtotal']),
    tip: num(v['tip']),
    total: v['total'] as number,
    ...(billName === undefined ? {} : { billName }),
    ...(payee === undefined ? {} : { payee }),
    ...(owed === undefined ? {} : { owed }),
    ...(payBack === undefined ? {} : { payBack }),
  };
}

function payBackOf(value: unknown, amount: (x: unknown) => number | undefined): DinerShareData['payBack'] {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const [currency, total, owed] = [currencyCode(v['currency']), amount(v['total']), amount(v['owed'])];
  if (currency === null || total === undefined) return undefined;
  return { currency, total, ...(owed === undefined ? {} : { owed }) };
}
