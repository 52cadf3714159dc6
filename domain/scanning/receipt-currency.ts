/**
 * The currency a receipt is priced in (ISO 4217), from what it prints: a code or a sign that names
 * one currency, then a bare $ (USD unless something says otherwise); failing those, as a person
 * would guess it from where the shop is (an address's postcode or city, a phone number's country
 * code, a tax label or number, a chain known in one country only), then prices with decimal commas
 * (the euro area's habit, "8,90"). A guess is `guessed`: the person is asked to check it. Null when
 * nothing on the receipt says.
 */
export function currencyOf(rows: readonly string[]): { readonly currency: string | null; readonly guessed: boolean } {
  const text = rows.join('\n');
  const printed = mostNamed(text, NAMING_ONE_CURRENCY) ?? (BARE_DOLLAR.test(text) ? 'USD' : null);
  if (printed !== null) return { currency: printed, guessed: false };
  const guess = mostNamed(text, WHERE_THE_SHOP_IS) ?? (pricesWithDecimalCommas(rows) ? 'EUR' : null);
  return { currency: guess, guessed: guess !== null };
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

/**
 * Phone country codes ("+44 20 7946 0000", "0031 20 …") and the money of the country. Where a
 * code's countries price in different money (+1: the US and Canada), the larger is taken.
 */
const DIALLING_CODES: Readonly<Record<string, string>> = {
  '44': 'GBP',
  '353': 'EUR',
  '31': 'EUR',
  '32': 'EUR',
  '33': 'EUR',
  '34': 'EUR',
  '39': 'EUR',
  '49': 'EUR',
  '43': 'EUR',
  '351': 'EUR',
  '30': 'EUR',
  '358': 'EUR',
  '41': 'CHF',
  '45': 'DKK',
  '46': 'SEK',
  '47': 'NOK',
  '48': 'PLN',
  '1': 'USD',
  '61': 'AUD',
  '64': 'NZD',
  '65': 'SGD',
  '60': 'MYR',
  '62': 'IDR',
  '852': 'HKD',
  '91': 'INR',
  '971': 'AED',
  '81': 'JPY',
  '66': 'THB',
  '63': 'PHP',
  '27': 'ZAR',
};

/** Cities a person knows the country of (none that is also an everyday word: no Nice, Bath or Reading). */
const CITIES: Readonly<Record<string, string>> = {
  GBP: 'London|Manchester|Birmingham|Glasgow|Edinburgh|Liverpool|Leeds|Bristol|Cardiff|Belfast|Newcastle upon Tyne|Sheffield|Nottingham|Leicester|Brighton|Oxford|Cambridge|Aberdeen|Southampton|Coventry',
  EUR: 'Dublin|Galway|Limerick|Amsterdam|Rotterdam|Utrecht|Den Haag|Eindhoven|Paris|Lyon|Marseille|Bordeaux|Berlin|M[üu]nchen|Munich|Hamburg|K[öo]ln|Frankfurt|Madrid|Barcelona|Valencia|Sevilla|Seville|Roma|Milano|Milan|Firenze|Florence|Venezia|Venice|Napoli|Bruxelles|Brussels|Antwerpen|Lisboa|Lisbon|Wien|Vienna|Athens|Helsinki',
  USD: 'New York|Los Angeles|Chicago|San Francisco|Las Vegas|Seattle|Boston|Houston|Philadelphia|San Diego|Miami|Atlanta|Honolulu',
  CAD: 'Toronto|Vancouver|Montr[ée]al|Ottawa|Calgary',
  AUD: 'Sydney|Melbourne|Brisbane|Adelaide|Canberra',
  NZD: 'Auckland|Wellington|Christchurch',
  SGD: 'Singapore',
  MYR: 'Kuala Lumpur|Johor Bahru|Selangor|Petaling Jaya',
  IDR: 'Jakarta|Surabaya|Bandung',
  HKD: 'Hong Kong|Kowloon',
  AED: 'Dubai|Abu Dhabi',
  JPY: 'Tokyo|Osaka|Kyoto',
};

/** Chains that trade in one country only, known to anyone who lives there. */
const CHAINS: Readonly<Record<string, string>> = {
  GBP: "Tesco|Sainsbury'?s|Morrisons|Asda|Waitrose|Marks (?:&|and) Spencer|Greggs|Wetherspoons?|Pret A Manger|Wagamama|Pizza Express|Superdrug|WHSmith|Argos|Boots",
  EUR: 'Albert Heijn|HEMA|Dunnes Stores|SuperValu|Centra|Monoprix|Franprix|Carrefour Market|Mercadona|Esselunga|Edeka|Rewe',
  USD: "Walmart|Trader Joe'?s|Whole Foods|Safeway|Walgreens|Kroger|Publix|Wegmans|Chipotle|Dunkin",
  AUD: 'Coles|Woolworths Metro',
  SGD: 'FairPrice',
};

const words = (names: string) => new RegExp(String.raw`(?<![A-Za-z])(?:${names})(?![A-Za-z])`, 'gi');

const WHERE_THE_SHOP_IS: readonly Cue[] = [
  [new RegExp(US_STATE_AND_ZIP, 'g'), 'USD'],
  [new RegExp(UK_POSTCODE, 'g'), 'GBP'],
  // An Irish Eircode ("D02 X285"), a Dutch postcode ("1012 AB Amsterdam"), a Canadian one ("M5V 2T6").
  [/(?<![A-Za-z\d])[AC-FHKNPRTV-Y]\d{2}\s?[AC-FHKNPRTV-Y\d]{4}(?![A-Za-z\d])/g, 'EUR'],
  // Not a time, a year or a measure ("1030 AM", "2016 PM", "1500 ML").
  [/(?<![\d.,:/-])[1-9]\d{3}\s?(?!SS|SA|SD|AM|PM|ML|CL|KG|GR|MG|LB|OZ|PC|PK|PCS|HR)[A-Z]{2}(?![A-Za-z\d])/g, 'EUR'],
  [/(?<![A-Za-z\d])[ABCEGHJ-NPRSTVXY]\d[A-Z]\s\d[A-Z]\d(?![A-Za-z\d])/g, 'CAD'],
  ...Object.entries(DIALLING_CODES).map(([code, currency]): Cue => [new RegExp(String.raw`(?:\+\s?|(?<![\d.,:])00)\(?${code}\)?[\s-]?\(?\d[\d\s()-]{5,}`, 'g'), currency]),
  // A VAT number says its country ("VAT Reg No GB 123 4567 89", "IE 6388047V"); tax labels in the country's language.
  [/\bVAT\b[^\n]{0,24}?\bGB\s?\d{3}/gi, 'GBP'],
  [/\bVAT\b[^\n]{0,24}?\bIE\s?\d{7}/gi, 'EUR'],
  [/\b(?:BTW|MwSt|USt-?Id|TVA|Partita IVA|P\.\s?IVA|NIF|CIF)\b/g, 'EUR'],
  [/\bABN\b/g, 'AUD'],
  [/\bGSTIN\b/g, 'INR'],
  // A Malaysian company ("SDN BHD") or tax number ("GST ID") prices in ringgit.
  [/SDN\.?\s?BHD\b/gi, 'MYR'],
  [/\bGST\s?ID(?![a-z])/g, 'MYR'],
  ...Object.entries(CITIES).map(([currency, names]): Cue => [words(names), currency]),
  ...Object.entries(CHAINS).map(([currency, names]): Cue => [words(names), currency]),
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
