import { currencyCode, GBP, type CurrencyCode } from '../currency';
import type { Bill } from '../bill';
import { billView, seatPayment, type BillView, type SeatView } from '../bill-view';
import { storedPayBackRate } from '../paying-back/pay-back-rate';
import type { SharePacket } from './share-packet';

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

/** What a share link's pages show: the one bill view, focused on the link's diner, at the link's rate. */
export function packetView(packet: SharePacket): BillView {
  return billView(billOfPacket(packet), { focusSeatId: packet.focusSeatId, payBackRate: storedPayBackRate(GBP, packet.payBackRate) });
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
