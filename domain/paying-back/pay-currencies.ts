import { CZK, EUR, GBP, INR, type CurrencyCode } from '../currency';

/** Every way the organiser can be paid: three apps' links, two bank-transfer codes, a bank account without one, and UPI. */
export type PayWayName = 'monzo' | 'paypal' | 'revolut' | 'epc' | 'spayd' | 'bank' | 'upi';

/**
 * Currencies a PayPal.Me link can ask for (PayPal's list of currencies it takes), less HUF and TWD,
 * which PayPal takes in whole units only while their amounts here have two decimals.
 */
const PAYPAL_CURRENCIES: ReadonlySet<string> = new Set('AUD BRL CAD CHF CNY CZK DKK EUR GBP HKD ILS JPY MXN MYR NOK NZD PHP PLN SEK SGD THB USD'.split(' '));

/**
 * Whether a way can carry an amount in this currency (docs/pay-links.md, each with its source):
 * Monzo in pounds only; PayPal.Me in the currencies it takes; Revolut.Me never; the EPC QR code in
 * euros only; SPAYD in koruna (its one currency here); UPI in rupees only; an IBAN on its own never.
 */
export function carriesAmount(way: PayWayName, currency: CurrencyCode): boolean {
  switch (way) {
    case 'monzo':
      return currency === GBP;
    case 'paypal':
      return PAYPAL_CURRENCIES.has(currency);
    case 'epc':
      return currency === EUR;
    case 'spayd':
      return currency === CZK;
    case 'upi':
      return currency === INR;
    case 'revolut':
    case 'bank':
      return false;
  }
}
