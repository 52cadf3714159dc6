import { currencyOf } from './receipt-currency';
import { dateOf } from './receipt-date';
import type { ReceiptHeader } from './receipt-line';
import { merchantOf } from './receipt-merchant';

/** Who printed a receipt, when, and in what money, from its rows of text. */
export function headerOf(rows: readonly string[]): ReceiptHeader {
  const { currency, guessed } = currencyOf(rows);
  return { merchant: merchantOf(rows), date: dateOf(rows, currency), currency, ...(guessed ? { currencyDoubtful: true } : {}) };
}
