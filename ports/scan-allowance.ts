import type { AnonymousId } from '../domain/anonymous-id';
import type { Result } from '../domain/result';

/** A scan paid for in advance: by one of the month's free bills or by one token. */
export interface ScanReservation {
  readonly id: string;
  readonly paidWith: 'free bill' | 'token';
}

/**
 * Metering for AI scans. A scan is reserved before the reader runs, then settled when it yields a
 * result or refunded when it does not, so nobody pays for a failed reading.
 */
export interface ScanAllowance {
  reserve(anonymousUserId: AnonymousId): Promise<Result<ScanReservation, 'allowance used'>>;
  settle(reservationId: string): Promise<void>;
  refund(reservationId: string): Promise<void>;
}
