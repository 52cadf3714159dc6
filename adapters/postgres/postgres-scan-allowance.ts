import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { isUuid } from '../../domain/anonymous-id';
import { MAX_FREE_BILLS, monthStart, RESERVATION_ABANDONED_AFTER_MS } from '../../domain/scan-credits/freemium';
import { err, ok, type Result } from '../../domain/result';
import { debitForScan, refundForScan } from '../../domain/scan-credits/ledger';
import type { Clock } from '../../ports/clock';
import type { Abandoned, FreeScan, ScanAllowance, ScanReservation } from '../../ports/scan-allowance';
import type { PaymentsMode } from '../../ports/scan-credits';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import type { Database } from './database';
import { balanceChange, seenNow, spendableColumn, touchUser } from './ledger-queries';

/**
 * Scan metering in Postgres. A reservation is one statement: it takes a free bill while the
 * month's counter is under the limit, else one token while the maintained balance holds one
 * (conditional updates, so concurrent scans can never overspend), and records the reservation and
 * the debit entry. Its cost does not depend on the user's history. Reservations abandoned by a
 * reading that never finished are refunded before the user's next reservation, by every process's
 * sweep once they are older than any reading runs, and at start by the process that follows the one
 * that made them (a reservation names its server, host and port, which one process holds at a time).
 */
@injectable()
export class PostgresScanAllowance implements ScanAllowance {
  constructor(
    @inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>,
    @inject(INJECTION_KEYS.Clock) private readonly clock: Clock,
    @inject(INJECTION_KEYS.PaymentsMode) private readonly mode: PaymentsMode = 'test',
    @inject(INJECTION_KEYS.ServerSlot) private readonly slot: string = 'local',
  ) {}

  async reserve(anonymousUserId: string): Promise<Result<ScanReservation, 'allowance used'>> {
    const now = this.clock.now();
    const abandonedBefore = new Date(now.getTime() - RESERVATION_ABANDONED_AFTER_MS);
    let attempt = await this.tryReserve(anonymousUserId, now, abandonedBefore);
    if (attempt === 'abandoned reservations first') {
      await this.refundAbandonedOf(anonymousUserId, now, abandonedBefore);
      attempt = await this.tryReserve(anonymousUserId, now, abandonedBefore);
    }
    // Only a server whose clock is ten minutes behind ours could have left one meanwhile.
    if (attempt === 'abandoned reservations first') throw new Error("abandoned scan reservations reappeared after their refund: check the servers' clocks");
    return attempt === null ? err('allowance used' as const) : ok(attempt);
  }

  /**
   * The whole reservation in one statement, or nothing when the user has an abandoned reservation
   * to refund first (refunding and reserving in one statement could change one row twice).
   */
  private async tryReserve(anonymousUserId: string, now: Date, abandonedBefore: Date): Promise<ScanReservation | null | 'abandoned reservations first'> {
    const id = randomUUID();
    const month = monthStart(now);
    const debit = debitForScan();
    // Scans paid while payments run in TEST MODE are marked with their debit (issue 16).
    const testMode = this.mode === 'test';
    const { rows } = await sql<{ abandoned: boolean; paid_with: ScanReservation['paidWith'] | null }>`
      with
        abandoned as (
          select exists (
            select 1 from scan_reservations
            where anonymous_user_id = ${anonymousUserId}::uuid and status = 'reserved' and reserved_at < ${abandonedBefore}::timestamptz
          ) as found),
        ${seenNow(anonymousUserId, now)},
        free_bill as (
          insert into monthly_usage (anonymous_user_id, month_start, bills_used)
          select id, ${month}::date, 1 from seen where not (select found from abandoned)
          on conflict (anonymous_user_id, month_start) do update set bills_used = monthly_usage.bills_used + 1
            where monthly_usage.bills_used < ${MAX_FREE_BILLS}::integer
          returning 'free bill'::text as paid_with),
        token as (
          update token_balances set ${balanceChange(sql`${debit.tokens}::integer`, testMode)}
          where anonymous_user_id = ${anonymousUserId}::uuid and ${spendableColumn(this.mode)} + ${debit.tokens}::integer >= 0
            and not (select found from abandoned) and not exists (select 1 from free_bill)
          returning 'token'::text as paid_with),
        reservation as (
          insert into scan_reservations (id, anonymous_user_id, paid_with, month_start, reserved_at, test_mode, owner)
          select ${id}::uuid, ${anonymousUserId}::uuid, paid_with, ${month}::date, ${now}::timestamptz, ${testMode}::boolean, ${this.slot}::text
          from (select paid_with from free_bill union all select paid_with from token) as paid
          returning paid_with),
        debit as (
          insert into token_ledger (anonymous_user_id, kind, tokens, reservation_id, created_at, test_mode)
          select ${anonymousUserId}::uuid, ${debit.kind}::text, ${debit.tokens}::integer, ${id}::uuid, ${now}::timestamptz, ${testMode}::boolean
          from reservation where paid_with = 'token')
      select (select found from abandoned) as abandoned, (select paid_with from reservation) as paid_with`.execute(this.db);
    const row = rows[0]!;
    if (row.abandoned) return 'abandoned reservations first';
    return row.paid_with === null ? null : { id, paidWith: row.paid_with };
  }

  /** Under the user's row lock, so a reservation starting meanwhile waits instead of crossing it. */
  private async refundAbandonedOf(anonymousUserId: string, now: Date, abandonedBefore: Date): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await touchUser(tx, anonymousUserId, now);
      await refundReserved(tx, now, sql`anonymous_user_id = ${anonymousUserId}::uuid and reserved_at < ${abandonedBefore}::timestamptz`, { freeScans: true });
    });
  }

  async holdFreeScan(reservationId: string, freeScan: FreeScan): Promise<void> {
    if (!isUuid(reservationId)) return;
    await this.db.updateTable('scan_reservations').set({ free_scan_quota: freeScan.quota, free_scan_day: freeScan.day }).where('id', '=', reservationId).where('status', '=', 'reserved').execute();
  }

  async refundAbandoned(which: Abandoned): Promise<number> {
    const now = this.clock.now();
    const timedOut = sql`reserved_at < ${new Date(now.getTime() - RESERVATION_ABANDONED_AFTER_MS)}::timestamptz`;
    return refundReserved(this.db, now, which === 'at start' ? sql`(${timedOut} or owner = ${this.slot}::text)` : timedOut, { freeScans: true });
  }

  /** Keeps the charge. Settling twice, or after a refund, changes nothing. */
  async settle(reservationId: string): Promise<void> {
    if (!isUuid(reservationId)) return;
    await this.db.updateTable('scan_reservations').set({ status: 'settled', closed_at: this.clock.now() }).where('id', '=', reservationId).where('status', '=', 'reserved').execute();
  }

  /** Gives the free bill or the token back, once; after a settle it changes nothing. */
  async refund(reservationId: string): Promise<void> {
    if (!isUuid(reservationId)) return;
    await refundReserved(this.db, this.clock.now(), sql`id = ${reservationId}::uuid`, { freeScans: false });
  }
}

/**
 * One statement: closes the matching open reservations as refunded and gives back what each one
 * took (a refund entry and the balance for a token, the month's counter for a free bill) and, with
 * `freeScans` (abandoned ones, whose reading is not there to do it), the address's free scan each
 * held. Answers how many it closed.
 */
async function refundReserved(db: Kysely<Database>, now: Date, which: RawBuilder<unknown>, { freeScans }: { freeScans: boolean }): Promise<number> {
  const refund = refundForScan();
  const { rows } = await sql<{ closed: number }>`
    with
      closed as (
        update scan_reservations set status = 'refunded', closed_at = ${now}::timestamptz
        where status = 'reserved' and ${which}
        returning id, anonymous_user_id, paid_with, month_start, test_mode, free_scan_quota, free_scan_day),
      scans_back as (
        update daily_quotas set used = greatest(used - back.n, 0)
        from (select free_scan_quota, free_scan_day, count(*)::integer as n from closed where ${freeScans}::boolean and free_scan_quota is not null group by free_scan_quota, free_scan_day) as back
        where daily_quotas.quota = back.free_scan_quota and daily_quotas.day = back.free_scan_day),
      bills_back as (
        update monthly_usage set bills_used = greatest(bills_used - back.n, 0)
        from (select anonymous_user_id, month_start, count(*)::integer as n from closed where paid_with = 'free bill' group by anonymous_user_id, month_start) as back
        where monthly_usage.anonymous_user_id = back.anonymous_user_id and monthly_usage.month_start = back.month_start),
      entries as (
        insert into token_ledger (anonymous_user_id, kind, tokens, reservation_id, created_at, test_mode)
        select anonymous_user_id, ${refund.kind}::text, ${refund.tokens}::integer, id, ${now}::timestamptz, test_mode from closed where paid_with = 'token'
        returning anonymous_user_id, tokens, test_mode),
      balances as (
        update token_balances set all_balance = all_balance + back.all_tokens, balance = balance + back.live_tokens
        from (
          select anonymous_user_id, sum(tokens)::integer as all_tokens, coalesce(sum(tokens) filter (where not test_mode), 0)::integer as live_tokens
          from entries group by anonymous_user_id) as back
        where token_balances.anonymous_user_id = back.anonymous_user_id)
    select count(*)::integer as closed from closed`.execute(db);
  return rows[0]?.closed ?? 0;
}
