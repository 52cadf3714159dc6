/**
 * The currency a receipt is priced in (ISO 4217), from what it prints: a code or a sign that names
 * one currency, then a bare $ (USD unless something says otherwise), then where the shop is (a US
 * state and ZIP, a UK postcode), then prices with decimal commas (the euro area's habit, "8,90").
 * Null when nothing on the receipt says.
 */
export function currencyOf(rows: readonly string[]): string | null {
  const text = rows.join('\n');
  return mostNamed(text, NAMING_ONE_CURRENCY) ?? (BARE_DOLLAR.test(text) ? 'USD' : null) ?? mostNamed(text, WHERE_THE_SHOP_IS) ?? (pricesWithDecimalCommas(rows) ? 'EUR' : null);
}

type Cue = readonly [pattern: RegExp, currency: string];

// Codes a till prints beside a total ("TOTAL EUR 12.00", "TotalAED"), the common ones only so an
// abbreviation in a name ("CAD" for a drawing, "ALL" the word) is not taken for one.
const CODES = ['GBP', 'EUR', 'USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MYR', 'IDR', 'INR', 'AED', 'JOD', 'CHF', 'JPY', 'THB', 'PHP', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'MXN', 'BRL', 'ZAR'];

const NAMING_ONE_CURRENCY: readonly Cue[] = [
  // Not inside a word of capitals ("CHEESEURO"); "TotalAED" is a code glued to a word.
  ...CODES.map((code): Cue => [new RegExp(String.raw`(?<![A-Z])${code}(?![A-Za-z])`, 'g'), code]),
  // Dollars of a country other than the US before a row's amount: "TOTAL S$ 12.00", "A$", "C$",
  // "HK$", "NZ$", "R$" (reais). Elsewhere in a row the letter may be a word's ("A$100 GIFT CARD").
  ...(
    [
      ['S|SG', 'SGD'],
      ['A|AU', 'AUD'],
      ['C|CA', 'CAD'],
      ['HK', 'HKD'],
      ['NZ', 'NZD'],
      ['R', 'BRL'],
      ['US', 'USD'],
    ] as const
  ).map(([prefix, code]): Cue => [new RegExp(String.raw`(?<![A-Za-z])(?:${prefix})\$\s?\d+[.,]\d\d\s*$`, 'gm'), code]),
  [/£/g, 'GBP'],
  // € is often read as a small e hard against the amount: "e13.95".
  [/€|\beuros?\b|(?<![A-Za-z])e\d+[.,]\d\d\b/gi, 'EUR'],
  [/₹/g, 'INR'],
  [/¥/g, 'JPY'],
  [/฿/g, 'THB'],
  [/₱/g, 'PHP'],
  // Ringgit and rupiah are printed as letters before the amount: "RM 12.00", "Rp25.000".
  [/\bRM(?=\s*\d)/g, 'MYR'],
  [/\bRp\.?(?=\s*\d)/gi, 'IDR'],
];

const BARE_DOLLAR = /\$/;

const US_STATES = 'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';

// "Portland, OR 97212", "MinneapolisMN55414": a state and a ZIP code.
const US_STATE_AND_ZIP = String.raw`(?<![A-Z])(?:${US_STATES}),?\s?\d{5}(?:-\d{4})?(?!\d)`;
// "LE65 2FH", "London N16HG": a UK postcode, its inward part a figure and two letters.
const UK_POSTCODE = String.raw`(?<![A-Za-z\d])[A-Z]{1,2}\d[A-Z\d]?\s?\d[ABD-HJLNP-UW-Z]{2}(?![A-Za-z\d])`;

/** A row with a US ZIP code or a UK postcode: part of an address. */
export function hasPostalCode(row: string): boolean {
  return new RegExp(`${US_STATE_AND_ZIP}|${UK_POSTCODE}`).test(row);
}

const WHERE_THE_SHOP_IS: readonly Cue[] = [
  [new RegExp(US_STATE_AND_ZIP, 'g'), 'USD'],
  [new RegExp(UK_POSTCODE, 'g'), 'GBP'],
  // A Malaysian company ("SDN BHD") or tax number ("GST ID") prices in ringgit.
  [/SDN\.?\s?BHD\b/gi, 'MYR'],
  [/\bGST\s?ID(?![a-z])/g, 'MYR'],
];

/** The currency named most often by these cues; null when none is named, or two are named as often. */
function mostNamed(text: string, cues: readonly Cue[]): string | null {
  const counts = new Map<string, number>();
  for (const [pattern, currency] of cues) counts.set(currency, (counts.get(currency) ?? 0) + (text.match(pattern)?.length ?? 0));
  const ranked = [...counts].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0 || ranked[0]![1] === ranked[1]?.[1]) return null;
  return ranked[0]![0];
}

/** Two priced rows or more end in a decimal comma ("Tort Gratinati 8,90"), more than in a point (OCR reads some commas as points). */
function pricesWithDecimalCommas(rows: readonly string[]): boolean {
  const commas = rows.filter((r) => /\d,\d\d\s*$/.test(r)).length;
  return commas >= 2 && commas > rows.filter((r) => /\d\.\d\d\s*$/.test(r)).length;
}
