import type { CurrencyCode } from '../currency';
import { acceptDinerName, type DinerNameProblem } from '../diners';
import { minorUnits, type MinorUnits } from '../money';
import { isPayBackPath } from '../paying-back/pay-back-links';
import { MAX_PAYEE_NAME_LENGTH } from '../paying-back/payee';
import { err, ok, type Result } from '../result';
import { isLinePrice, MAX_ITEM_NAME_LENGTH, type Bill } from '../bill';
import type { ItemKind, TipSplit } from '../split';
import type { PayBackRate } from '../paying-back/pay-back-rate';
import { billView } from '../bill-view';

/**
 * A bill opened to the table: every diner claims what they had on their own
 * phone. The server holds it; every phone shows the same version of it.
 */
export interface LiveBill {
  readonly id: string;
  /** Goes up by one with every change, so a phone can tell what it missed. */
  readonly version: number;
  readonly status: LiveStatus;
  readonly expiresAt: Date;
  /** The organiser's tip: a percentage of the subtotal (the wizard's default) or a fixed amount. */
  readonly tip: LiveTip;
  readonly tipSplit: TipSplit;
  /** ISO 4217: every amount is in its minor unit. */
  readonly currency: CurrencyCode;
  readonly items: readonly LiveItem[];
  readonly diners: readonly LiveDiner[];
  readonly claims: readonly LiveClaim[];
  /** Who everyone pays, once the organiser has handed out the pay-back links. */
  readonly payTo?: string | undefined;
  /** The rate the handed-out bill is paid back at (pounds for a euro bill): each phone's share in both currencies. */
  readonly payBack?: PayBackRate | undefined;
}

export type LiveStatus = 'open' | 'locked' | 'finished';
export type LiveTip = { readonly percent: number } | { readonly pence: MinorUnits };

export interface LiveItem {
  readonly id: string;
  readonly name: string;
  readonly pricePence: MinorUnits;
  readonly kind: ItemKind;
  /** A line such as "3 x Peroni" is claimed unit by unit; 1 for everything else. */
  readonly units: number;
}

export interface LiveDiner {
  readonly id: string;
  readonly name: string;
  /** Someone has taken this name on a phone (they hold its capability). */
  readonly joined: boolean;
  /** After Finish: this diner's own pay-back page and what it asks them to pay. Only their phone and the organiser see it. */
  readonly payLink?: PayLink | undefined;
  /** Another phone asks to take this seat (the diner on a second phone): the ask's id, until the organiser answers. */
  readonly asking?: string | undefined;
  /** The ask whose phone holds the seat now; absent while the phone that first joined holds it. A phone that held it before sees it has moved. */
  readonly seat?: string | undefined;
}

export interface PayLink {
  /** A path of our own pay-back pages, `/r/{receiptId}/{capability}`. */
  readonly path: string;
  readonly pence: MinorUnits;
  /** The share at the bill's rate (the live bill's `payBack`), as the diner's page asks for it; absent without a rate. */
  readonly converted?: number | undefined;
}

/** One diner on one unit of one item: a set member, so two phones claiming it at once both land. */
export interface LiveClaim {
  readonly itemId: string;
  readonly unit: number;
  readonly dinerId: string;
}

const LIVE_BILL_DAYS = 7;

/** The wizard's diner-name problems as the live bill's codes. */
export const LIVE_NAME_PROBLEMS = { 'table full': 'table_full', empty: 'name_empty', 'too long': 'name_too_long', taken: 'name_taken' } as const satisfies Record<DinerNameProblem, LiveProblem>;
/** The most units one line is claimed in, unit by unit, on a live bill. */
export const MAX_UNITS = 20;
export const MAX_LIVE_ITEMS = 100;

/** Who is acting, from the capability they presented. */
export type LiveActor = { readonly kind: 'organiser' } | { readonly kind: 'table' } | { readonly kind: 'diner'; readonly dinerId: string };

export type LiveCommand =
  | { readonly type: 'claim'; readonly itemId: string; readonly unit: number; readonly dinerId: string; readonly claimed: boolean }
  | { readonly type: 'moveClaim'; readonly itemId: string; readonly unit: number; readonly from: string; readonly to: string }
  | { readonly type: 'join'; readonly dinerId: string }
  | { readonly type: 'addDiner'; readonly dinerId: string; readonly name: string }
  | { readonly type: 'removeDiner'; readonly dinerId: string }
  | { readonly type: 'editItem'; readonly itemId: string; readonly name: string; readonly pricePence: number; readonly units: number }
  | { readonly type: 'setStatus'; readonly status: LiveStatus }
  /** A phone with the table's link asks to take a seat already joined (the diner back on another phone); its key waits until let in. */
  | { readonly type: 'askSeat'; readonly dinerId: string; readonly askId: string }
  /** The organiser lets the asking phone into the seat (its key replaces the old phone's), or not. */
  | { readonly type: 'answerSeat'; readonly dinerId: string; readonly askId: string; readonly letIn: boolean }
  | HandOut;

/** The organiser hands each diner's phone their own pay-back link (those not listed get none). */
export interface HandOut {
  readonly type: 'handOut';
  readonly payTo: string;
  readonly links: readonly { readonly dinerId: string; readonly path: string; readonly pence: number }[];
  /**
   * The stored bill the links were worked out from, as the server read it: every phone's list
   * becomes what its share is made of, and its share at the rate is worked out from it.
   */
  readonly settled?:
    | {
        readonly bill: Bill;
        /** The live bill's diner that each of the stored bill's diners handed a link is (stored id → live id). */
        readonly liveDiners: ReadonlyMap<string, string>;
        /** Paid back in another currency: the stored bill's rate and each of its diners' shares at it (stored id → amount), from its one view. */
        readonly atRate?: { readonly payBack: PayBackRate; readonly totals: ReadonlyMap<string, number> } | undefined;
      }
    | undefined;
}

/**
 * The stored bill a hand-out settles on, worked out once: each of its diners' shares (what their links
 * must ask for), and, paid back in another currency, the rate and each share at it.
 */
export function settlementOf(bill: Bill, payBack: PayBackRate | null): { readonly shares: ReadonlyMap<string, MinorUnits>; readonly atRate?: NonNullable<HandOut['settled']>['atRate'] } {
  const view = billView(bill, { payBackRate: payBack });
  const shares = new Map(view.seats.map((s) => [s.id, s.totalPence]));
  return payBack === null || view.converted === null ? { shares } : { shares, atRate: { payBack, totals: view.converted.totals } };
}

/** A command as a phone sends it: a new diner's id, and an ask's id, are chosen by the server, not by the phone. */
export type LiveRequest =
  Exclude<LiveCommand, { type: 'addDiner' } | { type: 'askSeat' }> | { readonly type: 'addDiner'; readonly name: string } | { readonly type: 'askSeat'; readonly dinerId: string };

export type LiveProblem =
  | 'not_found'
  | 'expired'
  | 'locked'
  | 'finished'
  | 'forbidden'
  | 'unknown_item'
  | 'unknown_diner'
  | 'diner_taken'
  | 'table_full'
  | 'name_empty'
  | 'name_too_long'
  // A name already at the table (case and spaces aside): two phones cannot both be "Cat".
  | 'name_taken'
  | 'bad_item'
  // A line split by units with more units than the live bill claims one by one: its counts would be lost.
  | 'too_many_units'
  | 'bad_link'
  // A hand-out naming a stored bill the server does not have, or amounts other than its shares.
  | 'no_stored_bill'
  | 'not_its_shares'
  // Asking for a seat nobody has joined (join it instead), or answering an ask that is no longer waiting.
  | 'seat_free'
  | 'ask_gone';

/** A change the organiser or a diner may make; `joins` says the actor takes the diner's capability. */
export type LiveChange = LiveCommand & { readonly joins?: boolean };

/** Whether a bill can still change, and if not why: the phones show it read-only with the reason. */
export function liveStatusAt(bill: Pick<LiveBill, 'status' | 'expiresAt'>, now: Date): LiveStatus | 'expired' {
  return now.getTime() >= bill.expiresAt.getTime() ? 'expired' : bill.status;
}

/** Checks a command against the bill and the actor's capability; the change it makes, or why not. */
export function decideLive(bill: LiveBill, actor: LiveActor, command: LiveCommand, now: Date): Result<LiveChange, LiveProblem> {
  const status = liveStatusAt(bill, now);
  if (status === 'expired') return err('expired');
  const organiser = actor.kind === 'organiser';
  if (command.type === 'setStatus') return organiser ? ok(command) : err('forbidden');
  // Pay-back links go out after Finish (or before it, or while locked): the claims are not changed.
  if (command.type === 'handOut') return organiser ? handOutOf(bill, command) : err('forbidden');
  // Back in one's seat on another phone, before Finish or after it (to see one's share and pay).
  if (command.type === 'askSeat' || command.type === 'answerSeat') return seatMove(bill, actor, command);
  if (status !== 'open') return err(status);
  switch (command.type) {
    case 'claim': {
      if (!organiser && !(actor.kind === 'diner' && actor.dinerId === command.dinerId)) return err('forbidden');
      return claimable(bill, command.itemId, command.unit, [command.dinerId]) ?? ok(command);
    }
    case 'moveClaim':
      return organiser ? (claimable(bill, command.itemId, command.unit, [command.from, command.to]) ?? ok(command)) : err('forbidden');
    case 'join': {
      if (actor.kind !== 'table') return err('forbidden');
      const diner = bill.diners.find((d) => d.id === command.dinerId);
      if (diner === undefined) return err('unknown_diner');
      return diner.joined ? err('diner_taken') : ok({ ...command, joins: true });
    }
    case 'addDiner': {
      if (actor.kind === 'diner') return err('forbidden');
      const name = acceptDinerName(
        command.name,
        bill.diners.map((d) => d.name),
      );
      if (!name.ok) return err(LIVE_NAME_PROBLEMS[name.error]);
      return ok({ ...command, name: name.value, joins: actor.kind === 'table' });
    }
    case 'removeDiner':
      if (!organiser) return err('forbidden');
      return bill.diners.some((d) => d.id === command.dinerId) ? ok(command) : err('unknown_diner');
    case 'editItem': {
      if (!organiser) return err('forbidden');
      const item = bill.items.find((i) => i.id === command.itemId);
      if (item === undefined) return err('unknown_item');
      const edited = acceptItem(command.name, command.pricePence, item.kind, command.units);
      return edited === null ? err('bad_item') : ok({ ...command, ...edited });
    }
  }
}

function seatMove(bill: LiveBill, actor: LiveActor, command: Extract<LiveCommand, { type: 'askSeat' | 'answerSeat' }>): Result<LiveChange, LiveProblem> {
  if (actor.kind !== (command.type === 'askSeat' ? 'table' : 'organiser')) return err('forbidden');
  const diner = bill.diners.find((d) => d.id === command.dinerId);
  if (diner === undefined) return err('unknown_diner');
  if (command.type === 'askSeat') return diner.joined ? ok(command) : err('seat_free');
  return diner.asking === command.askId ? ok(command) : err('ask_gone');
}

function handOutOf(bill: LiveBill, command: HandOut): Result<HandOut, LiveProblem> {
  const payTo = command.payTo.trim();
  if (payTo === '' || [...payTo].length > MAX_PAYEE_NAME_LENGTH) return err('bad_link');
  const ids = command.links.map((l) => l.dinerId);
  if (new Set(ids).size !== ids.length) return err('bad_link');
  if (ids.some((id) => !bill.diners.some((d) => d.id === id))) return err('unknown_diner');
  if (command.links.some((l) => !isPayBackPath(l.path) || !Number.isSafeInteger(l.pence) || l.pence < 0)) return err('bad_link');
  const links = command.links.map((l) => ({ dinerId: l.dinerId, path: l.path, pence: l.pence }));
  return ok({ type: 'handOut', payTo, links, ...(command.settled === undefined ? {} : { settled: command.settled }) });
}

function claimable(bill: LiveBill, itemId: string, unit: number, dinerIds: readonly string[]): Result<never, LiveProblem> | null {
  const item = bill.items.find((i) => i.id === itemId);
  if (item === undefined || item.kind !== 'item' || !Number.isInteger(unit) || unit < 0 || unit >= item.units) return err('unknown_item');
  if (dinerIds.some((id) => !bill.diners.some((d) => d.id === id))) return err('unknown_diner');
  return null;
}

/** An item's name, price and units as the wizard accepts them: a name, a price above 0 for a food line. */
export function acceptItem(rawName: string, pricePence: number, kind: ItemKind, units: number): { name: string; pricePence: MinorUnits; units: number } | null {
  const name = rawName.trim();
  if (name === '' || [...name].length > MAX_ITEM_NAME_LENGTH) return null;
  if (!isLinePrice(pricePence)) return null;
  if (kind === 'item' && pricePence <= 0) return null;
  if (!Number.isInteger(units) || units < 1 || units > maxUnits(kind, pricePence)) return null;
  return { name, pricePence: minorUnits(pricePence), units };
}

/** The most units a line can be claimed in: a food line up to MAX_UNITS, each at least a penny; any other line is one. */
export function maxUnits(kind: ItemKind, pricePence: number): number {
  return kind === 'item' ? Math.min(MAX_UNITS, pricePence) : 1;
}

/** Applies a decided change: what every copy of the bill (the database's, a phone's) turns into. */
/**
 * Claims in one order everywhere (item, unit, diner; ids by code unit, as the database's "C" collation
 * reads them), so a bill patched change by change equals the bill read whole.
 */
function inClaimOrder(a: LiveClaim, b: LiveClaim): number {
  const byId = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return byId(a.itemId, b.itemId) || a.unit - b.unit || byId(a.dinerId, b.dinerId);
}

export function applyLive(bill: LiveBill, change: LiveChange): LiveBill {
  const next = { ...bill, version: bill.version + 1 };
  const without = (c: LiveClaim, itemId: string, unit: number, dinerId: string) => !(c.itemId === itemId && c.unit === unit && c.dinerId === dinerId);
  const withClaim = (claims: readonly LiveClaim[], claim: LiveClaim) => (claims.some((c) => !without(c, claim.itemId, claim.unit, claim.dinerId)) ? claims : [...claims, claim].sort(inClaimOrder));
  switch (change.type) {
    case 'claim': {
      const rest = bill.claims.filter((c) => without(c, change.itemId, change.unit, change.dinerId));
      return { ...next, claims: change.claimed ? withClaim(rest, { itemId: change.itemId, unit: change.unit, dinerId: change.dinerId }) : rest };
    }
    case 'moveClaim': {
      const rest = bill.claims.filter((c) => without(c, change.itemId, change.unit, change.from));
      return { ...next, claims: withClaim(rest, { itemId: change.itemId, unit: change.unit, dinerId: change.to }) };
    }
    case 'join':
      return { ...next, diners: bill.diners.map((d) => (d.id === change.dinerId ? { ...d, joined: true } : d)) };
    case 'addDiner':
      return { ...next, diners: [...bill.diners, { id: change.dinerId, name: change.name, joined: change.joins === true }] };
    case 'removeDiner':
      return { ...next, diners: bill.diners.filter((d) => d.id !== change.dinerId), claims: bill.claims.filter((c) => c.dinerId !== change.dinerId) };
    case 'editItem':
      return {
        ...next,
        items: bill.items.map((i) => (i.id === change.itemId ? { ...i, name: change.name, pricePence: minorUnits(change.pricePence), units: change.units } : i)),
        claims: bill.claims.filter((c) => c.itemId !== change.itemId || c.unit < change.units),
      };
    case 'setStatus':
      return { ...next, status: change.status };
    case 'askSeat':
      return { ...next, diners: bill.diners.map((d) => (d.id === change.dinerId ? { ...d, asking: change.askId } : d)) };
    case 'answerSeat':
      return {
        ...next,
        diners: bill.diners.map((d) => {
          if (d.id !== change.dinerId) return d;
          const { asking: _, ...rest } = d;
          return change.letIn ? { ...rest, seat: change.askId } : rest;
        }),
      };
    case 'handOut': {
      const { converted, ...settled } = change.settled === undefined ? { converted: new Map<string, number>() } : settledParts(bill, change.settled);
      const atRate = (dinerId: string) => (converted.has(dinerId) ? { converted: converted.get(dinerId)! } : {});
      const links = new Map(change.links.map((l) => [l.dinerId, { path: l.path, pence: minorUnits(l.pence), ...atRate(l.dinerId) }]));
      const { payBack: _, ...rest } = next;
      return { ...rest, ...settled, payTo: change.payTo, diners: bill.diners.map((d) => withPayLink(d, links.get(d.id))) };
    }
  }
}

/**
 * A settled bill as a live bill's lines and claims: each line one unit, claimed by whoever had it
 * (diners the live bill knows), so a change the organiser made after Finish is on every phone's list.
 * Paid back at a rate, each live diner's share at it too: their part of the converted total, as
 * their pay-back page shows it.
 */
function settledParts(
  bill: LiveBill,
  { bill: stored, liveDiners, atRate }: NonNullable<HandOut['settled']>,
): Pick<LiveBill, 'items' | 'claims' | 'tip' | 'tipSplit' | 'payBack'> & { readonly converted: ReadonlyMap<string, number> } {
  const known = new Set(bill.diners.map((d) => d.id));
  const live = (storedId: string) => liveDiners.get(storedId) ?? null;
  const items = stored.items.map((i) => ({ id: i.id, name: i.name, pricePence: i.pricePence, kind: i.kind, units: 1 }));
  const claims = stored.items
    .filter((i) => i.kind === 'item')
    .flatMap((i) => [...new Set(i.assignedTo.map(live))].filter((d) => d !== null && known.has(d)).map((dinerId) => ({ itemId: i.id, unit: 0, dinerId: dinerId! })))
    .sort(inClaimOrder);
  const converted = new Map([...(atRate?.totals ?? [])].flatMap(([storedId, amount]) => (live(storedId) === null ? [] : [[live(storedId)!, amount] as const])));
  return { items, claims, tip: { pence: stored.tipPence }, tipSplit: stored.tipSplit, ...(atRate === undefined ? {} : { payBack: atRate.payBack }), converted };
}

function withPayLink(diner: LiveDiner, payLink: PayLink | undefined): LiveDiner {
  const { payLink: _, ...rest } = diner;
  return payLink === undefined ? rest : { ...rest, payLink };
}

/**
 * The bill as one phone may see it: a diner's phone sees its own pay-back link only, the table's
 * link (anyone at the table not yet joined) none, the organiser all. The same bill when there is
 * nothing to hide, so every phone is sent the same text until links are handed out.
 */
export function visibleTo(bill: LiveBill, actor: LiveActor): LiveBill {
  if (actor.kind === 'organiser') return bill;
  const own = actor.kind === 'diner' ? actor.dinerId : null;
  const hidden = (d: LiveDiner) => d.payLink !== undefined && d.id !== own;
  return bill.diners.some(hidden) ? { ...bill, diners: bill.diners.map((d) => (hidden(d) ? withPayLink(d, undefined) : d)) } : bill;
}

/** "3 x Peroni" (or "3x", "3 ×") is three units of Peroni; any other name is one unit. */
export function unitsFromName(name: string, pricePence: number): number {
  const match = /^\s*(\d{1,2})\s*[x×]\s*\S/i.exec(name);
  const units = match ? Number(match[1]) : 1;
  return units >= 2 && units <= MAX_UNITS && units <= pricePence ? units : 1;
}

/** The expiry of a bill opened now: with the share links, 7 days. */
export function liveExpiry(now: Date): Date {
  return new Date(now.getTime() + LIVE_BILL_DAYS * 24 * 60 * 60 * 1000);
}
