import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { isUuid } from '../../domain/anonymous-id';
import { currentCounter, monthStart, paymentForNextScan } from '../../domain/freemium';
import { err, ok, type Result } from '../../domain/result';
import { debitForScan, refundForScan } from '../../domain/token-ledger';
import type { Clock } from '../../ports/clock';
import type { ScanAllowance, ScanReservation } from '../../ports/scan-allowance';
import { TOKENS } from '../../ports/tokens';
import type { Database } from './database';
import { meteringState, touchUser } from './ledger-queries';

/**
 * Scan metering in Postgres. A reservation takes a free bill (the month's counter goes up) or one
 * token (a debit entry) inside one transaction that holds the user's row lock, so concurrent scans
 * for one user are decided one after another and can never overspend.
 */
@injectable()
export class PostgresScanAllowance implements ScanAllowance {
  constructor(
    @inject(TOKENS.Database) private readonly db: Kysely<Database>,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async reserve(anonymousUserId: string): Promise<Result<ScanReservation, 'allowance used'>> {
    const now = this.clock.now();
    const month = monthStart(now);
    return this.db.transaction().execute(async (tx) => {
      await touchUser(tx, anonymousUserId, now);
      const state = await meteringState(tx, anonymousUserId, month);
      const paidWith = paymentForNextScan(currentCounter(state.counter, now).billsUsed, state.balance);
      if (paidWith === null) return err('allowance used' as const);
      const id = randomUUID();
      await tx.insertInto('scan_reservations').values({ id, anonymous_user_id: anonymousUserId, paid_with: paidWith, month_start: month, reserved_at: now }).execute();
      if (paidWith === 'free bill') {
        await tx
          .insertInto('monthly_usage')
          .values({ anonymous_user_id: anonymousUserId, month_start: month, bills_used: 1 })
          .onConflict((oc) => oc.columns(['anonymous_user_id', 'month_start']).doUpdateSet({ bills_used: sql`monthly_usage.bills_used + 1` }))
          .execute();
      } else {
        await tx.insertInto('token_ledger').values({ anonymous_user_id: anonymousUserId, ...debitForScan(), reservation_id: id, created_at: now }).execute();
      }
      return ok({ id, paidWith });
    });
  }

  /** Keeps the charge. Settling twice, or after a refund, changes nothing. */
  async settle(reservationId: string): Promise<void> {
    if (!isUuid(reservationId)) return;
    await this.db
      .updateTable('scan_reservations')
      .set({ status: 'settled', closed_at: this.clock.now() })
      .where('id', '=', reservationId)
      .where('status', '=', 'reserved')
      .execute();
  }

  /** Gives the free bill or the token back, once; after a settle it changes nothing. */
  async refund(reservationId: string): Promise<void> {
    if (!isUuid(reservationId)) return;
    const now = this.clock.now();
    await this.db.transaction().execute(async (tx) => {
      const closed = await tx
        .updateTable('scan_reservations')
        .set({ status: 'refunded', closed_at: now })
        .where('id', '=', reservationId)
        .where('status', '=', 'reserved')
        .returning(['anonymous_user_id', 'paid_with', sql<string>`month_start::text`.as('month_start')])
        .executeTakeFirst();
      if (!closed) return;
      if (closed.paid_with === 'token') {
        await tx.insertInto('token_ledger').values({ anonymous_user_id: closed.anonymous_user_id, ...refundForScan(), reservation_id: reservationId, created_at: now }).execute();
      } else {
        await tx
          .updateTable('monthly_usage')
          .set({ bills_used: sql`bills_used - 1` })
          .where('anonymous_user_id', '=', closed.anonymous_user_id)
          .where('month_start', '=', closed.month_start)
          .where('bills_used', '>', 0)
          .execute();
      }
    });
  }
}
