import { computed } from 'nanostores';
import { formatMoney, type CurrencyCode } from '../../../domain/currency';
import { useStore } from '../use-store';
import { $bill } from '../bill/bill-state';

export const $currency = computed($bill, (bill): CurrencyCode => bill.currency);

/** Amounts of the bill in progress, formatted in its currency. */
export function useMoney(): (amount: number) => string {
  const currency = useStore($currency);
  return (amount) => formatMoney(amount, currency);
}
