import { formatMoney, type CurrencyCode } from '../currency';
import type { Pence } from '../money';
import { err, ok, type Result } from '../result';
import type { Bill } from '../bill';
import { billView } from '../bill-view';
import { SHARE_MESSAGES } from './share-packet';
import { sharedBill } from './shared-lines';

export type ShareSummary =
  | {
      readonly kind: 'individual';
      readonly currency: CurrencyCode;
      readonly dinerName: string;
      readonly itemCount: number;
      readonly items: readonly { name: string; sharePence: Pence }[];
      readonly tipPence: Pence;
      readonly totalPence: Pence;
    }
  | {
      readonly kind: 'complete';
      readonly currency: CurrencyCode;
      readonly totalPence: Pence;
      readonly people: number;
      readonly items: number;
      readonly tipPercent: number | null;
      /** Each diner's share; for whoever paid the restaurant, what the others owe them instead. */
      readonly amounts: readonly { name: string; totalPence: Pence; owedPence?: Pence }[];
    };

/** The share dialog's summary, of the bill as its link will carry it: one diner's count and total with tip, or the whole bill. */
export function shareSummary(bill: Bill, dinerId: string | null): Result<ShareSummary, string> {
  const view = billView(sharedBill(bill), { focusSeatId: dinerId });
  if (dinerId === null) {
    const amounts = view.seats.map((seat) =>
      seat.id === view.payer?.seatId ? { name: seat.name, totalPence: seat.totalPence, owedPence: view.payer.owedPence } : { name: seat.name, totalPence: seat.totalPence },
    );
    return ok({ kind: 'complete', currency: view.currency, totalPence: view.totalPence, people: view.seats.length, items: view.itemCount, tipPercent: view.tipPercent, amounts });
  }
  const seat = view.seats.find((s) => s.id === dinerId);
  if (seat === undefined) return err(SHARE_MESSAGES.dinerNotFound);
  return ok({
    kind: 'individual',
    currency: view.currency,
    dinerName: seat.name,
    itemCount: seat.items.length,
    items: seat.items.map((i) => ({ name: i.name, sharePence: i.sharePence })),
    tipPence: seat.tipPence,
    totalPence: seat.totalPence,
  });
}

/** The Rich Text method's text, also what native share and the clipboard send. */
export function shareText(summary: ShareSummary, url: string): string {
  const money = (amount: Pence) => formatMoney(amount, summary.currency);
  if (summary.kind === 'complete') {
    const tip = summary.tipPercent === null ? '' : ` (tip ${summary.tipPercent}%)`;
    return [
      `Who's Paying: bill split`,
      `Total: ${money(summary.totalPence)}${tip}`,
      `${summary.people} people, ${summary.items} items`,
      ...summary.amounts.map((a) => (a.owedPence === undefined ? `• ${a.name}: ${money(a.totalPence)}` : `• ${a.name} paid the bill · owed ${money(a.owedPence)}`)),
      '',
      `See what everyone owes: ${url}`,
    ].join('\n');
  }
  return [
    `Who's Paying: ${summary.dinerName}'s share`,
    ...summary.items.map((i) => `• ${i.name}: ${money(i.sharePence)}`),
    `Tip: ${money(summary.tipPence)}`,
    `Total: ${money(summary.totalPence)}`,
    '',
    `Your breakdown: ${url}`,
  ].join('\n');
}
