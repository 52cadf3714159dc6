import type { DateOnly } from '../domain/scan-credits/freemium';

/**
 * Amounts used per named quota per day (free scans per client address, money spent on the AI
 * reader), held where every server process counts together.
 */
export interface DailyQuotas {
  /** Adds `amount` to the quota's use on `day` when the total stays within `limit`; whether it was taken. Atomic under concurrency. */
  take(quota: string, day: DateOnly, amount: number, limit: number): Promise<boolean>;
  /** Gives `amount` back (the use never drops below zero), e.g. for a scan that was refunded. */
  giveBack(quota: string, day: DateOnly, amount: number): Promise<void>;
}
