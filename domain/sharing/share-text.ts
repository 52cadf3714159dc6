import type { CurrencyCode } from '../currency';
import { pence, type Pence } from '../money';
import { err, ok, type Result } from '../result';
import { billSplit, type Bill } from '../bill';
import type { ItemKind, TipSplit } from '../split';
import { tipPercentOf } from '../tip';
import type { Portions } from '../portions';
import { defaultKind, SHARE_MESSAGES, type SharedKind } from './share-packet';
import { sharedLines } from './shared-lines';
import { convertedTotals, inBothCurrencies, payBackRate, rateText, type PayBackRate } from '../paying-back/pay-back-rate';

/** The bill as the app holds it on the summary step (the share dialog's input). */
export interface ShareableBill {
  readonly currency: CurrencyCode;
  readonly diners: readonly { readonly id: string; readonly name: string }[];
  readonly items: readonly { readonly name: string; readonly pricePence: number; readonly kind?: SharedKind | undefined; readonly assignedTo: readonly string[] }[];
  readonly tipPence: number;
  /** Equal when left out. */
  readonly tipSplit?: TipSplit | undefined;
  /** The bill's name, which heads the shared pages. */
  readonly name?: string | undefined;
  /** The diner who paid the restaurant; null or absent when nobody on the bill did. */
  readonly payerId?: string | null | undefined;
  /** One unit of the bill's currency in pounds, for a bill paid back in pounds; null or absent otherwise. */
  readonly payBackRate?: string | null | undefined;
}

export type ShareSummary =
  | {
      readonly kind: 'individual';
      readonly currency: CurrencyCode;
      readonly dinerName: string;
      readonly itemCount: number;
      readonly items: readonly { name: string; sharePence: Pence }[];
      readonly tipPence: Pence;
      readonly totalPence: Pence;
      /** Paid back in pounds at the organiser's rate (null without one), and the total at it. */
      readonly payBack?: PayBackRate | null;
      readonly convertedTotal?: number | null;
    }
  | {
      readonly kind: 'complete';
      readonly currency: CurrencyCode;
      readonly totalPence: Pence;
      readonly people: number;
      readonly items: number;
      readonly tipPercent: number | null;
      /** Each diner's share (and at the rate, adding up to the converted total); for whoever paid the restaurant, what the others owe them instead. */
      readonly amounts: readonly { name: string; totalPence: Pence; owedPence?: Pence; converted?: number | null }[];
      readonly payBack?: PayBackRate | null;
      readonly convertedTotal?: number | null;
    };

/** The share dialog's summary: one diner's count and total with tip, or the whole bill. */
export function shareSummary(bill: ShareableBill, dinerId: string | null): Result<ShareSummary, string> {
  const split = billSplit(billOfShareable(bill));
  const rate = payBackRate(bill.currency, bill.payBackRate);
  const payBack = rate.ok ? rate.value : null;
  const converted = convertedTotals(
    bill.currency,
    split.shares.map((s) => s.totalPence),
    payBack,
  );
  if (dinerId === null) {
    const tipPercent = split.subtotalPence > 0 ? tipPercentOf(pence(bill.tipPence), split.subtotalPence) : null;
    const amounts = bill.diners.map((d, k) => {
      const totalPence = split.shares[k]!.totalPence;
      return d.id === bill.payerId
        ? { name: d.name, totalPence, owedPence: pence(split.totalPence - totalPence) }
        : { name: d.name, totalPence, ...(converted === null ? {} : { converted: converted.shares[k] ?? null }) };
    });
    return ok({
      kind: 'complete',
      currency: bill.currency,
      totalPence: split.totalPence,
      people: bill.diners.length,
      items: bill.items.length,
      tipPercent,
      amounts,
      ...(payBack === null ? {} : { payBack, convertedTotal: converted?.total ?? null }),
    });
  }
  const index = bill.diners.findIndex((d) => d.id === dinerId);
  if (index < 0) return err(SHARE_MESSAGES.dinerNotFound);
  const share = split.shares[index]!;
  return ok({
    kind: 'individual',
    currency: bill.currency,
    dinerName: bill.diners[index]!.name,
    itemCount: share.lines.length,
    items: share.lines.map((l) => ({ name: bill.items[Number(l.itemId)]!.name, sharePence: l.sharePence })),
    tipPence: share.tipPence,
    totalPence: share.totalPence,
    ...(payBack === null ? {} : { payBack, convertedTotal: converted?.shares[index] ?? null }),
  });
}

/** The bill the organiser is about to share, its lines' ids their positions (as on the link it becomes). */
function billOfShareable(bill: ShareableBill): Bill {
  return {
    currency: bill.currency,
    name: bill.name ?? null,
    diners: bill.diners,
    items: bill.items.map((i, n) => ({ id: String(n), name: i.name, pricePence: pence(i.pricePence), kind: i.kind ?? defaultKind(i.pricePence), assignedTo: i.assignedTo })),
    tipPence: pence(bill.tipPence),
    tipSplit: bill.tipSplit ?? 'equal',
    tipSharers: 'allDiners',
    payerId: bill.payerId ?? null,
  };
}

/** The Rich Text method's text, also what native share and the clipboard send. */
export function shareText(summary: ShareSummary, url: string): string {
  // With the organiser's rate, every amount in both currencies, and the rate said once.
  const payBack = summary.payBack ?? null;
  const money = (amount: Pence, converted?: number | null) => inBothCurrencies(amount, summary.currency, payBack, converted);
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

/**
 * The wizard's bill as it is shared: VAT lines are informational (already inside UK prices), so they
 * never travel; a line split by units or shares travels as its parts, so every page shows the
 * summary's very figures (shared-lines.ts).
 */
export function shareableBill(bill: {
  readonly currency: CurrencyCode;
  readonly diners: readonly { readonly id: string; readonly name: string }[];
  readonly items: readonly { readonly name: string; readonly pricePence: Pence; readonly kind: ItemKind; readonly assignedTo: readonly string[]; readonly portions?: Portions | undefined }[];
  readonly tipPence: number;
  readonly tipSplit?: TipSplit | undefined;
}): ShareableBill {
  const lines = sharedLines(
    bill.items.filter((i) => i.kind !== 'vat'),
    bill.diners.map((d) => d.id),
  );
  const items = lines.map((i) => ({ name: i.name, pricePence: i.pricePence, kind: i.kind as Exclude<ItemKind, 'vat'>, assignedTo: i.assignedTo }));
  return { currency: bill.currency, diners: bill.diners.map((d) => ({ id: d.id, name: d.name })), items, tipPence: bill.tipPence, tipSplit: bill.tipSplit };
}
