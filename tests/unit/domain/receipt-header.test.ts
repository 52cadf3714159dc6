import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyOf } from '../../../domain/scanning/receipt-currency';
import { dateOf, isoDate } from '../../../domain/scanning/receipt-date';
import { merchantOf } from '../../../domain/scanning/receipt-merchant';
import { parseReceiptText } from '../../../domain/scanning/receipt-parser';

describe('merchantOf', () => {
  it('takes the first header row that names something, passing over the address, phone and tax number', () => {
    expect(merchantOf(['#22', 'Koho Restaurant', 'Level 3, Vancouver Airport', 'Phone (604)231-9383', 'Burger    9.99'])).toBe('Koho Restaurant');
    expect(merchantOf(['Thank You For Dining!', 'Red Robin Gourmet Burgers', '14090 Worth Ave'])).toBe('Red Robin Gourmet Burgers');
    expect(merchantOf(['VAT Reg: 123456789', 'www.example.com', 'TABLE No. 4', '*IBERIA RESTAURANT*'])).toBe('IBERIA RESTAURANT');
  });

  it('reads the name after "Welcome to", on its row or the next', () => {
    expect(merchantOf(['WELCOME TO', 'CIRCLE K', '979 OAK HARBOR BLV'])).toBe('CIRCLE K');
    expect(merchantOf(['Welcome to Safeway'])).toBe('Safeway');
  });

  it('keeps a name with a street word but no number ("One Mill Street"), and one OCR put a figure in', () => {
    expect(merchantOf(['ONE MILL STREET', '(978)738-8900'])).toBe('ONE MILL STREET');
    expect(merchantOf(['Crone Plaza Dunda1k', 'Green Park'])).toBe('Crone Plaza Dunda1k');
    expect(merchantOf(['14-15 Hoxton Market', 'London N1 6HG'])).toBeNull();
  });

  it('is null when the rows start with the items (a photo of the lines only)', () => {
    expect(merchantOf(['COCONUT JELLY    4,000', 'TOTAL    28,000'])).toBeNull();
    expect(merchantOf(['Fish and Chips    £9.50'])).toBeNull();
    expect(merchantOf([])).toBeNull();
  });
});

describe('currencyOf', () => {
  it('reads signs and codes that name one currency', () => {
    expect(currencyOf(['Fish    £9.50']).currency).toBe('GBP');
    expect(currencyOf(['Pasta    €12,50']).currency).toBe('EUR');
    expect(currencyOf(['TOTAL EUR    12.50']).currency).toBe('EUR');
    expect(currencyOf(['Total Incl. GST    RM    15.00']).currency).toBe('MYR');
    expect(currencyOf(['Cash    Rp.111,000']).currency).toBe('IDR');
    expect(currencyOf(['TotalAED    45.00']).currency).toBe('AED');
    expect(currencyOf(['PANEER MAKHNI    e13.95', 'Total    e53.20']).currency).toBe('EUR');
  });

  it("takes a bare $ as US dollars, unless the amounts are another country's dollars", () => {
    expect(currencyOf(['Iced Tea    $2.50']).currency).toBe('USD');
    expect(currencyOf(['Laksa    12.00', 'TOTAL    S$ 12.00']).currency).toBe('SGD');
    expect(currencyOf(['Flat white    A$4.50', 'Total    A$4.50']).currency).toBe('AUD');
    expect(currencyOf(['A$100 GIFT CARD', 'Total    $14.15']).currency).toBe('USD');
  });

  it('falls back on where the shop is, then on decimal commas', () => {
    expect(currencyOf(['Tasty n Sons', 'Portland, OR 97212', 'Eggs    12.00']).currency).toBe('USD');
    expect(currencyOf(['Five Guys', 'MinneapolisMN55414']).currency).toBe('USD');
    expect(currencyOf(['The Vine', 'Leicestershire LE65 2FH', 'Soup    5.95']).currency).toBe('GBP');
    expect(currencyOf(['GERBANG ALAF RESTAURANTS SDN BHD']).currency).toBe('MYR');
    expect(currencyOf(['Tort Gratinati    8,90', 'Penne    9,90', 'Cola    2.90']).currency).toBe('EUR');
  });

  it('with no sign printed, guesses from the place as a person would, and says it is a guess', () => {
    const guess = (rows: string[]) => currencyOf(rows);
    expect(guess(['TESCO STORES LTD', 'Milk    1.15', 'TOTAL    1.15'])).toEqual({ currency: 'GBP', guessed: true });
    expect(guess(['MORRISONS', 'Bread    0.95'])).toEqual({ currency: 'GBP', guessed: true });
    expect(guess(['The Crown', 'Tel: +44 20 7946 0000', 'Ale    4.50'])).toEqual({ currency: 'GBP', guessed: true });
    expect(guess(['Cafe de Jaren', 'Nieuwe Doelenstraat 20', '1012 CP Amsterdam', 'Koffie    2,80'])).toEqual({ currency: 'EUR', guessed: true });
    expect(guess(['The Brazen Head', 'Bridge St, Dublin D08 WC64', 'Guinness    5.90'])).toEqual({ currency: 'EUR', guessed: true });
    expect(guess(['VAT Reg No GB 123 4567 89', 'Soup    5.95'])).toEqual({ currency: 'GBP', guessed: true });
    expect(guess(['ABN 12 345 678 901', 'Flat white    4.50'])).toEqual({ currency: 'AUD', guessed: true });
    expect(guess(['Fish    £9.50', 'Dublin'])).toEqual({ currency: 'GBP', guessed: false });
  });

  it('takes no time, year, measure or price for a postcode or a phone number', () => {
    expect(currencyOf(['Opened 1030 AM', 'Water 1500 ML    1.00', 'Total    1.00    0012.50']).currency).toBeNull();
  });

  it('is null when nothing says, or two currencies are named as often', () => {
    expect(currencyOf(['La Banca', 'Pasta    8.95', 'Total to Pay    77.50']).currency).toBeNull();
    expect(currencyOf(['Total    £10.00', 'Total    €11.60']).currency).toBeNull();
  });
});

describe('dateOf', () => {
  it('reads the day first on UK and European receipts, the month first on US ones', () => {
    expect(dateOf(['03/04/2016 1:11PM'], 'GBP')).toBe('2016-04-03');
    expect(dateOf(['03/04/2016 1:11PM'], null)).toBe('2016-04-03');
    expect(dateOf(['03/04/2016 1:11PM'], 'USD')).toBe('2016-03-04');
    expect(dateOf(['22.11.2014 20:21'], 'USD')).toBe('2014-11-22');
  });

  it('lets a figure over 12 on the receipt decide the order', () => {
    expect(dateOf(['DATE : 12/28/2017 10:17:32 PM'], 'MYR')).toBe('2017-12-28');
    expect(dateOf(['15/10/2016', 'printed 03/04/2016'], 'USD')).toBe('2016-10-15');
  });

  it('reads a time OCR glued to the year, two-figure years, year-first dates and month names', () => {
    expect(dateOf(['REG JULIE 22-11-201420:21'], 'GBP')).toBe('2014-11-22');
    expect(dateOf(['Date:10/01/1414:03'], null)).toBe('2014-01-10');
    expect(dateOf(['2010-09-15 12:44'], 'EUR')).toBe('2010-09-15');
    expect(dateOf(['27Apr1317:51'], null)).toBe('2013-04-27');
    expect(dateOf(['Date:Mar 05,2017 Time:08:40PM'], 'USD')).toBe('2017-03-05');
    expect(dateOf(['jeudi23juin2016    14:42'], null)).toBe('2016-06-23');
    expect(dateOf(['11-Dec-20147:50:45P'], 'USD')).toBe('2014-12-11');
  });

  it('is null without a date, and never takes a price or a phone number for one', () => {
    expect(dateOf(['2 SET 10.00', 'Tel: 02/511.89.82', 'Total    10.00'], null)).toBeNull();
    expect(dateOf(['31/02/2016'], 'GBP')).toBeNull();
  });

  it("reads back any date printed in the receipt's order", () => {
    const day = fc.date({ min: new Date('1995-01-01T00:00:00Z'), max: new Date('2094-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(day, fc.constantFrom('/', '-'), fc.boolean(), (when, sep, american) => {
        const [y, m, d] = [when.getUTCFullYear(), when.getUTCMonth() + 1, when.getUTCDate()];
        const two = (n: number) => String(n).padStart(2, '0');
        const printed = american ? [two(m), two(d), y].join(sep) : [two(d), two(m), y].join(sep);
        expect(dateOf([`Server: Sam    ${printed} 12:30`], american ? 'USD' : 'GBP')).toBe(isoDate(y, m, d));
      }),
    );
  });
});

describe('parseReceiptText', () => {
  it('reports the merchant, the date and the currency beside the lines', () => {
    const reading = parseReceiptText(['The Vine', '12 Bath Street', 'LE65 2FH', '22-11-2014 20:21', 'CHEESE START    5.95', 'TOTAL    5.95'].join('\n'));
    expect(reading).toMatchObject({ merchant: 'The Vine', date: '2014-11-22', currency: 'GBP', totalPence: 595 });
  });
});
