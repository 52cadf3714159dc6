import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GBP, minorToMajorText } from '../../../domain/currency';
import { parseReceiptText } from '../../../domain/scanning/receipt-parser';

const summary = (text: string) => parseReceiptText(text).lines.map(({ label, pricePence, kind }) => [kind, label, pricePence]);

describe('parseReceiptText', () => {
  it('reads a UK restaurant bill: items, service, VAT, subtotal and total', () => {
    const reading = parseReceiptText(
      [
        'The Vine',
        'Ashby-De-La-Zouch',
        'REG JULIE 22-11-2014 20:21',
        'TABLE No. 13',
        '1 CHEESE START £5.95',
        '2 x Olive Marinate Con Pane £6.50',
        '1x Espinacas a la £ 7.50',
        'Subtotal £20.00',
        'Service charge 12.5% £2.50',
        'VAT 20% £3.75',
        'TOTAL £22.50',
        'Visa £22.50',
        'Change £0.00',
      ].join('\n'),
    );
    expect(reading.lines.map(({ label, pricePence, kind }) => [kind, label, pricePence])).toEqual([
      ['item', 'CHEESE START', 595],
      ['item', 'Olive Marinate Con Pane', 650],
      ['item', 'Espinacas a la', 750],
      ['subtotal', 'Subtotal', 2000],
      ['service', 'Service charge 12.5%', 250],
      ['vat', 'VAT 20%', 375],
      ['total', 'TOTAL', 2250],
    ]);
    expect(reading.totalPence).toBe(2250);
  });

  it('keeps the text as read in raw', () => {
    expect(parseReceiptText('| CHEESE START   £5.95').lines[0]?.raw).toBe('CHEESE START £5.95');
  });

  it('understands quantities written as 2 x, 2x, 1% (an x misread) and a unit price with @', () => {
    expect(summary('2 x Tarta de Santiago £11.00\n1% Alcachofas £6.95\n3 PORK CHOP @ 18.00 54.00')).toEqual([
      ['item', 'Tarta de Santiago', 1100],
      ['item', 'Alcachofas', 695],
      ['item', 'PORK CHOP', 5400],
    ]);
  });

  it('makes discounts negative, whether printed with a minus or only named', () => {
    expect(summary('Gourmet Society £-14.30\nStaff discount 2.00\nPromo 1.00-')).toEqual([
      ['discount', 'Gourmet Society', -1430],
      ['discount', 'Staff discount', -200],
      ['discount', 'Promo', -100],
    ]);
  });

  it('takes the price from the next line after a long name', () => {
    expect(summary('1 SURF AND TURF - 1 PERSON WITH\n£48.79')).toEqual([['item', 'SURF AND TURF - 1 PERSON WITH', 4879]]);
  });

  it('drops payment, contact and visit lines', () => {
    expect(summary('Tel 0121 454 5368 44.00\nCash £20.00\nCard payment 12.00\nTable 4 guests 2.00\n8 Items 31.80\n12 Mar 18 8:54 2.30')).toEqual([]);
  });

  it('drops item-looking rows printed after the total (payment and VAT summaries)', () => {
    expect(summary('Soup 4.00\nTotal 4.00\nVAT A 20% 0.67\nGift voucher ref 12 4.00')).toEqual([
      ['item', 'Soup', 400],
      ['total', 'Total', 400],
      ['vat', 'VAT A 20%', 67],
    ]);
  });

  it('drops item-looking rows printed after the payment (a summary by category)', () => {
    expect(summary('Pie 14.50\nBurger 12.00\nCash 50.00\nFood 26.50\nPayment 26.50\nChange Due 23.50')).toEqual([
      ['item', 'Pie', 1450],
      ['item', 'Burger', 1200],
    ]);
  });

  it('takes as total the one the lines add up to, not a later balance or tip suggestion', () => {
    const reading = parseReceiptText('Burger 8.69\nSoda 2.39\nSub Total 11.08\nSales Tax 0.87\nOrder Total 11.95\nBalance Remaining 18.09');
    expect(reading.totalPence).toBe(1195);
  });

  it('falls back to the first printed total when nothing adds up', () => {
    expect(parseReceiptText('Soup 4.00\nTotal 9.00\nTotal due 12.00').totalPence).toBe(900);
  });

  it('reports no total when none is printed', () => {
    expect(parseReceiptText('Soup 4.00\nBread 1.00').totalPence).toBeNull();
  });

  it('reads a service charge total as service, and a total including service as the total', () => {
    expect(summary('Steak 20.00\nSVC CHG TOTAL 2.50\nTotal incl service 22.50')).toEqual([
      ['item', 'Steak', 2000],
      ['service', 'SVC CHG TOTAL', 250],
      ['total', 'Total incl service', 2250],
    ]);
  });

  it('reads any printed list of items back with its total', () => {
    const word = fc.constantFrom('Pizza', 'Lamb', 'Cola', 'Salad', 'Chips', 'Risotto', 'Burger', 'Wine', 'Soup', 'Curry');
    const item = fc.record({ name: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')), price: fc.integer({ min: 0, max: 50_000 }), qty: fc.integer({ min: 1, max: 9 }) });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 15 }), fc.constantFrom('£', '$', ''), (items, sign) => {
        const total = items.reduce((s, i) => s + i.price, 0);
        const text = [...items.map((i) => `${i.qty} ${i.name}   ${sign}${minorToMajorText(i.price, GBP)}`), `TOTAL ${sign}${minorToMajorText(total, GBP)}`].join('\n');
        const reading = parseReceiptText(text);
        expect(reading.lines.filter((l) => l.kind === 'item').map((l) => [l.label, l.pricePence])).toEqual(items.map((i) => [i.name, i.price]));
        expect(reading.totalPence).toBe(total === 0 ? null : total);
      }),
    );
  });

  it('never throws and only ever yields the known kinds, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        for (const line of parseReceiptText(text).lines) expect(['item', 'service', 'vat', 'subtotal', 'total', 'discount']).toContain(line.kind);
      }),
    );
  });
});

describe('parseReceiptText on OCR slips and other countries’ receipts', () => {
  it('takes the total printed after a rounding adjustment, or the rounded total itself', () => {
    expect(parseReceiptText('Rice 10.00\nTotal (Inclusive of GST): 23.26\nRounding Adj: -0.01\nTOTAL: 23.25').totalPence).toBe(2325);
    expect(parseReceiptText('Muffin 11.00\nTakeOut Total (incl GST) 26.60\nTotal Rounded 26.60\nCash 100.00\nChange 73.40\nTOTAL INCLUDES 6% GST 1.51').totalPence).toBe(2660);
    expect(parseReceiptText('Soup 10.00\nRavioli 23.00\nTotal 33.00\nRounding Amount 0.01\nTendered 50.00').totalPence).toBe(3300);
  });

  it('without a total row, takes what was paid less the change', () => {
    expect(parseReceiptText('Donut 11.000\nCash 20.000\nChange 9.000').totalPence).toBe(1100000);
    expect(parseReceiptText('Cappuccino 2.30\nCash GBP 6.40').totalPence).toBe(640);
  });

  it('restores a $ read as 8 on a receipt priced in dollars', () => {
    expect(summary('Chicken 1 821.00\nLager 1 $3.00\nHedge 1 $10.00').map((l) => l[2])).toEqual([2100, 300, 1000]);
    expect(summary('Chicken 821.00\nLager 3.00').map((l) => l[2])).toEqual([82100, 300]);
  });

  it('reads an amount printed without decimals as whole units when the sum to the printed total says so', () => {
    const whole = parseReceiptText('Lamb Shank    52.00\nSea Bass    46.50\nWine    5.50\nTOTAL    104');
    expect(whole.totalPence).toBe(10400);
    // The same amount is a lost point when that is what adds up.
    const lost = parseReceiptText('Tea    0.52\nCake    0.52\nTOTAL    104\nCash    5.00');
    expect(lost.totalPence).toBe(104);
  });

  it('restores a decimal point lost in a column of prices, and a decimal comma read as a space', () => {
    expect(summary('Prosciutto Pizza        2200\nMargarita      24.00\nSalad    15.00').map((l) => l[2])).toEqual([2200, 2400, 1500]);
    expect(summary('Tapas Teller veget 16 40\nblanc de blancs 21.90\nWasser 5.30').map((l) => l[2])).toEqual([1640, 2190, 530]);
  });

  it('reads the word total with one letter misread', () => {
    expect(parseReceiptText('Soup 4.00\nBread 1.00\nGrand Tatal 6.00').totalPence).toBe(600);
    expect(parseReceiptText('Soup 4.00\nBread 1.00\nroTAL 6.00').totalPence).toBe(600);
  });

  it('reads prices whose 1s and 0s came out as l, I or O', () => {
    expect(summary('Pasta £l2.5O\nWine   1O.00\nBeer 4.50')).toEqual([
      ['item', 'Pasta', 1250],
      ['item', 'Wine', 1000],
      ['item', 'Beer', 450],
    ]);
  });

  it('reads whole-unit amounts after a column gap on a receipt printed without decimals', () => {
    const reading = parseReceiptText('J.STB BAKSO     17500\nY.B.BAT    46000\nTOTAL    63500\nCASH   63500');
    expect(reading.lines.map((l) => [l.kind, l.pricePence])).toEqual([
      ['item', 1750000],
      ['item', 4600000],
      ['total', 6350000],
    ]);
    expect(reading.totalPence).toBe(6350000);
  });

  it('joins a large-print total read on the row above its label', () => {
    expect(parseReceiptText('Rice £2.95\nKalamari £5.75\n8 Items\n|     8.70\nTOTAL     £8 |').totalPence).toBe(870);
  });

  it('without a total label, takes the first row that adds up the billed rows above it as the total', () => {
    const reading = parseReceiptText('OPL.05 RM 149.00\nOPL.04 RM 21.00\nCHSH\nRM 170.00');
    expect(reading.totalPence).toBe(17000);
    expect(reading.lines.filter((l) => l.kind === 'item')).toHaveLength(2);
  });

  it('without a total label, takes a net amount printed after the tax rows as the total, not one before them', () => {
    expect(parseReceiptText('Curry 47.80\nGross Amt 47.80\nSvr Tax 2.87\nGST (6%) 2.86\nNet Amt : 53.55').totalPence).toBe(5355);
    expect(parseReceiptText('Curry 47.80\nBread 2.20\nNet 50.00\nVAT 20% 10.00').totalPence).toBeNull();
  });

  it('drops what is left of a vertical rule and fixes digits inside words', () => {
    expect(summary('NN | $ Add Mushrooms   1.99\n1 Gr1ld Asparagus 13.00')).toEqual([
      ['item', 'Add Mushrooms', 199],
      ['item', 'Grlld Asparagus', 1300],
    ]);
  });

  const units = (text: string) =>
    parseReceiptText(text)
      .lines.filter((l) => l.kind === 'item')
      .map(({ label, pricePence, quantity, unitPricePence }) => [label, pricePence, quantity, unitPricePence]);

  it('carries quantity and unit price when the row prints them and they multiply out', () => {
    expect(units('2 @ 7.00    Peroni    14.00\n3 x Peroni    12.00\nSoup    2 x 2.50    5.00\nWine    2 x 4.00    9.00\nTOTAL    40.00')).toEqual([
      ['Peroni', 1400, 2, 700],
      ['Peroni', 1200, 3, 400],
      ['Soup', 500, 2, 250],
      ['Wine', 900, undefined, undefined],
    ]);
  });

  it('takes a quantity column printed hard against the names off them, with its unit price', () => {
    expect(units('QTY DESCRIPTION    PRICE AMOUNT\n1Local Mineral Water 2.50    2.50\n3SOUVLAKI KOTOPOULO    2.00    6.00\nIPATATES    3.00    3.00\nTOTAL    11.50')).toEqual([
      ['Local Mineral Water', 250, undefined, undefined],
      ['SOUVLAKI KOTOPOULO', 600, 3, 200],
      ['PATATES', 300, undefined, undefined],
    ]);
    // One such row alone is a name: "7UP".
    expect(units('7Up    1.50\nChips    2.00\nTOTAL    3.50').map(([label]) => label)).toEqual(['7Up', 'Chips']);
  });

  it('takes weights and units of sale off the names', () => {
    expect(units('0.48 COURGETTES GREEN    7.92\n1PK MUSHROOM-FINE/SMALL    5.50\n2BT MINERAL WATER    7.00\nTotal AED    20.42')).toEqual([
      ['COURGETTES GREEN', 792, undefined, undefined],
      ['MUSHROOM-FINE/SMALL', 550, undefined, undefined],
      ['MINERAL WATER', 700, 2, 350],
    ]);
  });

  it('reads tax flags after a price, currency prefixes glued to amounts, and colon decimals', () => {
    expect(summary('Milk    1.20 A\nBread    RM2.35\nEggs    £3.00 T1\nCoke    2:65\nTOTAL    9.20')).toEqual([
      ['item', 'Milk', 120],
      ['item', 'Bread', 235],
      ['item', 'Eggs', 300],
      ['item', 'Coke', 265],
      ['total', 'TOTAL', 920],
    ]);
    expect(summary('Open 9:00 till 17:30\nTea    2.00\nTOTAL    2.00').map(([, label]) => label)).toEqual(['Tea', 'TOTAL']);
  });

  it('keeps a brand name with "total" or a percentage as an item, and a false total does not drop the items after it', () => {
    const reading = parseReceiptText('Total Fitness Water    1.50\nMilk 2%    0.95\nTOTAL    0.50\nBread    1.10\nTOTAL    3.55\nVISA    3.55');
    expect(reading.lines.filter((l) => l.kind === 'item').map((l) => l.label)).toEqual(['Total Fitness Water', 'Milk 2%', 'Bread']);
    expect(reading.totalPence).toBe(355);
  });

  it('never takes payment, change, gift card, balance remaining or "you save" rows as items', () => {
    expect(summary('Burger    8.69\nItem Price 32.00    You Save 25.60\nOrderTotal    8.69\nGiftCard    8.69\nBalance Remaining:    18.05\nCash    10.00\nChange Due    1.31')).toEqual([
      ['item', 'Burger', 869],
      ['total', 'OrderTotal', 869],
    ]);
  });

  it('sells a card in a longer name, and takes one on a short row as payment', () => {
    expect(summary('CARD THANKS CROWN    5.99\nTOTAL    5.99\nCredit Card    5.99')).toEqual([
      ['item', 'CARD THANKS CROWN', 599],
      ['total', 'TOTAL', 599],
    ]);
  });

  it('drops a column of short codes before the names', () => {
    expect(summary('PR    CO-OP SOFT CHSE    1.05\nPR    CUBED BEEF    4.25\nPA    JERSEY ROYALS    1.00\nAMOUNT DUE    6.30').map(([, label]) => label)).toEqual([
      'CO-OP SOFT CHSE',
      'CUBED BEEF',
      'JERSEY ROYALS',
      'AMOUNT DUE',
    ]);
  });

  it('takes a tax row that says it is included in the total as tax, and "Total for 3 items" as the total', () => {
    const reading = parseReceiptText('Burger    10.50\nChips    3.90\nCoke    3.50\nTotal for 3 items    $17.90\nGST INCLUDED IN TOTAL    $1.62');
    expect(reading.totalPence).toBe(1790);
    expect(reading.lines.at(-1)).toMatchObject({ kind: 'vat', pricePence: 162 });
  });

  it('takes product codes, a glued weight and a glued quantity of one off the names', () => {
    expect(summary('400084751261 red/white flower p    4.99\n0.92LETTUCE-ICEBERG    12.42\n1GREY GOOSE    9.00\nChips    1.50\nTOTAL    27.91').map(([, label]) => label)).toEqual([
      'red/white flower p',
      'LETTUCE-ICEBERG',
      'GREY GOOSE',
      'Chips',
      'TOTAL',
    ]);
  });

  it('reads a tax class printed hard against the amount once the receipt shows a class column', () => {
    expect(summary('2x Pils    a 3,20    6,401\nApfelschorle    2,80 1\nSchnitzel    12,501\nSumme    EUR 21,70')).toEqual([
      ['item', 'Pils', 640],
      ['item', 'Apfelschorle', 280],
      ['item', 'Schnitzel', 1250],
      ['total', 'Summe', 2170],
    ]);
    // Without a class column, three decimals are thousands.
    expect(summary('Nasi Goreng    25.000\nEs Teh    8.000\nTOTAL    33.000').map(([, , p]) => p)).toEqual([2500000, 800000, 3300000]);
  });

  it('reads a tax class glued to every amount when three amounts or more end in the same digit', () => {
    expect(summary('4x Pils    a 3,00    12,001\nApfelschorle    2,801\nSchnitzel    12,501\nSumme    EUR 27,30')).toEqual([
      ['item', 'Pils', 1200],
      ['item', 'Apfelschorle', 280],
      ['item', 'Schnitzel', 1250],
      ['total', 'Summe', 2730],
    ]);
    // Thousands end in 0, and prices ending in one digit or another are not a column.
    expect(summary('Nasi Goreng    25.000\nEs Teh    8.000\nAyam    27.500\nTOTAL    60.500').map(([, , p]) => p)).toEqual([2500000, 800000, 2750000, 6050000]);
    expect(summary('Widget    1.995\nGadget    2.493\nThing    3.991\nFee    1.00\nTotal    9.50').map(([, , p]) => p)).not.toContain(199);
  });

  it('takes a unit of sale glued to the name off it when other rows print the unit column', () => {
    expect(summary('1PK SMOKED HAM    3.10\n2BT SPARKLING WATER    1.80\n1PKGREEN GRAPES    2.25\nTotal    7.15').map(([, label]) => label)).toEqual([
      'SMOKED HAM',
      'SPARKLING WATER',
      'GREEN GRAPES',
      'Total',
    ]);
  });

  it("keeps a bottle in a restaurant's item name, where no column of units is printed", () => {
    expect(summary('1 BTL House Red    24.00\n1 GLS House Red    6.00\n1BTL DRNK    1.65\n2 Margherita    18.00\nTotal    49.65').map(([, label]) => label)).toEqual([
      'BTL House Red',
      'GLS House Red',
      'BTL DRNK',
      'Margherita',
      'Total',
    ]);
  });

  it('reads quantities with a dash, unit prices glued to the name and a "was" price before it', () => {
    const reading = parseReceiptText('2-Onion Rings    3.38\n3@1.49DISH SOAP    4.47\nWAS 2.09 OAT BISCUITS    1.49\nTOTAL    9.34');
    expect(reading.lines.map(({ label, pricePence, quantity, unitPricePence }) => [label, pricePence, quantity, unitPricePence])).toEqual([
      ['Onion Rings', 338, 2, 169],
      ['DISH SOAP', 447, 3, 149],
      ['OAT BISCUITS', 149, undefined, undefined],
      ['TOTAL', 934, undefined, undefined],
    ]);
  });

  it('keeps a number joined by a dash in the name when the amount is not that many equal prices', () => {
    const reading = parseReceiptText('3-CHEESE MAC    $6.85\n2-Piece Cod    $9.00\nTotal    $15.85');
    expect(reading.lines.map(({ label, quantity }) => [label, quantity])).toEqual([
      ['3-CHEESE MAC', undefined],
      ['Piece Cod', 2],
      ['Total', undefined],
    ]);
  });

  it('takes a column of £ signs read as E off the names, but keeps a name that ends in E on its own', () => {
    expect(summary('1x Fideua Mixta    E    17.00\n1x Croquetas de Pulpo E    5.50\n1x 330ml Coke    E    2.95\nVitamin E    E    3.00\nTotal    E    28.45')).toEqual([
      ['item', 'Fideua Mixta', 1700],
      ['item', 'Croquetas de Pulpo', 550],
      ['item', '330ml Coke', 295],
      ['item', 'Vitamin E', 300],
      ['total', 'Total', 2845],
    ]);
    expect(summary('Vitamin E    3.00\nTotal    3.00')[0]).toEqual(['item', 'Vitamin E', 300]);
  });

  it('takes a column of € signs read as e off the names', () => {
    expect(summary('CHICKEN JALFREZI e 15.95\nPANEERMAKHNI e 13.95\nPILAU RICE e 3.50\nTotal e 33.40')).toEqual([
      ['item', 'CHICKEN JALFREZI', 1595],
      ['item', 'PANEERMAKHNI', 1395],
      ['item', 'PILAU RICE', 350],
      ['total', 'Total', 3340],
    ]);
  });

  it('reads one quantity per row, and keeps the figures of a name the till cut short', () => {
    const line = parseReceiptText('2x 2 Tapas for £7.50...    15.00\nTotal    15.00').lines[0]!;
    expect([line.label, line.quantity, line.unitPricePence]).toEqual(['2 Tapas for £7.50', 2, 750]);
  });

  it('reads a cover charge printed with a count as that many covers, and one without as a charge on the bill', () => {
    const counted = parseReceiptText('2XCOPERTO    5,00\nPRIMO    15,00\nTOTALE    20,00').lines[0]!;
    expect([counted.kind, counted.label, counted.quantity, counted.unitPricePence]).toEqual(['item', 'COPERTO', 2, 250]);
    expect(parseReceiptText('COPERTO    5,00\nPRIMO    15,00\nTOTALE    20,00').lines[0]!.kind).toBe('service');
  });

  it('knows tax, service, subtotal, savings and total rows whose words OCR ran together', () => {
    expect(summary('Fish    9.00\nSubtotale    9.00\nSERVICECHARGE    1.13\nFOODTAX    0.50\nMfr.eCoupon    1.00\nRegPrice 12.00    CardSav 2.00\nTOTALGBP    9.63')).toEqual([
      ['item', 'Fish', 900],
      ['subtotal', 'Subtotale', 900],
      ['service', 'SERVICECHARGE', 113],
      ['vat', 'FOODTAX', 50],
      ['discount', 'Mfr.eCoupon', -100],
      ['total', 'TOTAL', 963],
    ]);
  });

  it('knows keywords followed by a figure with no space, and cash in other languages', () => {
    expect(summary('Guest2    $0.00\nRisotto    14.00\nSERVIZIO10%    1.40\nRegPrice15.00    CardSav1.00\nTOTALE    15.40\nCONTANTI    20.00')).toEqual([
      ['item', 'Risotto', 1400],
      ['service', 'SERVIZIO10%', 140],
      ['total', 'TOTALE', 1540],
    ]);
  });

  it('takes a later total that adds the gratuity or tax rows after the first, to the whole unit after a dropped rounding row', () => {
    expect(parseReceiptText('Wine    100.00\nSubtotal    100.00\nTotal    100.00\nGratuity 18%    18.00\nTotal    118.00\nHouse Acct    118.00').totalPence).toBe(11800);
    expect(parseReceiptText('Dosa    80.00\nIdli    20.00\nTotal    100.00\nService Tax    5.60\nVAT 2%    2.00\nRound off    0.40\nNet Amount    108.00').totalPence).toBe(10800);
    // A net amount smaller than the total is the amount before tax, not the one to pay.
    expect(parseReceiptText('Pils    10,00\nSumme    EUR 10,00\nNetto    8,40\nMwSt 19%    1,60').totalPence).toBe(1000);
  });

  it('names a row that prints only an item number and a quantity by the name above it', () => {
    expect(summary('PANCAKE MIX\n36410    1x    9.99    9.99 Z\nTOTAL    9.99').map(([, label, p]) => [label, p])).toEqual([
      ['PANCAKE MIX', 999],
      ['TOTAL', 999],
    ]);
  });

  it('reads cents printed without a leading 0, and takes the number after a "No" label for no price', () => {
    expect(summary('kot No .01\nBill Nr. 12.34\n1ZAPPS REGULAR 2Z    .99B\nSUBTOTAL    .99\nLA4.5%TAX    .04\nTOTAL    1.03')).toEqual([
      ['item', 'ZAPPS REGULAR 2Z', 99],
      ['subtotal', 'SUBTOTAL', 99],
      ['vat', 'LA4.5%TAX', 4],
      ['total', 'TOTAL', 103],
    ]);
  });

  it('takes a fee row as a charge on the whole bill, like service', () => {
    expect(summary('Burrata    12.50\nDelivery Fee    2.50\nMunicipality Fee    1.38\nTotal    16.38')).toEqual([
      ['item', 'Burrata', 1250],
      ['service', 'Delivery Fee', 250],
      ['service', 'Municipality Fee', 138],
      ['total', 'Total', 1638],
    ]);
  });

  it('takes the figure after a date or a year for the time, not a price read with a colon', () => {
    expect(summary('Paris Las Vegas\n10/21/2014    19:41\njeudi23juin2016    14:42\nBread    3.00\nPinot Noir    2:65\nTOTAL    5.65')).toEqual([
      ['item', 'Bread', 300],
      ['item', 'Pinot Noir', 265],
      ['total', 'TOTAL', 565],
    ]);
  });

  it('takes a net total (before VAT, "NetTotal" as OCR runs it together) for a subtotal, not the total', () => {
    const reading = parseReceiptText('1Cappuccino Small    2.30\n1Pain Au Raisin    1.80\n0.68VAT20    4.10\nNetTotal:    GBP3.42\nSubtotal    GBP 4.10\nPayment    GBP4.10');
    expect(reading.lines.find((l) => l.label === 'NetTotal')?.kind).toBe('subtotal');
    expect(reading.totalPence).toBe(410);
  });

  it('takes a bare figure after the amount for a smudge, unless it is a count of that amount with the point lost', () => {
    expect(summary('Phulka    40    240.00\nButter Naan.    75    75.00    333\nCola 2 @ 1.25    250').map(([, label, p]) => [label, p])).toEqual([
      ['Phulka', 24000],
      ['Butter Naan', 7500],
      ['Cola', 250],
    ]);
  });

  it("takes a weight's unit off a name only when it is a word of its own, so a name starting with G or KG keeps it", () => {
    expect(summary('0.21 GINGER CHINA    2.84\n0.5 kg CARROTS    1.20\n0.38CARROT LOOSE    1.43').map(([, label]) => label)).toEqual(['GINGER CHINA', 'CARROTS', 'CARROT LOOSE']);
  });

  it('reads a 0 starting a word as an O, and leaves figures alone', () => {
    expect(summary('1 0live Marinate Con Pane    6.50\n0NION RINGS    3.00\n330ml Coke 0.0%    2.95').map(([, label]) => label)).toEqual(['Olive Marinate Con Pane', 'ONION RINGS', '330ml Coke 0.0%']);
  });

  it('takes a name that starts with the letters of a tax word for an item, and a tax row for tax', () => {
    expect(summary('Mustard    $0.00\nIvan Burger    $8.69\nGSTCA    $0.43\nTAX1    $0.10\nTaxes    $0.05\nTotal    $9.27')).toEqual([
      ['item', 'Mustard', 0],
      ['item', 'Ivan Burger', 869],
      ['vat', 'GSTCA', 43],
      ['vat', 'TAX1', 10],
      ['vat', 'Taxes', 5],
      ['total', 'Total', 927],
    ]);
  });

  it('puts the point back in an amount that is the rate times the quantity printed before it', () => {
    expect(summary('Buns    15    1    15.00\nChapati Thali    110    1    11000\nSheera    30    2    12345\nFood Total    185.00').map(([, label, p]) => [label, p])).toEqual([
      ['Buns', 1500],
      ['Chapati Thali', 11000],
      ['Food Total', 18500],
    ]);
  });

  it('reads TX and TXTL as tax, and takes an unlabelled row that is the items plus that tax for the total', () => {
    const reading = parseReceiptText('1SFT DRNK    1.65\n1CHICKEN&2VEG    7.25\nTXTL    0.89\nTOTL    9.79\nCASH    10.00');
    expect(reading.lines.map(({ kind, label }) => [kind, label])).toEqual([
      ['item', 'SFT DRNK'],
      ['item', 'CHICKEN&2VEG'],
      ['vat', 'TXTL'],
      ['total', 'TOTL'],
    ]);
    expect(reading.totalPence).toBe(979);
  });

  it('knows the word amount with one letter misread for a total, and not account', () => {
    const reading = parseReceiptText('Phulka    240.00\nButter Naan    75.00\nPay Aeount:    315.00\nAccount    315.00');
    expect(reading.lines.map(({ kind, label }) => [kind, label])).toEqual([
      ['item', 'Phulka'],
      ['item', 'Butter Naan'],
      ['total', 'Pay Aeount'],
    ]);
    expect(reading.totalPence).toBe(31500);
  });
});
