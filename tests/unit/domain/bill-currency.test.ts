import { describe, expect, it } from 'vitest';
import { roundingNote } from '../../../domain/adds-up';
import { currencyCode, GBP, type CurrencyCode } from '../../../domain/currency';
import { exportBill } from '../../../domain/export';
import { liveTotals } from '../../../domain/live-bill/live-split';
import { newLiveBill } from '../../../domain/live-bill/new-live-bill';
import { liveBillToWire } from '../../../src/contracts/live-bill-wire';
import { minorUnits } from '../../../domain/money';
import { paymentRequestText, reminderText } from '../../../domain/paying-back/messages';
import { leftAtRate } from '../../../domain/paying-back/pay-back-rate';
import { billSplit, type Bill } from '../../../domain/bill';
import { missedLine, rescaleReview, reviewLine } from '../../../domain/scanning/review';
import { newStoredBill } from '../../../domain/paying-back/new-stored-bill';
import { storedReceiptOf } from '../../support/stored-receipts';
import { billOf, type BillSketch } from '../../support/share-packets';
import { dinerBreakdown } from '../../../domain/paying-back/stored-bill';
import { repaymentLinks } from '../../../domain/paying-back/repayment-links';
import { readTipAmount } from '../../../domain/tip';
import { aBill } from '../../support/builders';
import { aTableBill, anOpening, readLiveBill } from '../../support/live-bills';

const code = (text: string): CurrencyCode => currencyCode(text)!;
const [EUR, JPY, KWD, IDR] = ['EUR', 'JPY', 'KWD', 'IDR'].map(code) as [CurrencyCode, CurrencyCode, CurrencyCode, CurrencyCode];
const NOW = new Date('2026-11-26T12:00:00Z');
const handles = { monzo: 'alex', revolut: 'alexr', paypal: 'AlexS' };

describe('pay links in the bill’s currency', () => {
  it('fill the amount where the provider takes the currency, and say why not elsewhere', () => {
    expect(repaymentLinks(handles, minorUnits(1250), EUR, 'Taverna').map((l) => [l.provider, l.url, l.amountFilled, l.otherCurrency ?? false])).toEqual([
      ['monzo', 'https://monzo.me/alex', false, true],
      ['revolut', 'https://revolut.me/alexr', false, false],
      ['paypal', 'https://paypal.me/AlexS/12.50EUR', true, false],
    ]);
    expect(repaymentLinks(handles, minorUnits(1200), JPY).find((l) => l.provider === 'paypal')?.url).toBe('https://paypal.me/AlexS/1200JPY');
    expect(repaymentLinks(handles, minorUnits(45000), IDR).find((l) => l.provider === 'paypal')).toMatchObject({ url: 'https://paypal.me/AlexS', amountFilled: false, otherCurrency: true });
  });

  it('stay what they were for pounds', () => {
    expect(repaymentLinks(handles, minorUnits(1234), GBP, 'The Crown').map((l) => l.url)).toEqual([
      'https://monzo.me/alex/12.34?d=The%20Crown',
      'https://revolut.me/alexr',
      'https://paypal.me/AlexS/12.34GBP',
    ]);
  });
});

describe('messages in the bill’s currency', () => {
  it('name every amount in it', () => {
    expect(paymentRequestText({ dinerName: 'Ann', payeeName: 'Alex', currency: JPY, amount: minorUnits(1200), items: ['Ramen'] })).toBe(
      'Hi Ann! Your share is JP¥1,200 (Ramen). Your items and how to pay Alex:',
    );
    expect(paymentRequestText({ dinerName: 'Ben', payeeName: 'Alex', currency: JPY, amount: minorUnits(1992), items: ['Sushi'], alsoIn: '£10.36' })).toBe(
      'Hi Ben! Your share is JP¥1,992 or £10.36 (Sushi). Your items and how to pay Alex:',
    );
    expect(reminderText({ payeeName: 'Alex', billLabel: 'Taverna', currency: KWD, unpaid: [{ name: 'Ann', amount: minorUnits(4500) }], wholeBillUrl: 'https://x/b/1' })).toContain(
      '• Ann: KWD\u00a04.500',
    );
  });

  it('say by how much a share was rounded up, in the currency', () => {
    const split = billSplit(aBill().withDiners('a', 'b', 'c').withItem('i', 100, ['a', 'b', 'c']).build());
    expect(roundingNote(split.shares[0]!, JPY)).toBe('pays under JP¥1 more than an exact split, so the amounts add up');
    expect(roundingNote(split.shares[0]!, EUR)).toBe('pays under €0.01 more than an exact split, so the amounts add up');
    expect(roundingNote(split.shares[0]!, GBP)).toBe('pays 0.67p more than an exact split, so the pennies add up');
  });
});

describe('typed amounts in the bill’s currency', () => {
  it('read a tip in whole yen and refuse a negative one in the currency’s words', () => {
    expect(readTipAmount('500', JPY)).toEqual({ ok: true, pence: 500 });
    expect(readTipAmount('-1', EUR)).toEqual({ ok: false, message: 'Enter an amount of €0.00 or more.' });
    expect(readTipAmount('-1', GBP)).toEqual({ ok: false, message: 'Enter an amount of £0.00 or more.' });
  });

  it('read a missed line in dinars to the thousandth', () => {
    const line = missedLine('m', 'Mezze', '4.5', KWD);
    expect(line.ok && line.value.pricePence).toBe(4500);
  });

  it('bring a reading’s hundredths to whole yen, the printed total too', () => {
    const read = rescaleReview([reviewLine('1', 'Ramen', minorUnits(120000), 'item')], minorUnits(240000), 2, 0);
    expect(read.lines[0]!.pricePence).toBe(1200);
    expect(read.totalPence).toBe(2400);
  });
});

describe('the bill’s currency on every path', () => {
  const receipt = (currency: CurrencyCode, price: number): Bill => ({
    currency,
    name: null,
    items: [{ id: 'i', name: 'Ramen', pricePence: minorUnits(price), kind: 'item', assignedTo: ['a', 'b'] }],
    diners: [
      { id: 'a', name: 'Ann' },
      { id: 'b', name: 'Bob' },
    ],
    tipPence: minorUnits(0),
    tipSplit: 'equal',
    tipSharers: 'allDiners',
    payerId: null,
  });
  const stamp = { receiptId: 'r', timestamp: NOW.toISOString() };

  it('writes the CSV with the currency’s decimals and names the currency unless it is pounds', () => {
    const csv = (r: Bill) => {
      const made = exportBill(r, stamp, 'csv');
      if (!made.ok) throw new Error(made.error);
      return made.value.content.split('\r\n');
    };
    expect(csv(receipt(JPY, 1201)).slice(0, 2)).toEqual(['Item,Price (JPY),Assigned To,Share Amount (JPY)', 'Ramen,1201,"Ann, Bob","601, 600"']);
    expect(csv(receipt(KWD, 4501))[1]).toBe('Ramen,4.501,"Ann, Bob","2.251, 2.250"');
    expect(csv(receipt(GBP, 1201)).slice(0, 2)).toEqual(['Item,Price,Assigned To,Share Amount', 'Ramen,12.01,"Ann, Bob","6.01, 6.00"']);
    const json = exportBill(receipt(JPY, 1201), stamp, 'json');
    expect(json.ok && JSON.parse(json.value.content).currency).toBe('JPY');
  });

  it('keeps it in the stored bill, and refuses a code that is no currency', () => {
    const request = { currency: 'JPY', tipPence: 0, diners: [{ id: 'a', name: 'Ann' }], items: [{ name: 'Ramen', pricePence: 1200, assignedTo: ['a'] }] };
    const random = (n: number) => new Uint8Array(n).fill(7);
    const stored = storedReceiptOf(request, random);
    expect(stored.ok && stored.value.stored.bill.currency).toBe('JPY');
    expect(storedReceiptOf({ ...request, currency: undefined }, random)).toMatchObject({ ok: true, value: { stored: { bill: { currency: 'GBP' } } } });
    expect(storedReceiptOf({ ...request, currency: 'YEN' }, random)).toEqual({ ok: false, error: 'Invalid share packet format' });
  });

  it('keeps it in the live bill and on the wire to every phone', () => {
    const made = newLiveBill(aTableBill().inCurrency(KWD).build(), anOpening(), 'bill1', NOW);
    if (!made.ok) throw new Error(made.error);
    const onThePhone = readLiveBill(JSON.parse(JSON.stringify(liveBillToWire(made.value))));
    expect(onThePhone?.currency).toBe('KWD');
    expect(liveTotals(onThePhone!).split.totalPence).toBe(liveTotals(made.value).split.totalPence);
    expect(
      newLiveBill(
        aTableBill()
          .inCurrency('kwd' as CurrencyCode)
          .build(),
        anOpening(),
        'b',
        NOW,
      ),
    ).toEqual({ ok: false, error: 'bad_bill' });
    expect(readLiveBill({ ...liveBillToWire(made.value), currency: undefined })?.currency).toBe('GBP');
  });

  it('keeps the organiser’s rate with the stored bill: each page shows its part of the converted total, and what is left after a part payment', () => {
    const request = {
      currency: 'JPY',
      tipPence: 0,
      diners: [
        { id: 'a', name: 'Aki' },
        { id: 'b', name: 'Ben' },
      ],
      items: [
        { name: 'Ramen', pricePence: 1693, assignedTo: ['a'] },
        { name: 'Sushi', pricePence: 1992, assignedTo: ['b'] },
      ],
    };
    const storedAt = (bill: BillSketch, payBackRate: string) => newStoredBill(billOf(bill), { payBackRate }, (n) => crypto.getRandomValues(new Uint8Array(n)));
    const stored = storedAt(request, '0.0052');
    if (!stored.ok) throw new Error(stored.error);
    const { stored: receipt, dinerIds } = stored.value;
    expect(receipt.payBack).toEqual({ currency: 'GBP', rate: '0.0052' });
    const pages = ['a', 'b'].map((id) => dinerBreakdown(receipt, dinerIds.get(id)!));
    // ¥3,685 is £19.16: 880.36p and 1035.84p, the spare penny to the larger remainder.
    expect(pages.map((p) => p.ok && p.value.converted)).toEqual([
      { currency: 'GBP', totalPence: 880 },
      { currency: 'GBP', totalPence: 1036 },
    ]);
    const ben = pages[1]!;
    if (!ben.ok) throw new Error(ben.error);
    expect(leftAtRate(receipt, ben.value, minorUnits(1992))).toEqual({ currency: 'GBP', amount: 1036 });
    expect(leftAtRate(receipt, ben.value, minorUnits(992))).toEqual({ currency: 'GBP', amount: 516 });
    expect(storedAt(request, 'lots')).toEqual({ ok: false, error: 'Enter the rate as a number greater than 0, such as 0.86.' });
    // A bill already in pounds has no rate to keep.
    const pounds = storedAt({ ...request, currency: 'GBP' }, '0.0052');
    expect(pounds.ok && pounds.value.stored.payBack).toBeNull();
  });
});
