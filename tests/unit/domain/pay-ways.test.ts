import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMON_CURRENCIES, currencyCode, GBP, type CurrencyCode } from '../../../domain/currency';
import { minorUnits } from '../../../domain/money';
import { carriesAmount } from '../../../domain/paying-back/pay-currencies';
import { offersTableCode, payReference, payWays, tableCodeOf, type PayeeDetails } from '../../../domain/paying-back/pay-ways';
import { repaymentStatus } from '../../../domain/paying-back/repayments';
import { newStoredBill } from '../../../domain/paying-back/new-stored-bill';
import { billOf } from '../../support/share-packets';

const code = (text: string): CurrencyCode => currencyCode(text)!;
const everyone: PayeeDetails = { name: 'Alex', monzo: 'alex', revolut: 'alexr', paypal: 'AlexS', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', upi: 'alex@okaxis' };
const reference = payReference('Taverna · 25 Nov 2026', 'Ben');
const offered = (currency: string) => payWays(everyone, { amount: minorUnits(1205), currency: code(currency) }, reference).map((w) => `${w.provider}${w.amountFilled ? ' with the amount' : ''}`);

describe('which way to pay, per currency', () => {
  it('offers the code that carries the amount in that currency first, then the apps, then the IBAN alone', () => {
    expect(offered('EUR')).toEqual(['epc with the amount', 'upi', 'monzo', 'revolut', 'paypal with the amount']);
    expect(offered('CZK')).toEqual(['spayd with the amount', 'upi', 'monzo', 'revolut', 'paypal with the amount']);
    expect(offered('INR')).toEqual(['upi with the amount', 'monzo', 'revolut', 'paypal', 'bank']);
    expect(offered('GBP')).toEqual(['upi', 'monzo with the amount', 'revolut', 'paypal with the amount', 'bank']);
    expect(offered('JPY')).toEqual(['upi', 'monzo', 'revolut', 'paypal with the amount', 'bank']);
    expect(offered('KWD')).toEqual(['upi', 'monzo', 'revolut', 'paypal', 'bank']);
  });

  it('says why a way goes without the amount, and offers no UPI link outside rupees', () => {
    const ways = payWays(everyone, { amount: minorUnits(1205), currency: GBP }, reference);
    expect(ways.find((w) => w.provider === 'upi')).toEqual({ provider: 'upi', upi: 'alex@okaxis', url: null, amountFilled: false, otherCurrency: true });
    expect(ways.find((w) => w.provider === 'bank')).toEqual({ provider: 'bank', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', amountFilled: false, otherCurrency: true, reference });
  });

  it('puts the exact amount, the payee and a reference naming the bill and the diner into each code', () => {
    const [epc] = payWays(everyone, { amount: minorUnits(1205), currency: code('EUR') }, reference);
    expect(epc).toMatchObject({ provider: 'epc', iban: 'DE89 3704 0044 0532 0130 00', amount: '€12.05', reference: "Ben's share of Taverna · 25 Nov 2026" });
    expect(epc && 'qr' in epc && epc.qr).toBe("BCD\n002\n1\nSCT\nCOBADEFFXXX\nAlex\nDE89370400440532013000\nEUR12.05\n\n\nBen's share of Taverna · 25 Nov 2026");
    const [upi] = payWays(everyone, { amount: minorUnits(123456), currency: code('INR') }, reference);
    expect(upi).toMatchObject({ provider: 'upi', url: "upi://pay?pa=alex@okaxis&pn=Alex&am=1234.56&cu=INR&tn=Ben's%20share%20of%20Taverna%20%C2%B7%2025%20Nov%202026" });
  });

  it('fills an amount in only where the way can carry that currency, and offers nothing but links when nothing is owed', () => {
    const currencies = [...COMMON_CURRENCIES, 'HUF', 'TWD', 'MXN'].map(code);
    fc.assert(
      fc.property(fc.constantFrom(...currencies), fc.integer({ min: -5, max: 10_000_000 }), (currency, amount) => {
        const ways = payWays(everyone, { amount: minorUnits(amount), currency }, reference);
        for (const w of ways) expect(w.amountFilled, `${w.provider} in ${currency}`).toBe(amount > 0 && carriesAmount(w.provider, currency));
        if (amount <= 0) expect(ways.map((w) => w.provider)).toEqual(['monzo', 'revolut', 'paypal']);
      }),
    );
  });

  it('offers Show to pay before a bill is stored only where the details give a code in that currency', () => {
    const withIban = { iban: 'DE89370400440532013000', upi: null };
    const withUpi = { iban: null, upi: 'alex@okaxis' };
    expect(['EUR', 'CZK', 'INR', 'GBP'].map((c) => offersTableCode(withIban, code(c)))).toEqual([true, true, false, false]);
    expect(['EUR', 'CZK', 'INR', 'GBP'].map((c) => offersTableCode(withUpi, code(c)))).toEqual([false, false, true, false]);
    expect(offersTableCode(null, code('EUR'))).toBe(false);
  });

  it('gives the organiser the same code for each diner who still owes, and none to the payer', () => {
    const made = newStoredBill(
      billOf({
        currency: 'EUR',
        name: 'Taverna',
        tipPence: 0,
        payerId: 'a',
        diners: [
          { id: 'a', name: 'Alex' },
          { id: 'b', name: 'Ben' },
        ],
        items: [
          { name: 'Moussaka', pricePence: 1450, assignedTo: ['a'] },
          { name: 'Souvlaki', pricePence: 1205, assignedTo: ['b'] },
        ],
      }),
      { payeeName: 'Alex', payeeAccounts: { iban: 'DE89 3704 0044 0532 0130 00' } },
      (n) => crypto.getRandomValues(new Uint8Array(n)),
    );
    if (!made.ok) throw new Error(made.error);
    const [alex, ben] = repaymentStatus(made.value.stored, []).diners;
    expect(alex?.tableCode).toBeNull();
    expect(ben?.tableCode).toEqual({
      provider: 'epc',
      qr: "BCD\n002\n1\nSCT\n\nAlex\nDE89370400440532013000\nEUR12.05\n\n\nBen's share of Taverna",
      account: 'DE89 3704 0044 0532 0130 00',
      amount: '€12.05',
      reference: "Ben's share of Taverna",
    });
    expect(tableCodeOf([])).toBeNull();
  });
});

describe("the organiser's view of a euro bill paid back in pounds", () => {
  it('gives every row and the card in both currencies, and the card says the rate', () => {
    const made = newStoredBill(
      billOf({
        currency: 'EUR',
        name: 'Taverna',
        tipPence: 0,
        payerId: 'a',
        diners: [
          { id: 'a', name: 'Alex' },
          { id: 'b', name: 'Ben' },
          { id: 'c', name: 'Cat' },
        ],
        items: [
          { name: 'Moussaka', pricePence: 1450, assignedTo: ['a'] },
          { name: 'Souvlaki', pricePence: 1205, assignedTo: ['b'] },
          { name: 'Salad', pricePence: 669, assignedTo: ['c'] },
        ],
      }),
      { payeeName: 'Alex', payBackRate: '0.86' },
      (n) => crypto.getRandomValues(new Uint8Array(n)),
    );
    if (!made.ok) throw new Error(made.error);
    const { stored } = made.value;
    const ben = stored.bill.diners.find((d) => d.name === 'Ben')!.id;
    const status = repaymentStatus(stored, [{ dinerId: ben, paidBy: 'diner', paidAt: new Date('2026-11-28T01:00:00Z'), amountPence: minorUnits(1205) }]);
    // €12.05 at 0.86 is £10.363: £10.36; €6.69 is £5.7534: £5.75; the payer is owed both, €18.74: £16.1164, £16.12.
    expect(status.diners.map((d) => d.note)).toEqual(['Paid the bill · owed €18.74 (£16.12)', "✓ Ben says they've paid €12.05 (£10.36)", 'Not paid yet']);
    expect(status.summary).toBe('1 of 2 paid · €6.69 (£5.75) still to come · at 1 EUR = £0.86');
  });
});
