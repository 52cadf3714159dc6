/**
 * What a bill is called in recent bills, messages and the diner's page: the restaurant and the date
 * printed on the receipt ("The Olive Tree · 25 Nov 2026"), the restaurant alone when no date was
 * read, and "Bill of 25 Nov 2026" when no restaurant was (the day it was split when the receipt has
 * no date either). `today` is an ISO yyyy-mm-dd date the caller supplies, so this stays pure.
 */
export function billName(merchant: string | null | undefined, date: string | null | undefined, today: string): string {
  const name = merchant?.trim().replace(/\s+/g, ' ') ?? '';
  const day = date ? shortDate(date) : null;
  if (name !== '') return day === null ? name : `${name} · ${day}`;
  return `Bill of ${day ?? shortDate(today) ?? today}`;
}

/** The name the person typed, or the one the receipt gives when they cleared it or never typed one. */
export function chosenBillName(typed: string | null | undefined, fallback: string): string {
  const name = typed?.trim().replace(/\s+/g, ' ') ?? '';
  return name === '' ? fallback : name.slice(0, MAX_BILL_NAME_LENGTH);
}

/** The longest name kept: what a stored bill keeps of its merchant. */
export const MAX_BILL_NAME_LENGTH = 80;

/** An ISO yyyy-mm-dd date as en-GB "25 Nov 2026", or null when it is not a real date. */
export function shortDate(iso: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Whether a name already says the date (then a page need not show the date again beside it). */
export function nameSaysDate(name: string, date: string | null | undefined): boolean {
  const day = date ? shortDate(date) : null;
  return day !== null && name.includes(day);
}

/** Today's date in London as ISO yyyy-mm-dd (the clock is the caller's). */
export function londonDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
