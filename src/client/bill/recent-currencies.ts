import { currencyCode, type CurrencyCode } from '../../../domain/currency';
import { readJson, writeJson } from './storage';

// The currencies this device's bills were in, most recent first: the pickers offer them first.
const KEY = 'whos-paying:currencies';
const KEPT = 4;

export function recentCurrencies(): CurrencyCode[] {
  const stored = readJson<unknown>(KEY, []);
  return Array.isArray(stored) ? stored.flatMap((c) => currencyCode(c) ?? []).slice(0, KEPT) : [];
}

export function rememberCurrency(currency: CurrencyCode): void {
  writeJson(KEY, [currency, ...recentCurrencies().filter((c) => c !== currency)].slice(0, KEPT));
}
