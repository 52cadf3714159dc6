import type { AnonymousId } from '../domain/anonymous-id';
import type { DateOnly } from '../domain/scan-credits/freemium';
import type { Result } from '../domain/result';

/** A scan paid for in advance: by one of the month's free bills or by one token. */
export interface ScanReservation {
  readonly id: string;
  readonly paidWith: 'free bill' | 'token';
}

/** One of a client address's free scans for a day (a daily quota's name and day). */
export interface FreeScan {
  readonly quota: string;
  readonly day: DateOnly;
}

/** Which open reservations belong to readings that will never finish. */
export type Abandoned =
  /** Made by this server's previous process (it died with them), or older than any reading runs. */
  | 'at start'
  /** Older than any reading runs. */
  | 'timed out';

/**
 * Metering for AI scans. A scan is reserved before the reader runs, then settled when it yields a
 * result or refunded when it does not, so nobody pays for a failed reading.
 */
export interface ScanAllowance {
  reserve(anonymousUserId: AnonymousId): Promise<Result<ScanReservation, 'allowance used'>>;
  /** Records the address's free scan this reservation took, for a refund of an abandoned one to give back. */
  holdFreeScan(reservationId: string, freeScan: FreeScan): Promise<void>;
  settle(reservationId: string): Promise<void>;
  /** Gives the free bill or the token back (the caller gives back the address's free scan). */
  refund(reservationId: string): Promise<void>;
  /**
   * Refunds every abandoned reservation, of any user: its free bill or token, and the address's
   * free scan it held, in one statement. Answers how many it refunded.
   */
  refundAbandoned(which: Abandoned): Promise<number>;
}
