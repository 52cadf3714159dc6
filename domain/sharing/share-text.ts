import type { CurrencyCode } from '../currency';
import type { MinorUnits } from '../money';
import { err, ok, type Result } from '../result';
import type { Bill } from '../bill';
import { billView } from '../bill-view';
import { inBothCurrencies, payBackRate, rateText, type PayBackRate } from '../paying-back/pay-back-rate';
import { SHARE_MESSAGES } from './share-packet';
import { sharedBill } from './shared-lines';

export type ShareSummary =
  | {
      readonly kind: 'individual';
      readonly currency: CurrencyCode;
      readonly dinerName: string;
      readonly itemCount: number;
      readonly items: readonly { name: string; sharePence: MinorUnits }[];
      readonly tipPence: MinorUnits;
      readonly totalPence: MinorUnits;
      /** Paid back in pounds at the organiser's rate (null without one), and the total at it. */
      readonly payBack?: PayBackRate | null;
      readonly convertedTotal?: number | null;
    }
  | {
      readonly kind: 'complete';
      readonly currency: CurrencyCode;
      readonly totalPence: MinorUnits;
      readonly people: number;
      readonly items: number;
      readonly tipPercent: number | null;
      /** Each diner's share (and at the rate, adding up to the converted total); for whoever paid the restaurant, what the others owe them instead. */
      readonly amounts: readonly { name: string; totalPence: MinorUnits; owedPence?: MinorUnits; converted?: number | null }[];
      readonly payBack?: PayBackRate | null;
      readonly convertedTotal?: number | null;
    };

/**
 * The share dialog's summary, of the bill as its link will carry it: one diner's count and total with
 * tip, or the whole bill; with the organiser's rate, each amount at it too (the bill view's figures).
 */
export function shareSummary(bill: Bill, dinerId: string | null, typedRate: string | null = null): Result<ShareSummary, string> {
  const rate = payBackRate(bill.currency, typedRate);
  const payBack = rate.ok ? rate.value : null;
  const view = billView(sharedBill(bill), { focusSeatId: dinerId, payBackRate: payBack });
  const converted = view.converted;
  const atRate = payBack === null ? {} : { payBack };
  if (dinerId === null) {
    const amounts = view.seats.map((seat) =>
      seat.id === view.payer?.seatId
        ? { name: seat.name, totalPence: seat.totalPence, owedPence: view.payer.owedPence }
        : { name: seat.name, totalPence: seat.totalPence, ...(converted === null ? {} : { converted: converted.totals.get(seat.id) ?? null }) },
    );
    return ok({
      kind: 'complete',
      currency: view.currency,
      totalPence: view.totalPence,
      people: view.seats.length,
      items: view.itemCount,
      tipPercent: view.tipPercent,
      amounts,
      ...atRate,
      ...(payBack === null ? {} : { convertedTotal: converted?.total ?? null }),
    });
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
    ...atRate,
    ...(payBack === null ? {} : { convertedTotal: converted?.totals.get(seat.id) ?? null }),
  });
}

/** The Rich Text method's text, also what native share and the clipboard send. */
export function shareText(summary: ShareSummary, url: string): string {
  // With the organiser's rate, every amount in both currencies, and the rate said once.
  const payBack = summary.payBack ?? null;
  const money = (amount: MinorUnits, converted?: number | null) => inBothCurrencies(amount, summary.currency, payBack, converted);
  const rateLine = payBack === null ? [] : [`Paid back in ${payBack.currency} at ${rateText(summary.currency, payBack)}`];
  if (summary.kind === 'complete') {
    const tip = summary.tipPercent === null ? '' : ` (tip ${summary.tipPercent}%)`;
    return [
      `Who's Paying: bill split`,
      `Total: ${money(summary.totalPence, summary.convertedTotal)}${tip}`,
      `${summary.people} people, ${summary.items} items`,
      ...rateLine,
      ...summary.amounts.map((a) => (a.owedPence === undefined ? `• ${a.name}: ${money(a.totalPence, a.converted)}` : `• ${a.name} paid the bill · owed ${money(a.owedPence)}`)),
      '',
      `See what everyone owes: ${url}`,
    ].join('\n');
  }
  return [
    `Who's Paying: ${summary.dinerName}'s share`,
    ...summary.items.map((i) => `• ${i.name}: ${money(i.sharePence)}`),
    `Tip: ${money(summary.tipPence)}`,
    `Total: ${money(summary.totalPence, summary.convertedTotal)}`,
    ...rateLine,
    '',
    `Your breakdown: ${url}`,
  ].join('\n');
}
