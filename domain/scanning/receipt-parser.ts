import { minorUnits, type MinorUnits } from '../money';
import { trailingAmount, type TrailingAmount } from './receipt-amount';
import { BILLED_KINDS, isCountedQuantity, kindGivenCount, pricedSum, type PricedLines, type ReceiptLine, type ReceiptLineKind, type ReceiptReading } from './receipt-line';
import { headerOf } from './receipt-header';
import { choosePrintedTotal } from './receipt-reconcile';
import { repairMisreadPrice } from './receipt-repair';
import { kindsFromSums } from './receipt-sum-rows';

/**
 * Turns the text of a receipt (OCR output, one printed row per line) into priced lines, and who
 * printed it, when and in what money. General rules only: a row is priced by the amount at its
 * end; its words decide its kind; rows about payment, the venue or the visit are not part of the
 * bill and are dropped.
 */
export function parseReceiptText(text: string): ReceiptReading {
  return parseReceiptRows(text.split(/\r?\n/));
}

/** The same from rows already apart (the local reader's laid-out rows): they are not joined into text to be split again. */
export function parseReceiptRows(rows: readonly string[]): ReceiptReading {
  const priced = repairMisreadPrice(kindsFromSums(readRows(rows, 'hundredths')));
  return { ...(addsUp(priced) ? priced : wholeUnitsIfTheyAddUp(rows, priced)), ...headerOf(rows) };
}

/**
 * An amount printed without its decimals among amounts with them ("TOTAL   104" under "12.50"s) is
 * read as hundredths whose point was too faint to read (1.04); but a till may print whole units
 * so. When the lines do not add up to the printed total that way and do with such amounts read
 * as whole units (104.00), the receipt's own sum says which.
 */
function wholeUnitsIfTheyAddUp(rows: readonly string[], asHundredths: PricedLines): PricedLines {
  const asWhole = repairMisreadPrice(kindsFromSums(readRows(rows, 'whole')));
  return addsUp(asWhole) ? asWhole : asHundredths;
}

function addsUp({ lines, totalPence }: PricedLines): boolean {
  return totalPence !== null && pricedSum(lines, (l) => BILLED_KINDS.has(l.kind)) === totalPence;
}

/** How an amount printed without decimals after a column gap ("Pizza      2200") is read on a receipt of decimal amounts. */
type PointlessAmounts = 'hundredths' | 'whole';

function readRows(rows: readonly string[], pointless: PointlessAmounts): PricedLines {
  const lines: ReceiptLine[] = [];
  let pendingName: string | null = null;
  const usesDecimals = rows.filter((r) => DECIMAL_AMOUNT.test(r)).length >= 2;
  // Where a rounding adjustment is printed, the total after it is the one to pay; without any
  // total row, what was paid less the change is.
  let roundedAfter = -1;
  let roundedTotal: MinorUnits | null = null;
  let paid = 0;
  let change = 0;
  // Rows after what was paid are summaries of the bill (by category, by VAT rate), not items.
  let paymentAt = Number.POSITIVE_INFINITY;
  const usesDollars = rows.filter((r) => DOLLAR_AMOUNT.test(r)).length >= 2;
  const flagged = usesDecimals && hasTaxFlagColumn(rows);
  const restored = rows
    .map((r) => (flagged ? r.replace(GLUED_FLAG_DIGIT, '$1') : r))
    .map(fixLettersInPrice)
    .map((r) => (usesDecimals ? restoreDecimalPoint(r, pointless) : r.replace(WHOLE_AMOUNT, '$1$2.00')))
    .map((r) => (usesDollars ? r.replace(DOLLAR_READ_AS_8, '$1$$$2') : r));
  const cleaned = raiseTotalsAboveLabels(restored.map(cleanRow).filter((r) => r !== ''));
  const quantityColumn = hasGluedQuantityColumn(cleaned);
  const unitColumn = hasUnitColumn(cleaned);
  const codeColumn = leadingCodeColumn(cleaned);
  const currencyColumn = hasCurrencyColumn(cleaned);
  for (const row of cleaned) {
    const amount = pricedRow(codeColumn === null ? row : row.replace(codeColumn, ''), currencyColumn);
    if (amount === null) {
      // A long name may wrap, with its price alone on the next row.
      pendingName = hasWords(row) && !WHEN.test(row) ? row : null;
      continue;
    }
    let named = cleanLabel(amount.before, amount.pence, quantityColumn, unitColumn);
    let raw = row;
    // The row under a long name may print its quantity and unit price ("2 @ 7.00   14.00"), or its
    // item number and quantity ("40434K  1x  29.98  29.98 A"): no word of two letters.
    if ((!hasWords(named.label) || !/[A-Za-z]{2}/.test(named.label)) && pendingName !== null) {
      const units = unitsOf(undefined, ` ${amount.before}`, amount.pence);
      named = { ...cleanLabel(pendingName, amount.pence, quantityColumn, unitColumn), ...units };
      raw = `${pendingName} ${row}`;
    }
    const { label, ...units } = named;
    pendingName = null;
    if (!hasWords(label)) continue;
    // "Total Rounded" is the bill; "Rounding Amount" is the adjustment, not an amount to pay.
    if (ROUNDING.test(label) && TOTAL.test(label.replace(AMOUNT_WORD, '')) && amount.pence > 0) roundedTotal = amount.pence;
    else if (ROUNDING.test(label)) roundedAfter = lines.length;
    if ((PAYMENT.test(label) || isCardPayment(label)) && !CHANGE.test(label) && amount.pence > 0) {
      paid = Math.max(paid, amount.pence);
      paymentAt = Math.min(paymentAt, lines.length);
    }
    if (CHANGE.test(label) && amount.pence > 0) change = amount.pence;
    const countsItems = STARTS_WITH_TOTAL.test(label) && /items?\b/i.test(label);
    const notTheBill = (NOT_THE_BILL.test(amount.before) && !countsItems) || isCardPayment(amount.before) || NUMBER_LABEL.test(amount.before);
    const read = notTheBill ? null : kindOf(label, amount.pence);
    if (read === null) continue;
    const kind = kindGivenCount(read, units.quantity);
    const pricePence = kind === 'discount' && amount.pence > 0 ? minorUnits(-amount.pence) : amount.pence;
    lines.push(kind === 'item' ? { raw, label, pricePence, kind, ...units } : { raw, label, pricePence, kind });
  }
  const reading = settle(lines.filter((l, i) => i < paymentAt || l.kind !== 'item'));
  if (roundedTotal !== null) return { ...reading, totalPence: roundedTotal };
  const afterRounding = roundedAfter >= 0 ? lines.slice(roundedAfter).find((l) => l.kind === 'total' && (l.pricePence ?? 0) > 0) : undefined;
  if (afterRounding) return { ...reading, totalPence: afterRounding.pricePence };
  if (reading.totalPence === null && paid - change > 0) return { ...reading, totalPence: minorUnits(paid - change) };
  return reading;
}

const ROUNDING = /\bround(ing|ed)?\b/i;
const AMOUNT_WORD = /\b(amount|amt)\b/gi;
const PAYMENT = /\b(cash|visa|master\s*card|mastercard|amex|debit|credit|tender(ed)?|paid|payment|contactless|gift\s*card)\b/i;
const CHANGE = /\bchange\b/i;

// A keyword may be followed by a figure with no space between ("Guest1", "RegPrice13.96").
const NOT_THE_BILL =
  /\b(cash|contant[ei]|bargeld|efectivo|change|visa|master\s*card|mastercard|amex|maestro|debit|credit|tender(ed)?|paid|payment|contactless|tel|phone|fax|date|time|table|guests?|server|cashier|invoice|auth|approval|ref|terminal|trans(action)?|www|http|rounding|round(ed)?|points?|suggested|guide|account|acct|qty|items?\s*(sold|count)|no\s+of\s+items|deposit|receipt|thank\s*you|thanks\s+for|\d+\s*items?|items|remaining|you\s*s[ao]ve?d?|reg(ular)?\.?\s*price|ite[mn]\s*pr[il1]ce|gift\s*card)(?=\b|\d)/i;
const SUBTOTAL = /\b(sub[\s-]?totale?|net\s*total|subtot|sub\s*ttl|item\s*total|net(to|t)?|(food|bar|drinks?)\s*total|total\s*(excl?|before|net)|zwischensumme)\b/i;
// "Tatal", "roTAL", "T0TA1": the word total with one letter misread; "Aeount", "AHOUNT": amount so.
const TOTAL = /(?:\b|(?<=[a-z]))(total|\w?[o0a]ta[l1I]|ttl|tot|balance|bal|a[a-z]ount|amt\s*due|to\s*pay|saldo|summe|gesamt|betrag|grand|due|jumlah|totale)\b/i;
const STARTS_WITH_TOTAL = /^(grand\s*)?(total|ttl|balance|amount)/i;
const WHEN = /\b\d{1,2}:\d{2}(?!\d)|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/;
// OCR often drops the space before "tax": "SalesTax1", "FOODTAX".
// US tills shorten tax to TX ("TX 0.56", "TXTL" for the tax total).
const VAT = /\b(vat|tax|tx|txtl|gst|sst|m[wu]st|ust|hst|pst|iva|tva|incl?\.?|sales\s*ta)(?=\b|\d)|(?<=[a-z])tax(?=\b|\d)/i;
// A fee (delivery, booking, municipality) is charged on the whole bill, as service is.
const SERVICE = /\b(service|serv\.?\s*ch(arge)?|service\s*charge|svc|gratuity|grat|servizio|servizi|tips?|coperto|cover\s*charge|fees?)(?=\b|\d)/i;
const DISCOUNT = /\b(discount|disc|off|promo|voucher|coupon|savings?|reduction|rabatt|sconto|remise|offer)\b|(?<=[a-z])(coupon|savings?)(?=\b|\d)/i;

/** "Card", "Credit Card 12.62", "Card payment": a card on a short row paid; in a longer name it is sold ("CARD THANKS CROWN"). */
function isCardPayment(text: string): boolean {
  if (!/\bcards?\b/i.test(text)) return false;
  return (text.replace(PAYMENT_WORDS, ' ').match(/[A-Za-z]{2,}/g)?.length ?? 0) <= 1;
}

const PAYMENT_WORDS = /\b(cards?|credit|debit|visa|master|payment|paid|pay|amex|gift|contactless|tendered|by|with|chip|pin)\b/gi;

// A row that starts with a tax word is that tax, even when it says it is included in the total.
const STARTS_WITH_TAX = /^\W*(vat|tax|gst|sst|hst|pst|iva|tva|m[wu]st|ust)/i;

/** A row starting with a tax word, not a name that starts with its letters and goes on in small ones ("Mustard", "Ivan's Burger"). */
function startsWithTax(label: string): boolean {
  const found = STARTS_WITH_TAX.exec(label);
  return found !== null && !/^(?!e?s\b)[a-z]/.test(label.slice(found[0].length));
}

function kindOf(label: string, price: MinorUnits): ReceiptLineKind | null {
  // "Total for 3 items": a total, though it counts items.
  if (STARTS_WITH_TOTAL.test(label) && /items?\b/i.test(label)) return 'total';
  if (NOT_THE_BILL.test(label) || isCardPayment(label)) return null;
  if (startsWithTax(label)) return 'vat';
  if (SUBTOTAL.test(label)) return 'subtotal';
  // "Service charge total" is the service line; "Total incl. service" is the total.
  if (SERVICE.test(label) && !STARTS_WITH_TOTAL.test(label)) return 'service';
  if (TOTAL.test(label) && !namesSomethingElse(label)) return 'total';
  if (DISCOUNT.test(label) || price < 0) return 'discount';
  if (VAT.test(label)) return 'vat';
  // A priced row with a date or a time on it is the visit's header, not something eaten.
  if (WHEN.test(label)) return null;
  return 'item';
}

// "Kot No .01", "Bill Nr. 12.34": what follows a number's label is that number, not a price.
const NUMBER_LABEL = /\b(?:no|nr)\.?:?$/i;

// Words printed around "total" on a total row; other words make it a product's name ("Total Fitness Water").
const TOTAL_ROW_WORDS =
  /\b(order|bill|check|cheque|sale|sales|final|grand|net|gross|due|now|to|pay|payable|amount|amt|incl?|including|inc|vat|tax|gst|sst|with|rounded|rounding|adj|the|of|your|is|saved|eat|in|out|take|away|all|price|invoice)\b|\b[A-Z]{2,3}\b/g;

/** Two or more other words of three letters or more beside the total word: a name, not a total. */
function namesSomethingElse(label: string): boolean {
  const rest = label.replace(TOTAL, ' ').replace(TOTAL_ROW_WORDS, ' ');
  return (rest.match(/[A-Za-z]{3,}/g)?.length ?? 0) >= 2;
}

/**
 * Item rows printed after the total belong to payment or VAT summaries, not to the bill. The
 * total is the first one that covers the items above it: a "total" that does not (a misread, a
 * product's name) does not cut off the items after it.
 */
function settle(read: readonly ReceiptLine[]): PricedLines {
  const lines = markUnlabelledTotal(read);
  let itemsAbove = 0;
  let itemCount = 0;
  const firstTotal = lines.findIndex((l) => {
    const price = l.pricePence ?? 0;
    if (l.kind === 'total' && price > 0 && itemCount > 0 && price >= itemsAbove) return true;
    if (l.kind === 'item') [itemsAbove, itemCount] = [itemsAbove + price, itemCount + 1];
    return false;
  });
  const kept = firstTotal < 0 ? lines : lines.filter((l, i) => i <= firstTotal || l.kind !== 'item');
  return { lines: kept, totalPence: choosePrintedTotal(kept) };
}

/**
 * Without a total row, the total is printed under another name: a net amount after the tax rows
 * (net of tax and rounding; before them it is the sum before tax), or a row whose amount is the
 * sum of at least two billed rows above it (with the tax rows above, where tax is added), under a
 * label OCR could not read ("CHSH", "TOTL", a smudge).
 */
function markUnlabelledTotal(lines: readonly ReceiptLine[]): readonly ReceiptLine[] {
  if (lines.some((l) => l.kind === 'total')) return lines;
  const firstTax = lines.findIndex((l) => l.kind === 'vat');
  const netAfterTax = firstTax < 0 ? -1 : lines.findIndex((l, i) => i > firstTax && l.kind === 'subtotal' && NET.test(l.label));
  const at = netAfterTax >= 0 ? netAfterTax : rowAddingUp(lines);
  return at < 0 ? lines : lines.map((l, i) => (i === at ? { ...l, kind: 'total' } : l));
}

const NET = /\bnet(to|t)?\b/i;

function rowAddingUp(lines: readonly ReceiptLine[]): number {
  let sum = 0;
  let tax = 0;
  let count = 0;
  return lines.findIndex((l) => {
    const price = l.pricePence ?? 0;
    // With the tax added on top (US) or already inside the prices (UK).
    if (count >= 2 && price > 0 && (price === sum || price === sum + tax) && l.kind === 'item') return true;
    if (BILLED_KINDS.has(l.kind)) [sum, count] = [sum + price, count + 1];
    if (l.kind === 'vat') tax += price;
    return false;
  });
}

/**
 * A total printed in large figures can sit higher than its label, so OCR puts the amount alone
 * on the row above a "TOTAL" row that has none: join them.
 */
function raiseTotalsAboveLabels(rows: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i]!;
    const next = rows[i + 1];
    const amount = trailingAmount(row);
    if (next !== undefined && amount !== null && !hasWords(amount.before) && TOTAL.test(next) && !SUBTOTAL.test(next) && trailingAmount(next) === null) {
      joined.push(`${next.replace(/[|\s]+$/, '')} ${row.slice(amount.before.length).trim()}`);
      i += 1;
    } else joined.push(row);
  }
  return joined;
}

const DECIMAL_AMOUNT = /\d[.,]\s?\d\d\b/;
// A tax class printed after the amount: "1.33 D", "26,40 1", "10.99A".
const TAX_FLAG_AFTER_AMOUNT = /\d[.,]\d\d(?:\s?[A-Z]|\s+[1-9])\s*$/;
// "12,001", "3.990": a tax class printed hard against the amount, or its letter read as a digit.
const GLUED_FLAG_DIGIT = /(\d[.,]\d\d)\d(\s*)$/;

/**
 * Receipts that print a tax class after each amount: on such a receipt an amount with a third
 * decimal ("12,001" beside "26,40 1", "3.990" among "1.33 D") is an amount and its class.
 */
function hasTaxFlagColumn(rows: readonly string[]): boolean {
  const flags = rows.filter((r) => TAX_FLAG_AFTER_AMOUNT.test(r)).length;
  const glued = rows.filter((r) => GLUED_FLAG_DIGIT.test(r)).length;
  return (flags >= 1 && flags + glued >= 3) || hasGluedClassColumn(rows);
}

// A third decimal other than 0: "12,001", "9,901".
const GLUED_CLASS = /\d[.,]\d\d([1-9])\s*$/;

/**
 * Every class glued to its amount, none printed apart ("12,001", "9,901", "2,101" over
 * "Summe 154,40"): three amounts or more end in the same digit other than 0, and they are most of
 * the amounts with a third decimal. Whole-unit prices with thousands end in 0 ("25.000").
 */
function hasGluedClassColumn(rows: readonly string[]): boolean {
  const thirdDecimals = rows.filter((r) => GLUED_FLAG_DIGIT.test(r)).length;
  const classes = new Map<string, number>();
  for (const row of rows) {
    const digit = GLUED_CLASS.exec(row)?.[1];
    if (digit !== undefined) classes.set(digit, (classes.get(digit) ?? 0) + 1);
  }
  const commonest = Math.max(0, ...classes.values());
  return commonest >= 3 && 2 * commonest >= thirdDecimals;
}
// "Pizza      2200" in a column of "12.50"s: the point was too faint to read. Only after a column
// gap, so house numbers and dates stay as they are.
const POINTLESS_AMOUNT = /(\S\s{2,}[£$€]?\s?)(\d{1,2})(\d\d)\s*$/;
// "Tapas Teller 16 40": a decimal comma read as a space.
const SPACED_DECIMAL = /([A-Za-z.)]\s+)(\d{1,3}) (\d\d)\s*$/;

const DOLLAR_AMOUNT = /\$\s?\d+[.,]\d\d\b/;
// On a receipt priced in $, tesseract often reads the $ as an 8: "Pork Chop  1 826.00".
const DOLLAR_READ_AS_8 = /(\s)8(\d{1,3}[.,]\d\d)\s*$/;

// On a receipt in whole currency units ("TOTAL   91000"), an amount after a column gap.
const WHOLE_AMOUNT = /(\S\s{2,}[^\s\d]{0,3}\s?)(\d{3,7})(?=[^\s\d]{0,2}\s*$)/;

// A price whose 1s and 0s OCR read as l, I, | or O: "£l2.5O", "1O.00".
const PRICE_WITH_LETTERS = /(?<=(?:^|\s)[£$€]?\s?)[\dlIO|]{1,4}[.,][\dlIO]{2}(?=\s*$)/;

function fixLettersInPrice(row: string): string {
  return row.replace(PRICE_WITH_LETTERS, (price) => (/\d/.test(price) ? price.replace(/[lI|]/g, '1').replace(/O/g, '0') : price));
}

// "2:65", "-0:06" in a price column: a decimal point read as a colon. Not on rows about the time,
// nor on rows with a date or a year ("10/21/2014 19:41", "jeudi23juin2016 14:42"), whose figure is the time.
const COLON_AMOUNT = /(\S\s{2,}-?[£$€]?\s?\d{1,4}):(\d\d)\s*$/;
const ABOUT_TIME = /\b(time|date|am|pm|open|opening|hours?|from|until|till)\b|\d[ap]m\b|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|(?<!\d)(?:19|20)\d\d(?!\d)/i;

function restoreDecimalPoint(row: string, pointless: PointlessAmounts): string {
  const colon = ABOUT_TIME.test(row) ? row : row.replace(COLON_AMOUNT, '$1.$2');
  return withoutStrayFigure(colon)
    .replace(RATE_QUANTITY_POINTLESS, pointFromRate)
    .replace(POINTLESS_AMOUNT, pointless === 'hundredths' ? '$1$2.$3' : '$1$2$3.00')
    .replace(SPACED_DECIMAL, '$1$2.$3');
}

// "Chapati Thali  110  1  11000": rate, quantity and an amount whose point was lost.
const RATE_QUANTITY_POINTLESS = /(\s)(\d{1,5})(\s+)(\d{1,3})(\s+)(\d{3,8})\s*$/;

/** The amount with its point put back, when it is the rate times the quantity in whole units. */
function pointFromRate(found: string, space: string, rate: string, gap: string, quantity: string, gap2: string, amount: string): string {
  const whole = Number(rate) * Number(quantity);
  return whole * 100 === Number(amount) ? `${space}${rate}${gap}${quantity}${gap2}${whole}.00` : found;
}

// "Butter Naan.  75  75.00    333": a figure after the row's amount that no count of it makes.
const FIGURE_AFTER_AMOUNT = /(\d[.,]\d\d)\s{2,}(\d{3,4})\s*$/;

/** A bare figure after a row's decimal amount is a smudge or a code, unless it is that amount (or a few of it) with the point lost. */
function withoutStrayFigure(row: string): string {
  const found = FIGURE_AFTER_AMOUNT.exec(row);
  if (!found) return row;
  const amount = Math.round(Number(found[1]!.replace(',', '.')) * 100);
  const figure = Number(found[2]);
  return amount > 0 && figure % amount === 0 && figure / amount <= 99 ? row : row.slice(0, found.index + found[1]!.length);
}

// Stray marks OCR puts at the left edge (table rules, bullets, the edge of the paper).
const LEFT_NOISE = /^[\s|!"'`~_{}[\]:;,=*•·>«»\\/-]+/;

// "TOTALJOD", "TotalAED": a currency code printed hard against the total.
const TOTAL_GLUED_TO_CODE = /\b([Tt][Oo][Tt][Aa][Ll])(?=[A-Z]{3}\b)/;

function cleanRow(row: string): string {
  return row.replace(LEFT_NOISE, '').replace(TOTAL_GLUED_TO_CODE, '$1 ').replace(/\s+/g, ' ').trim();
}

// Single characters before the name: bits of the paper's edge, or a quantity column.
const LEFT_SPECKS = /^(?:\S\s+)+(?=\S{2})/;
// After a quantity, a lone figure is the name's: "2x 2 Tapas" is two of "2 Tapas".
const LEFT_SPECKS_NOT_DIGITS = /^(?:[^\s\d]\s+)+(?=\S{2})/;
// Quantities before a name: "2x", "2 x", "1%" (an x read as %), "2 " or "I " (a 1) before a word.
const QUANTITY = /^(\d{1,3})\s*[xX×%*]\s*|^(\d{1,2}|[Il|])\.?\s+(?=[A-Za-z£$&(])/;
// "2-Onion Rings" is two of them, but "3-Cheese Mac", "7-Up" and "2-Piece" are names: a dash
// joins a quantity only when the amount is that many equal prices.
const DASHED_QUANTITY = /^(\d{1,2})\s?-\s?(?=[A-Za-z]{3})/;
// A quantity column printed hard against the name: "1Local Mineral Water", "3SOUVLAKI", "IPATATES".
const GLUED_QUANTITY = /^(\d{1,2}|[Il|])(?=[A-Z][A-Za-z.])/;
// Units of sale a shop prints after the quantity: a pack, a piece, a bottle, a tin, each, a case, a box, a carton.
const UNIT_OF_SALE = 'PKT?|PCS?|BTL?|TN|EA|CS|BX|CTN';
// A quantity with its unit of sale: "1PK ", "2 BT ".
const QUANTITY_WITH_UNIT = new RegExp(String.raw`^(\d{1,3})\s?(?:${UNIT_OF_SALE})\s+`, 'i');
// The same unit printed hard against the name: "1PKBANANA".
const GLUED_UNIT = new RegExp(String.raw`^(\d{1,3})(?:${UNIT_OF_SALE})(?=[A-Z]{3})`);
// A weight: "0.48", "0.5 kg" (a unit only as a word of its own: the G of "0.21 GINGER" is the name's).
const WEIGHED = /^\d{1,3}[.,]\d{1,3}\s*(?:(?:kg|g|lb)(?![A-Za-z]))?(?:\s+|(?=[A-Z]{3})(?!VAT|TAX|GST))(?=[A-Za-z])/i;
// A single 1 hard against a longer name is a quantity of one even without a column: "1GREY GOOSE".
const GLUED_ONE = /^(1)(?=[A-Z][A-Za-z]{3})/;
// A product code or barcode (six digits or more) before or inside a name.
const PRODUCT_CODE = /(?:^|\s)\d{6,}(?=\s|$)|^\d{6,}(?=[A-Za-z])/g;
// Quantity and unit price printed before the name: "2 @ 7.00  Peroni" (read as if after it).
const LEADING_UNIT_PRICE = /^\d{1,3}\s*[@xX]\s*\d+[.,]\d\d\s*(?=[A-Za-z])/;
// The price before a reduction, printed before the name: "WAS 2.09 ALB PASTA   1.49".
const WAS_PRICE = /^was\s*\d+[.,]\d\d\s*(?=[A-Za-z])/i;
// Unit prices and quantity columns printed between the name and the amount: "2 @ 7.00", "4.70",
// "x 3", "à 3,20" (each, in German, French and Italian).
const TRAILING_NUMBERS = /(?:\s+(?:\d+[.,]\d\d|\d{1,3}|@|x|[aà](?=\s?\d+[.,]\d\d)))+$/i;

interface Label {
  readonly label: string;
  readonly quantity?: number;
  readonly unitPricePence?: MinorUnits;
}

/**
 * The name of a priced row, without its quantity and unit price columns, and those two when they
 * agree with the row's amount (2 × 7.00 = 14.00). `quantityColumn` says the receipt prints its
 * quantities hard against the names, so a leading digit (or an I read for a 1) is one.
 */
function cleanLabel(text: string, pricePence: MinorUnits | null = null, quantityColumn = false, unitColumn = false): Label {
  // Text left of a vertical rule ("NN | Add Bacon") is the paper's edge or a column of codes.
  const afterRule = text.includes('|') ? text.slice(text.lastIndexOf('|') + 1) : text;
  let rest = (hasWords(afterRule) ? afterRule : text).replace(PRODUCT_CODE, ' ').replace(LEFT_NOISE, '').trim();
  let quantityText: string | undefined;
  // A dashed number is a quantity only when the amount is that many equal prices (DASHED_QUANTITY).
  const splitsPrice = (count: number) => pricePence !== null && pricePence % count === 0;
  // A row prints one quantity: a number after it is the name's ("2x 2 Tapas for £7.50").
  const takeQuantity = (pattern: RegExp, fits: (count: number) => boolean = () => true) => {
    const found = quantityText === undefined ? pattern.exec(rest) : null;
    if (!found || !fits(Number(found[1]))) return;
    quantityText = found[1] ?? found[2] ?? found[3];
    rest = rest.slice(found[0].length);
  };
  rest = rest.replace(WAS_PRICE, '');
  const leadingUnit = LEADING_UNIT_PRICE.exec(rest);
  if (leadingUnit) rest = `${rest.slice(leadingUnit[0].length)} ${leadingUnit[0].replace(/\s*([@xX])\s*/, ' $1 ').trim()}`;
  takeQuantity(WEIGHED);
  if (unitColumn) {
    takeQuantity(QUANTITY_WITH_UNIT);
    takeQuantity(GLUED_UNIT);
  }
  takeQuantity(QUANTITY);
  takeQuantity(DASHED_QUANTITY, splitsPrice);
  if (quantityColumn) takeQuantity(GLUED_QUANTITY);
  takeQuantity(GLUED_ONE);
  rest = rest.replace(quantityText === undefined ? LEFT_SPECKS : LEFT_SPECKS_NOT_DIGITS, '');
  takeQuantity(QUANTITY);
  takeQuantity(DASHED_QUANTITY, splitsPrice);
  // A name the till cut short ends in an ellipsis: figures just before it are the name's ("2 Tapas for £7.50...").
  const cutShort = /(?:\.\.\.|…)$/.test(rest.trim());
  const named = fixDigitsInWords(rest).replace(/[\s.:£$€*#-]+$/, '');
  const trailing = cutShort ? '' : (TRAILING_NUMBERS.exec(named)?.[0] ?? '');
  const label = named
    .slice(0, named.length - trailing.length)
    .replace(/[\s.:£$€*#@-]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { label, ...unitsOf(quantityText, trailing, pricePence) };
}

/** Quantity and unit price, when what the row prints of them multiplies out to its amount. */
function unitsOf(quantityText: string | undefined, trailing: string, pricePence: MinorUnits | null): { quantity?: number; unitPricePence?: MinorUnits } {
  if (pricePence === null || pricePence <= 0) return {};
  const leading = quantityText === undefined ? undefined : /^\d+$/.test(quantityText) ? Number(quantityText) : 1;
  const counted = /(\d{1,3})\s*[@x]/i.exec(trailing)?.[1];
  const quantity = leading !== undefined && leading > 1 ? leading : counted === undefined ? undefined : Number(counted);
  const unitText = [...trailing.matchAll(/\d+[.,]\d\d/g)].at(-1)?.[0];
  const unit = unitText === undefined ? undefined : Math.round(Number(unitText.replace(',', '.')) * 100);
  if (quantity !== undefined && unit !== undefined) return isCountedQuantity(quantity) && quantity * unit === pricePence ? { quantity, unitPricePence: minorUnits(unit) } : {};
  if (quantity !== undefined) return isCountedQuantity(quantity) && pricePence % quantity === 0 ? { quantity, unitPricePence: minorUnits(pricePence / quantity) } : {};
  if (unit !== undefined && unit > 0 && pricePence % unit === 0 && isCountedQuantity(pricePence / unit)) return { quantity: pricePence / unit, unitPricePence: minorUnits(unit) };
  return {};
}

/**
 * A column of short codes before the names ("PR  CO-OP SOFT CHSE   1.05", "PA ..."): a code of
 * one or two capitals, then a gap, on at least three priced rows and half of them.
 */
function leadingCodeColumn(rows: readonly string[]): RegExp | null {
  const priced = rows.filter((r) => trailingAmount(r) !== null);
  const coded = priced.filter((r) => CODE_BEFORE_NAME.test(r)).length;
  return coded >= 3 && coded * 2 >= priced.length ? CODE_BEFORE_NAME : null;
}

const CODE_BEFORE_NAME = /^[A-Z]{1,2}\s+(?=[A-Za-z0-9])/;

// A currency sign printed apart before each amount, where OCR often reads £ as E and € as e:
// "Fideua  E  17.00", "PILAU RICE e 3.50".
const CURRENCY_BEFORE_AMOUNT = /\s+[E£e€]$/;

/** A column of currency signs before the amounts: three priced rows or more print one apart. */
function hasCurrencyColumn(rows: readonly string[]): boolean {
  return rows.filter((r) => CURRENCY_BEFORE_AMOUNT.test(trailingAmount(r)?.before ?? '')).length >= 3;
}

/** The row's amount, and the text before it without the currency column's sign. */
function pricedRow(row: string, currencyColumn: boolean): TrailingAmount | null {
  const amount = trailingAmount(row);
  return amount === null || !currencyColumn ? amount : { ...amount, before: amount.before.replace(CURRENCY_BEFORE_AMOUNT, '') };
}

/**
 * A shop's column of units of sale: two priced rows or more, and half of them, start with a
 * quantity and a unit ("1PK SMOKED HAM", "2BT WATER"). Elsewhere the word is the name's: a
 * restaurant's "1 BTL House Red" is a bottle, not a glass, of it.
 */
function hasUnitColumn(rows: readonly string[]): boolean {
  const priced = rows.filter((r) => trailingAmount(r) !== null);
  const withUnit = priced.filter((r) => QUANTITY_WITH_UNIT.test(r) || GLUED_UNIT.test(r)).length;
  return withUnit >= 2 && withUnit * 2 >= priced.length;
}

/**
 * A quantity column: two or more priced rows starting with a quantity, at least one of them hard
 * against a capital ("1BaconCheeseburger" beside "1 Regular Soda").
 */
function hasGluedQuantityColumn(rows: readonly string[]): boolean {
  const priced = rows.map((r) => r.replace(LEFT_NOISE, '')).filter((r) => trailingAmount(r) !== null);
  const glued = priced.filter((r) => GLUED_QUANTITY.test(r)).length;
  const spaced = priced.filter((r) => /^\d{1,2}\s+[A-Za-z]/.test(r)).length;
  return glued >= 1 && glued + spaced >= 2;
}

/**
 * A 1, 0 or 5 between two letters is an l, o or s that OCR misread ("Gr1ld" → "Grlld"); a 0
 * starting a word is an O ("0live", "0NION": no quantity is 0); in capitals, 0s are Os ("CARR0T L00SE", "P0TAT0"), a 1 is an I ("F1SH") and an 8 a B ("BLEU8G").
 */
function fixDigitsInWords(text: string): string {
  return text
    .replace(/(?<=[A-Za-z])[105](?=[a-z])/g, (d) => ({ '1': 'l', '0': 'o', '5': 's' })[d as '1' | '0' | '5'])
    .replace(/(?<![\p{L}\p{N}.,])0(?=[a-z]{2}|[A-Z]{2})/gu, 'O')
    .replace(/(?<=[A-Z])0+(?=[A-Z])|(?<=[A-Z]{2})0(?![\d.,])/g, (zeros) => 'O'.repeat(zeros.length))
    .replace(/(?<=[A-Z])1(?=[A-Z])/g, 'I')
    .replace(/(?<=[A-Z])8(?=[A-Z])/g, 'B');
}

function hasWords(text: string): boolean {
  return (text.match(/[A-Za-z]/g)?.length ?? 0) >= 2;
}
