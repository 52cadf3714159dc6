import { trailingAmount } from './receipt-amount';
import { hasPostalCode } from './receipt-currency';

/**
 * Who printed the receipt: the first header row that names something, above the first priced row.
 * Rows about where the shop is or how to reach it (an address, a phone, a tax number, a website),
 * about the visit (a date, a table, a server) or the slip itself ("receipt", "copy", "welcome")
 * are passed over; "Welcome to Circle K" names Circle K.
 */
export function merchantOf(rows: readonly string[]): string | null {
  for (const row of rows.slice(0, HEADER_ROWS)) {
    if (trailingAmount(row) !== null) return null;
    const name = row.replace(WELCOME, '').replace(EDGE_MARKS, '').replace(/\s+/g, ' ');
    if (namesTheShop(name)) return name;
  }
  return null;
}

// The merchant is printed at the top; further down a name-like row is an item or a section.
const HEADER_ROWS = 8;
const WELCOME = /^\W*welcome\s*to\b\W*/i;
const EDGE_MARKS = /^[\s*#"'`~_=:;.,!|-]+|[\s*#"'`~_=:;,!|-]+$/g;

// Words of rows that are not the name: contact details, tax and company numbers, the visit, the slip.
const NOT_THE_NAME =
  /\b(tel|phone|ph|fax|e-?mail|www|http|vat|gst|reg|tax|abn|npwp|kmkr|p\.?\s*iva|c\.?f|siret|receipt|invoice|bill|copy|duplicate|reprint|table|tbl|check|chk|server|cashier|guests?|covers?|order|date|time|store\s*#|welcome|thank|dine\s*in|take\s*away|lunch|dinner|breakfast|opening|open)(?=\b|\d|#|:)|\.(com|net|org|co\.uk)\b|@/i;
// "14-15 Hoxton Market", "498 COUNTY ROAD 111", "Level 3, ...": a street address starts with its number.
// A street word with a number of its own ("Plaza 12"), not a figure OCR put in a word ("Dunda1k").
const STREET_ADDRESS =
  /^\d+[A-Za-z]?\b[\s,-]*\w|\b(road|rd|street|st|avenue|ave|blvd|boulevard|lane|ln|drive|dr|hwy|highway|suite|level|floor|plaza|via|viale|strasse|str|rue|jalan|jl)\b.*\b\d|\b\d.*\b(road|rd|street|st|avenue|ave|blvd|lane|drive|hwy|suite|via|rue|jalan|jl)\b/i;

/** A row with a word of three letters or more, more letters than figures, and nothing that makes it a detail of the shop or the visit. */
function namesTheShop(row: string): boolean {
  const letters = row.match(/\p{L}/gu)?.length ?? 0;
  const figures = row.match(/\d/g)?.length ?? 0;
  return /\p{L}{3}/u.test(row) && letters > figures * 2 && !NOT_THE_NAME.test(row) && !STREET_ADDRESS.test(row) && !hasPostalCode(row) && !/\d{4,}/.test(row);
}
