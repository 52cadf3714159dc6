import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { isUuid } from '../../domain/anonymous-id';
import { currentCounter, monthStart, paymentForNextScan, RESERVATION_ABANDONED_AFTER_MS } from '../../domain/freemium';
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
 * for one user are decided one after another and can never overspend. Reservations abandoned by
 * a reading that never finished are refunded at the user's next reservation.
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
      await refundReserved(tx, now, { anonymousUserId, reservedBefore: new Date(now.getTime() - RESERVATION_ABANDONED_AFTER_MS) });
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
        await tx
          .insertInto('token_ledger')
          .values({ anonymous_user_id: anonymousUserId, ...debitForScan(), reservation_id: id, created_at: now })
          .execute();
      }
      return ok({ id, paidWith });
    });
  }

  /** Keeps the charge. Settling twice, or after a refund, changes nothing. */
  async settle(reservationId: string): Promise<void> {
    if (!isUuid(reservationId)) return;
    await this.db.updateTable('scan_reservations').set({ status: 'settled', closed_at: this.clock.now() }).where('id', '=', reservationId).where('status', '=', 'reserved').execute();
  }

  /** Gives the free bill or the token back, once; after a settle it changes nothing. */
  async refund(reservationId: string): Promise<void> {
    if (!isUuid(reservationId)) return;
    const now = this.clock.now();
    await this.db.transaction().execute((tx) => refundReserved(tx, now, { reservationId }));
  }
}

type OpenReservations = { readonly reservationId: string } | { readonly anonymousUserId: string; readonly reservedBefore: Date };

/** Closes the matching open reservations as refunded and gives back what each one took. */
async function refundReserved(tx: Transaction<Database>, now: Date, which: OpenReservations): Promise<void> {
  let update = tx.updateTable('scan_reservations').set({ status: 'refunded', closed_at: now }).where('status', '=', 'reserved');
  update = 'reservationId' in which ? update.where('id', '=', which.reservationId) : update.where('anonymous_user_id', '=', which.anonymousUserId).where('reserved_at', '<', which.reservedBefore);
  const closed = await update.returning(['id', 'anonymous_user_id', 'paid_with', sql<string>`month_start::text`.as('month_start')]).execute();
  for (const reservation of closed) {
    if (reservation.paid_with === 'token') {
      await tx
        .insertInto('token_ledger')
        .values({ anonymous_user_id: reservation.anonymous_user_id, ...refundForScan(), reservation_id: reservation.id, created_at: now })
        .execute();
    } else {
      await tx
        .updateTable('monthly_usage')
        .set({ bills_used: sql`bills_used - 1` })
        .where('anonymous_user_id', '=', reservation.anonymous_user_id)
        .where('month_start', '=', reservation.month_start)
        .where('bills_used', '>', 0)
        .execute();
    }
  }
}
