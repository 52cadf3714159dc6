// The monthly free allowance of the specification, as pure rules. "Today" is always passed in, so the
// month change can be tested with any date; months are calendar months in Europe/London, the
// product's home, whatever the server's or the browser's own time zone.

export const MAX_FREE_BILLS = 3;
export const ALLOWANCE_USED_MESSAGE = 'All free bills used this month. Buy tokens to continue scanning receipts.';

/**
 * A reservation still open after this long belongs to a reading that never finished (a crash can
 * leave it open): it is refunded, so nobody pays for it. A live one is held while its reading waits
 * in the queue (at most 8 behind 2 readers) and reads (the reader gives up after 30 s): 150 s.
 */
export const RESERVATION_ABANDONED_AFTER_MS = 3 * 60_000;

/** A calendar date as `YYYY-MM-DD` (the documents' date-only string). */
export type DateOnly = string;

/** What the usage call answers: the specification's freemium data, counted on the server. */
export interface UsageSummary {
  readonly billsUsed: number;
  readonly maxFreeBills: number;
  readonly tokens: number;
  readonly lastResetDate: DateOnly;
  readonly canUse: boolean;
  readonly daysUntilReset: number;
}

/** The stored counter: free bills used in the month that began on `lastResetDate`. */
export interface FreeBillCounter {
  readonly billsUsed: number;
  readonly lastResetDate: DateOnly;
}

// Made on first use: the browser imports this module for its usage figures and never needs it.
let londonDay: Intl.DateTimeFormat | null = null;

/** The calendar date in London at this instant. */
export function londonDate(at: Date): DateOnly {
  const parts = Object.fromEntries(
    (londonDay ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })).formatToParts(at).map((p) => [p.type, p.value]),
  );
  return `${parts['year']}-${parts['month']}-${parts['day']}`;
}

/** The first day of the London month containing this instant: the month's reset date. */
export function monthStart(at: Date): DateOnly {
  return `${londonDate(at).slice(0, 7)}-01`;
}

/** billsUsed returns to 0 when the stored reset date is in another month or year; it is clamped to 0..max. */
export function currentCounter(stored: FreeBillCounter | null, now: Date): FreeBillCounter {
  const thisMonth = monthStart(now);
  if (stored === null || stored.lastResetDate.slice(0, 7) !== thisMonth.slice(0, 7)) return { billsUsed: 0, lastResetDate: thisMonth };
  return { billsUsed: clampBillsUsed(stored.billsUsed), lastResetDate: stored.lastResetDate };
}

export function clampBillsUsed(billsUsed: number): number {
  if (!Number.isFinite(billsUsed)) return 0;
  return Math.min(MAX_FREE_BILLS, Math.max(0, Math.trunc(billsUsed)));
}

/** Whole days from today (London) to the first day of the month after the last reset date. */
export function daysUntilReset(lastResetDate: DateOnly, now: Date): number {
  const [year = 0, month = 1] = lastResetDate.split('-').map(Number);
  const nextReset = Date.UTC(year, month, 1); // Date.UTC months are 0-based, so `month` is the next one
  const [ty = 0, tm = 1, td = 1] = londonDate(now).split('-').map(Number);
  return Math.max(0, Math.round((nextReset - Date.UTC(ty, tm - 1, td)) / 86_400_000));
}

/** The app may be used while a free bill remains or a token is held. */
export function canUse(billsUsed: number, tokens: number): boolean {
  return clampBillsUsed(billsUsed) < MAX_FREE_BILLS || tokens > 0;
}

/** How the next scan is paid: a free bill while any remain, else one token, else it is refused. */
export function paymentForNextScan(billsUsed: number, tokens: number): 'free bill' | 'token' | null {
  if (clampBillsUsed(billsUsed) < MAX_FREE_BILLS) return 'free bill';
  if (tokens > 0) return 'token';
  return null;
}

/** Free bills left plus tokens: the header badge's number. */
export function remainingBills(usage: Pick<UsageSummary, 'billsUsed' | 'maxFreeBills' | 'tokens'>): number {
  return Math.max(0, usage.maxFreeBills - usage.billsUsed) + Math.max(0, usage.tokens);
}

export function summarizeUsage(stored: FreeBillCounter | null, tokens: number, now: Date): UsageSummary {
  const counter = currentCounter(stored, now);
  return {
    billsUsed: counter.billsUsed,
    maxFreeBills: MAX_FREE_BILLS,
    tokens,
    lastResetDate: counter.lastResetDate,
    canUse: canUse(counter.billsUsed, tokens),
    daysUntilReset: daysUntilReset(counter.lastResetDate, now),
  };
}
