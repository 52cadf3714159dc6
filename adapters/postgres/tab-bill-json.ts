import type { Bill } from '../../domain/bill';
import { currencyCode, GBP } from '../../domain/currency';
import { minorUnits } from '../../domain/money';
import type { TabPayer } from '../../domain/tab/tab';

// A tab's bill in its jsonb column: the domain Bill as it is (plain data), its amounts read back
// through the money constructors so a row can never hand the domain a fractional amount.

export function billToJson(bill: Bill): string {
  return JSON.stringify(bill);
}

export function billFromJson(json: unknown): Bill {
  const bill = json as Bill;
  return {
    ...bill,
    currency: currencyCode(bill.currency) ?? GBP,
    tipPence: minorUnits(bill.tipPence),
    items: bill.items.map((item) => ({ ...item, pricePence: minorUnits(item.pricePence) })),
  };
}

export function payersToJson(payers: readonly TabPayer[]): string {
  return JSON.stringify(payers.map(({ personId, amount }) => ({ personId, amount })));
}

export function payersFromJson(json: unknown): TabPayer[] {
  return (json as TabPayer[]).map(({ personId, amount }) => ({ personId, amount: minorUnits(amount) }));
}
