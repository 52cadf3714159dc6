/**
 * The date a receipt was printed, as ISO yyyy-mm-dd, or null when none is printed. Figures are
 * read in the receipt's own order: a day over 12 anywhere on it decides; otherwise US receipts
 * (priced in dollars) put the month first and the rest of the world the day.
 */
export function dateOf(rows: readonly string[], currency: string | null): string | null {
  const numeric = rows.flatMap((row) => [...row.matchAll(NUMERIC_DATE)].map(numericParts)).filter((d) => d !== null);
  const monthFirst = numeric.some((d) => d.second > 12 && d.first <= 12) || (!numeric.some((d) => d.first > 12) && currency === 'USD');
  for (const row of rows) {
    const found = dateInRow(row, monthFirst);
    if (found !== null) return found;
  }
  return null;
}

interface NumericDate {
  readonly first: number;
  readonly second: number;
  readonly year: number;
  /** Dotted dates ("22.11.2014") are European: always the day first. */
  readonly dotted: boolean;
}

// "22/11/2014", "10-21-14", "22.11.2014", also with the time glued on by OCR ("22-11-201420:21").
const NUMERIC_DATE = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{2,4})/g;
// "2014-11-22", "2014/11/22": year first is always year, month, day.
const YEAR_FIRST = /(?<!\d)((?:19|20)\d\d)([/.-])(\d{1,2})\2(\d{1,2})(?!\d)/;
// The short names of each month in English, French, German, Italian and Spanish, January first.
const MONTH_PREFIXES = [
  'jan gen ene',
  'feb fev fév',
  'mar mär',
  'apr abr avr',
  'may mai mag',
  'jun giu juin',
  'jul lug juil',
  'aug ago aoû aou',
  'sep set',
  'oct okt ott',
  'nov',
  'dec dez dic déc',
].map((names) => names.split(' '));
const MONTH_NAME = String.raw`(jan(?:uary|vier)?|janv|jän(?:ner)?|gen(?:naio)?|ene(?:ro)?|feb(?:ruary|braio|rero)?|f[eé]v(?:r(?:ier)?)?|mar(?:ch|s|zo)?|mär(?:z)?|apr(?:il|ile)?|abr(?:il)?|avr(?:il)?|may|mai|mag(?:gio)?|mayo|june?|juni|juin|giu(?:gno)?|july?|juli|juil(?:let)?|lug(?:lio)?|aug(?:ust)?|ago(?:sto)?|ao[uû]t?|sep(?:t(?:ember)?)?|set(?:tembre)?|oct(?:ober)?|okt(?:ober)?|ott(?:obre)?|nov(?:ember)?|dec(?:ember)?|dez(?:ember)?|dic(?:iembre|embre)?|d[eé]c(?:embre)?)`;
// A year beside a month's name: four figures, or two that are not a price's; OCR may glue a time on ("27Apr1317:51").
const NAMED_YEAR = String.raw`((?:19|20)\d\d|\d\d(?![.,]?\d)|\d\d(?=\d{1,2}:\d\d))`;
// "22 Nov 2014", "27Apr13", "11-Dec-2014", "jeudi23juin2016".
const DAY_MONTH_YEAR = new RegExp(String.raw`(?<!\d)(\d{1,2})(?:st|nd|rd|th)?[\s.,-]*${MONTH_NAME}\.?[\s.,'-]*${NAMED_YEAR}`, 'i');
// "Mar 05,2017", "Jan31,2017", "Aug17'16".
const MONTH_DAY_YEAR = new RegExp(String.raw`(?<![A-Za-z])${MONTH_NAME}\.?\s*(\d{1,2})(?:st|nd|rd|th)?[\s,'-]*${NAMED_YEAR}`, 'i');

function numericParts(found: RegExpMatchArray): NumericDate | null {
  const year = yearOf(found[4]!);
  return year === null ? null : { first: Number(found[1]), second: Number(found[3]), year, dotted: found[2] === '.' };
}

/** A four-figure year from 1990 to 2099, else the first two figures as one in 20xx ("1414:03" glued to a time is '14). */
function yearOf(figures: string): number | null {
  const four = Number(figures.slice(0, 4));
  if (figures.length === 4 && four >= 1990 && four <= 2099) return four;
  return Number(figures.slice(0, 2)) + 2000;
}

function dateInRow(row: string, monthFirst: boolean): string | null {
  const yearFirst = YEAR_FIRST.exec(row);
  if (yearFirst) return isoDate(Number(yearFirst[1]), Number(yearFirst[3]), Number(yearFirst[4]));
  for (const found of row.matchAll(NUMERIC_DATE)) {
    const date = numericParts(found);
    if (date === null) continue;
    const [month, day] = monthFirst && !date.dotted ? [date.first, date.second] : [date.second, date.first];
    const iso = isoDate(date.year, month, day) ?? isoDate(date.year, day, month);
    if (iso !== null) return iso;
  }
  const named = DAY_MONTH_YEAR.exec(row);
  if (named) {
    const iso = isoDate(yearOf(named[3]!)!, monthNumber(named[2]!), Number(named[1]));
    if (iso !== null) return iso;
  }
  const monthDay = MONTH_DAY_YEAR.exec(row);
  return monthDay ? isoDate(yearOf(monthDay[3]!)!, monthNumber(monthDay[1]!), Number(monthDay[2])) : null;
}

function monthNumber(name: string): number {
  const lower = name.toLowerCase();
  return MONTH_PREFIXES.findIndex((prefixes) => prefixes.some((p) => lower.startsWith(p))) + 1;
}

/** yyyy-mm-dd when the day exists in that month of that year; null otherwise. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1990 || year > 2099 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
