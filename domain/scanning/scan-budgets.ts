import { londonDate, type DateOnly } from '../scan-credits/freemium';

// Budgets that stop free scans being farmed: free scans per client
// address per day across all its anonymous ids, and the AI reader's daily spend. Our own texts.

export const FREE_SCANS_FROM_ADDRESS_USED_MESSAGE = 'Free scans from your network are used up for today. Buy tokens to keep scanning, or try again tomorrow.';
export const SCANNING_PAUSED_MESSAGE = 'Receipt scanning has reached its limit for today. Please try again tomorrow, or enter the items manually.';

/** The quota name of a client address bucket's free scans (see client-address.ts), and of the AI reader's spend. */
export const freeScansQuota = (bucket: string): string => `free-scans:${bucket}`;
export const AI_SPEND_QUOTA = 'ai-spend';

/** The budgets' day: the London calendar date, like the monthly allowance's months. */
export const budgetDay = (now: Date): DateOnly => londonDate(now);

/** Whole seconds until the next London day begins (Retry-After for a day's budget), at least 1. */
export function secondsUntilNextBudgetDay(now: Date): number {
  const today = budgetDay(now);
  const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
  const utcMidnight = Date.UTC(y, m - 1, d + 1);
  // London is UTC or UTC+1: its midnight is at UTC midnight or an hour before.
  const midnight = budgetDay(new Date(utcMidnight - 3600_000)) !== today ? utcMidnight - 3600_000 : utcMidnight;
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}
