import { err, ok, type Result } from '../../domain/result';
import type { ScanAllowance, ScanReservation } from '../../ports/scan-allowance';

interface Account {
  freeBillsUsed: number;
  tokens: number;
}

/**
 * In-memory fake of scan metering, for tests and for running without the ledger: each user has
 * `freeBills` free scans and `tokens` tokens; a reservation takes one, a refund gives it back.
 * It does not reset monthly.
 */
export class MemoryScanAllowance implements ScanAllowance {
  private readonly accounts = new Map<string, Account>();
  private readonly open = new Map<string, { userId: string; paidWith: ScanReservation['paidWith'] }>();
  private nextId = 1;
  readonly settled: string[] = [];
  readonly refunded: string[] = [];

  constructor(private readonly defaults: { freeBills: number; tokens: number } = { freeBills: 3, tokens: 0 }) {}

  async reserve(anonymousUserId: string): Promise<Result<ScanReservation, 'allowance used'>> {
    const account = this.account(anonymousUserId);
    let paidWith: ScanReservation['paidWith'];
    if (account.freeBillsUsed < this.defaults.freeBills) {
      account.freeBillsUsed += 1;
      paidWith = 'free bill';
    } else if (account.tokens > 0) {
      account.tokens -= 1;
      paidWith = 'token';
    } else return err('allowance used');
    const id = `reservation-${this.nextId++}`;
    this.open.set(id, { userId: anonymousUserId, paidWith });
    return ok({ id, paidWith });
  }

  async settle(reservationId: string): Promise<void> {
    if (this.open.delete(reservationId)) this.settled.push(reservationId);
  }

  async refund(reservationId: string): Promise<void> {
    const reservation = this.open.get(reservationId);
    if (!reservation) return;
    this.open.delete(reservationId);
    const account = this.account(reservation.userId);
    if (reservation.paidWith === 'token') account.tokens += 1;
    else account.freeBillsUsed -= 1;
    this.refunded.push(reservationId);
  }

  /** What a user has left: for assertions in tests. */
  remaining(anonymousUserId: string): { freeBills: number; tokens: number } {
    const account = this.account(anonymousUserId);
    return { freeBills: this.defaults.freeBills - account.freeBillsUsed, tokens: account.tokens };
  }

  private account(userId: string): Account {
    let account = this.accounts.get(userId);
    if (!account) {
      account = { freeBillsUsed: 0, tokens: this.defaults.tokens };
      this.accounts.set(userId, account);
    }
    return account;
  }
}
