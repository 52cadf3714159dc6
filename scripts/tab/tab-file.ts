// The tab:settle command's file: read, checked by the domain's own rules, settled by the domain's plan.
import { z } from 'zod';
import { parseRate, type Rate } from '../../domain/conversion';
import { currencyCode, type CurrencyCode } from '../../domain/currency';
import { err, ok, type Result } from '../../domain/result';
import { checkTabLedger, settleTab, type TabLedger } from '../../domain/tab/tab-ledger';
import { tabLedgerProblemText } from '../../domain/tab/tab-messages';
import type { Transfer } from '../../domain/tab/settle-up';

const currency = z.string().refine((c) => currencyCode(c) !== null, 'is not an ISO 4217 currency code');
// Amounts past a trillion minor units are refused: every sum of them stays exact in a number.
const amount = z.number().min(-1e12).max(1e12);
const amounts = z.record(z.string(), amount);
const tabFile = z.strictObject({
  currency,
  people: z
    .array(z.string().min(1))
    .min(1)
    .refine((people) => new Set(people).size === people.length, 'a person is listed twice'),
  bills: z.array(z.strictObject({ name: z.string().min(1), currency: currency.optional(), paid: amounts, owed: amounts })),
  transfers: z.array(z.strictObject({ from: z.string(), to: z.string(), amount, currency: currency.optional() })).default([]),
  rates: z.record(currency, z.union([z.string(), z.number()])).default({}),
});

export interface SettledTabFile {
  readonly balances: Record<string, number>;
  readonly transfers: readonly Transfer[];
}

/** The file as a tab ledger, or what is wrong with its shape (where in it, and why). */
export function parseTabFile(text: string): Result<TabLedger, string> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = tabFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return err(`${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  const file = parsed.data;
  const tabCurrency = file.currency as CurrencyCode;
  const rates = new Map<CurrencyCode, Rate<CurrencyCode, CurrencyCode>>();
  for (const [from, text] of Object.entries(file.rates)) {
    const rate = parseRate(String(text), from as CurrencyCode, tabCurrency);
    if (!rate.ok) return err(`rates.${from}: ${rate.error}`);
    rates.set(from as CurrencyCode, rate.value);
  }
  return ok({
    currency: tabCurrency,
    people: file.people,
    bills: file.bills.map((b) => ({ name: b.name, currency: (b.currency ?? tabCurrency) as CurrencyCode, paid: new Map(Object.entries(b.paid)), owed: new Map(Object.entries(b.owed)) })),
    payments: file.transfers.map((t) => ({ ...t, currency: (t.currency ?? tabCurrency) as CurrencyCode })),
    rates,
  });
}

/** The balances and plan in the tab's currency; refused when the tab does not add up, or a currency has no rate. */
export function settleTabFile(tab: TabLedger): Result<SettledTabFile, string> {
  const checked = checkTabLedger(tab);
  if (!checked.ok) return err(tabLedgerProblemText(checked.error));
  let settlements: ReturnType<typeof settleTab>;
  try {
    settlements = settleTab(tab);
  } catch (error) {
    // Only a rate that takes an amount past what a number holds exactly gets here.
    if (error instanceof RangeError) return err('the amounts at these rates are too large to settle exactly');
    throw error;
  }
  const other = settlements.find((s) => s.currency !== tab.currency && [...s.balances.values()].some((b) => b !== 0));
  if (other !== undefined) return err(`the tab has amounts in ${other.currency} and no rate for it in "rates"`);
  const mine = settlements.find((s) => s.currency === tab.currency);
  const balances = Object.fromEntries(tab.people.map((p) => [p, mine?.balances.get(p) ?? 0]));
  return ok({ balances, transfers: mine?.transfers ?? [] });
}
