import { applyLive, type LiveBill, type LiveChange } from '../../domain/live-bill/live-bill';
import type { LiveOpening } from '../../domain/live-bill/new-live-bill';
import { liveBillFromWire, liveBillToWire, liveBillWire, type LiveBillWire } from '../../src/contracts/live-bill-wire';
import type { EventStreamReader } from './event-stream';
import type { Bill } from '../../domain/bill';
import { aBill } from './builders';

/** A live bill from JSON as a phone receives it, through the contract; null when it is not one. */
export function readLiveBill(value: unknown): LiveBill | null {
  const wire = liveBillWire.safeParse(value);
  return wire.success ? liveBillFromWire(wire.data) : null;
}

/** Ann, Bob and Cat at the table, with no lines yet. */
export const atTheTable = () => aBill().withDiner('ann', 'Ann').withDiner('bob', 'Bob').withDiner('cat', 'Cat');

/** A bill as the wizard opens it to the table: Ann, Bob and Cat, a soup, a pizza and three beers on one line. */
export const aTableBill = () =>
  atTheTable().withLine({ id: 'soup', name: 'Soup', pricePence: 650 }).withLine({ id: 'pizza', name: 'Pizza', pricePence: 1299 }).withLine({ id: 'beer', name: '3 x Peroni', pricePence: 1500 });

/** What the organiser opens it with besides the bill: a 10% tip unless said. */
export const anOpening = (change: Partial<LiveOpening> = {}): LiveOpening => ({ tip: { percent: 10 }, ...change });

/** POST /api/live-bills's body (openLiveBill): the one Bill, the tip, the organiser's diner. */
export function liveOpenBody(bill: Bill, opening: LiveOpening = anOpening()) {
  return { bill, tip: opening.tip, organiserDinerId: opening.organiserDinerId ?? null };
}

/**
 * The bill a phone holds at `version`, from what its stream sent: the last whole bill, then each
 * change applied as the phone applies it. Throws if the stream skipped a version without a whole bill.
 */
export async function billOnPhone(phone: EventStreamReader, version: number): Promise<LiveBillWire> {
  await phone.next((e) => (e.event === 'bill' || e.event === 'change') && Number(e.id) >= version);
  let bill: LiveBill | null = null;
  for (const e of phone.events) {
    if (bill !== null && bill.version >= version) break;
    if (e.event === 'bill') bill = readLiveBill(JSON.parse(e.data));
    else if (e.event === 'change') {
      if (bill === null || Number(e.id) !== bill.version + 1) throw new Error(`change ${e.id} does not follow version ${bill?.version}`);
      bill = applyLive(bill, JSON.parse(e.data) as LiveChange);
    }
  }
  if (bill === null || bill.version !== version) throw new Error(`the phone never held version ${version}`);
  return liveBillToWire(bill);
}
