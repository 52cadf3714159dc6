import { applyLive, type LiveBill, type LiveChange } from '../../domain/live-bill/live-bill';
import type { NewLiveBillRequest } from '../../domain/live-bill/new-live-bill';
import { liveBillFromJson, liveBillToJson, type LiveBillJson } from '../../domain/live-bill/wire';
import type { EventStreamReader } from './event-stream';
import type { Bill } from '../../domain/bill';
import { currencyCode, GBP } from '../../domain/currency';
import { pence } from '../../domain/money';
import type { BillItem } from '../../domain/receipt';

/** A bill as the wizard opens it to the table: three diners, a soup, a pizza and three beers on one line. */
export function aLiveBillRequest(change: Partial<NewLiveBillRequest> = {}): NewLiveBillRequest {
  return {
    items: [
      { id: 'soup', name: 'Soup', pricePence: 650, kind: 'item' },
      { id: 'pizza', name: 'Pizza', pricePence: 1299, kind: 'item' },
      { id: 'beer', name: '3 x Peroni', pricePence: 1500, kind: 'item' },
    ],
    diners: [
      { id: 'ann', name: 'Ann' },
      { id: 'bob', name: 'Bob' },
      { id: 'cat', name: 'Cat' },
    ],
    tip: { percent: 10 },
    tipSplit: 'equal',
    ...change,
  };
}

/** POST /api/live-bills's body (openLiveBill) for a bill as the wizard opens it: the one Bill, the tip, the organiser's diner. */
export function liveOpenBody(request: NewLiveBillRequest) {
  const items = request.items.map((i): BillItem => {
    const base = { id: i.id, name: i.name, pricePence: pence(i.pricePence), kind: i.kind, assignedTo: i.assignedTo ?? [] };
    if (i.quantity === undefined) return base;
    return i.unitCounts === undefined ? { ...base, quantity: i.quantity } : { ...base, quantity: i.quantity, portions: { by: 'units', quantity: i.quantity, counts: i.unitCounts } };
  });
  const bill: Bill = {
    currency: currencyCode(request.currency) ?? GBP,
    name: null,
    diners: request.diners,
    items,
    tipPence: pence(0),
    tipSplit: request.tipSplit,
    tipSharers: 'allDiners',
    payerId: null,
  };
  return { bill, tip: request.tip, organiserDinerId: request.organiserDinerId ?? null };
}

/**
 * The bill a phone holds at `version`, from what its stream sent: the last whole bill, then each
 * change applied as the phone applies it. Throws if the stream skipped a version without a whole bill.
 */
export async function billOnPhone(phone: EventStreamReader, version: number): Promise<LiveBillJson> {
  await phone.next((e) => (e.event === 'bill' || e.event === 'change') && Number(e.id) >= version);
  let bill: LiveBill | null = null;
  for (const e of phone.events) {
    if (bill !== null && bill.version >= version) break;
    if (e.event === 'bill') bill = liveBillFromJson(JSON.parse(e.data));
    else if (e.event === 'change') {
      if (bill === null || Number(e.id) !== bill.version + 1) throw new Error(`change ${e.id} does not follow version ${bill?.version}`);
      bill = applyLive(bill, JSON.parse(e.data) as LiveChange);
    }
  }
  if (bill === null || bill.version !== version) throw new Error(`the phone never held version ${version}`);
  return liveBillToJson(bill);
}
