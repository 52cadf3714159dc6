import { formatMoney } from '../currency';
import { minorUnits, sumMinorUnits, type MinorUnits } from '../money';
import { dinerBreakdowns, type StoredBill } from './stored-bill';
import { dinerPayWays } from './diner-pay-ways';
import { inBothCurrencies, rateText } from './pay-back-rate';
import { tableCodeOf, type TableCode } from './pay-ways';

export type PaidBy = 'diner' | 'organiser';

/**
 * A diner's paid mark: said on their page or marked by the organiser, with the
 * amount paid so far, so a later change to the bill shows what is still to come. Marks made before
 * amounts were recorded have none: they count as the diner's whole share, whatever it is now.
 */
export interface DinerRepayment {
  readonly dinerId: string;
  readonly paidBy: PaidBy;
  readonly paidAt: Date;
  readonly amountPence: MinorUnits | null;
}

export interface DinerRepaymentStatus {
  readonly dinerId: string;
  readonly name: string;
  readonly totalPence: MinorUnits;
  readonly paid: { readonly by: PaidBy; readonly at: string; readonly amountPence: MinorUnits } | null;
  /** Who paid the restaurant: owed, never owing. */
  readonly isPayer: boolean;
  /** What is still to come from this diner (0 for the payer). */
  readonly leftPence: MinorUnits;
  /** Owes something and has paid all of it: the row offers 'Mark unpaid'. */
  readonly paidInFull: boolean;
  /** What this diner paid beyond their share, for the payer to give back. */
  readonly overPence: MinorUnits;
  /** The row's words on the organiser's summary. */
  readonly note: string;
  /** Their whole share at the organiser's rate, as their page shows it ("£10.36"); null without a rate. */
  readonly convertedTotal: string | null;
  /** What "Show to pay" shows this diner: a code for what they have left, with the amount in it; null when there is none. */
  readonly tableCode: TableCode | null;
}

export interface RepaymentStatus {
  readonly diners: readonly DinerRepaymentStatus[];
  /** Diners who owe something and have paid all of it (the payer is not counted). */
  readonly paidCount: number;
  /** Diners who owe something (everyone but the payer). */
  readonly owingCount: number;
  /** Someone owes something and everyone who does has paid all of it: nobody is left to remind. */
  readonly everyonePaid: boolean;
  /** What those who owe still have to pay. */
  readonly outstandingPence: MinorUnits;
  /** The card's line: "1 of 3 paid · £1.06 still to come". */
  readonly summary: string;
}

/** What a diner has paid against what they owe now: paid in full, partly (the difference still to come), or over. */
export function paidAgainst(totalPence: MinorUnits, payment: Pick<DinerRepayment, 'amountPence'> | undefined): { paidPence: MinorUnits; leftPence: MinorUnits; overPence: MinorUnits } {
  const paidPence = payment === undefined ? minorUnits(0) : (payment.amountPence ?? totalPence);
  return { paidPence, leftPence: minorUnits(Math.max(totalPence - paidPence, 0)), overPence: minorUnits(Math.max(paidPence - totalPence, 0)) };
}

/** Who has paid and who still owes what, with each diner's total exactly as their page shows it. */
export function repaymentStatus(stored: StoredBill, payments: readonly DinerRepayment[]): RepaymentStatus {
  const { bill } = stored;
  // With a rate, every amount in both currencies ("€6.69 (£5.75)"), and the rate on the card's line.
  const money = (amount: MinorUnits) => inBothCurrencies(amount, bill.currency, stored.payBack);
  const byDiner = new Map(payments.map((p) => [p.dinerId, p]));
  // Each diner's page, every one from the same split: what it shows is what they are asked for here.
  const pages = dinerBreakdowns(stored);
  const owedToPayer = sumMinorUnits(bill.diners.filter((d) => d.id !== bill.payerId).map((d) => pages.get(d.id)!.totalPence));
  const diners = bill.diners.map((d): DinerRepaymentStatus => {
    const page = pages.get(d.id)!;
    const { totalPence, converted } = page;
    const isPayer = d.id === bill.payerId;
    const payment = isPayer ? undefined : byDiner.get(d.id);
    const { paidPence, leftPence, overPence } = paidAgainst(totalPence, payment);
    return {
      dinerId: d.id,
      name: d.name,
      totalPence,
      paid: payment === undefined ? null : { by: payment.paidBy, at: payment.paidAt.toISOString(), amountPence: paidPence },
      isPayer,
      leftPence: isPayer ? minorUnits(0) : leftPence,
      paidInFull: payment !== undefined && leftPence === 0,
      overPence,
      note: isPayer ? `Paid the bill · owed ${money(owedToPayer)}` : rowNote(d.name, payment, paidPence, leftPence, overPence, money),
      convertedTotal: converted === null ? null : formatMoney(minorUnits(converted.totalPence), converted.currency),
      tableCode: isPayer || leftPence === 0 ? null : tableCodeOf(dinerPayWays(stored, page, leftPence)),
    };
  });
  const owing = diners.filter((d) => !d.isPayer);
  const paidCount = owing.filter((d) => d.paidInFull).length;
  const outstandingPence = sumMinorUnits(owing.map((d) => d.leftPence));
  return {
    diners,
    paidCount,
    owingCount: owing.length,
    everyonePaid: owing.length > 0 && paidCount === owing.length,
    outstandingPence,
    summary: `${paidCount} of ${owing.length} paid${outstandingPence > 0 ? ` · ${money(outstandingPence)} still to come` : ''}${stored.payBack === null ? '' : ` · at ${rateText(bill.currency, stored.payBack)}`}`,
  };
}

function rowNote(name: string, payment: DinerRepayment | undefined, paid: MinorUnits, left: MinorUnits, over: MinorUnits, money: (amount: MinorUnits) => string): string {
  if (payment === undefined) return 'Not paid yet';
  if (left > 0) return `paid ${money(paid)} · ${money(left)} still to come`;
  if (over > 0) return `paid ${money(paid)} · ${money(over)} to give back to ${name}`;
  return payment.paidBy === 'diner' ? `✓ ${name} says they've paid ${money(paid)}` : `✓ Paid ${money(paid)}`;
}
