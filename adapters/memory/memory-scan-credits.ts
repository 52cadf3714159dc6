import type { AnonymousId } from '../../domain/anonymous-id';
import { randomBytes, randomUUID } from 'node:crypto';
import { currentCounter, monthStart, paymentForNextScan, RESERVATION_ABANDONED_AFTER_MS, summarizeUsage, type UsageSummary } from '../../domain/scan-credits/freemium';
import { normalizeRecoveryCode, RECOVERY_CODE_BYTES, recoveryCodeFromBytes, redemptionOf, type RecoveryCodeRecord, type RecoveryCodeRefusal } from '../../domain/scan-credits/recovery-code';
import { err, ok, type Result } from '../../domain/result';
import { balanceOf, creditForPurchase, debitForScan, isWellFormed, refundForScan, type LedgerEntry } from '../../domain/scan-credits/ledger';
import type { Clock } from '../../ports/clock';
import type { PurchaseReports, ReportedPurchase } from '../../ports/buying-tokens/purchase-reports';
import type { IssuedRecoveryCode, RecoveryCodes } from '../../ports/recovery-codes';
import type { DailyQuotas } from '../../ports/daily-quotas';
import type { Abandoned, FreeScan, ScanAllowance, ScanReservation } from '../../ports/scan-allowance';
import type { ConfirmedPayment, CreditOutcome, ScanCredits } from '../../ports/scan-credits';
import type { UsageQuery } from '../../ports/usage';

interface Reservation {
  readonly userId: string;
  readonly paidWith: ScanReservation['paidWith'];
  readonly month: string;
  readonly reservedAtMs: number;
  status: 'reserved' | 'settled' | 'refunded';
  freeScan?: FreeScan;
}

/**
 * In-memory fake of every metering port (ScanAllowance, TokenCredits, UsageQuery, PurchaseReports,
 * RecoveryCodes) with the same rules as the Postgres adapters, for other capabilities' tests.
 * Each method runs without awaiting in between, so it is as atomic as the real transactions.
 */
export class MemoryScanCredits implements ScanAllowance, ScanCredits, UsageQuery, PurchaseReports, RecoveryCodes {
  private readonly ledger = new Map<string, LedgerEntry[]>();
  private readonly billsUsed = new Map<string, number>(); // key: `${user}@${monthStart}`
  private readonly reservations = new Map<string, Reservation>();
  private readonly purchases = new Map<string, string>(); // `${provider}:${paymentId}` -> user
  private readonly reports = new Map<string, ReportedPurchase>();
  private readonly codes = new Map<string, RecoveryCodeRecord>(); // by canonical code

  /** `quotas`: where abandoned reservations give the address's free scan back (the daily quotas fake the scans use). */
  constructor(
    private readonly clock: Clock,
    private readonly quotas?: DailyQuotas,
  ) {}

  async reserve(anonymousUserId: string): Promise<Result<ScanReservation, 'allowance used'>> {
    const nowMs = this.clock.now().getTime();
    const abandoned = [...this.reservations].filter(([, r]) => r.userId === anonymousUserId && r.status === 'reserved' && r.reservedAtMs < nowMs - RESERVATION_ABANDONED_AFTER_MS);
    for (const [id, r] of abandoned) {
      this.refundNow(id);
      if (r.freeScan !== undefined) void this.quotas?.giveBack(r.freeScan.quota, r.freeScan.day, 1);
    }
    const month = monthStart(this.clock.now());
    const used = currentCounter(this.counter(anonymousUserId, month), this.clock.now()).billsUsed;
    const paidWith = paymentForNextScan(used, balanceOf(this.entries(anonymousUserId)));
    if (paidWith === null) return err('allowance used');
    const id = randomUUID();
    this.reservations.set(id, { userId: anonymousUserId, paidWith, month, reservedAtMs: nowMs, status: 'reserved' });
    if (paidWith === 'free bill') this.billsUsed.set(`${anonymousUserId}@${month}`, used + 1);
    else this.append(anonymousUserId, debitForScan());
    return ok({ id, paidWith });
  }

  async holdFreeScan(reservationId: string, freeScan: FreeScan): Promise<void> {
    const reservation = this.reservations.get(reservationId);
    if (reservation?.status === 'reserved') reservation.freeScan = freeScan;
  }

  /** One process holds the fake: at start, whatever is still open was left by its previous life. */
  async refundAbandoned(which: Abandoned): Promise<number> {
    const before = this.clock.now().getTime() - RESERVATION_ABANDONED_AFTER_MS;
    const abandoned = [...this.reservations].filter(([, r]) => r.status === 'reserved' && (which === 'at start' || r.reservedAtMs < before));
    for (const [id] of abandoned) this.refundNow(id);
    for (const [, r] of abandoned) if (r.freeScan !== undefined) await this.quotas?.giveBack(r.freeScan.quota, r.freeScan.day, 1);
    return abandoned.length;
  }

  async settle(reservationId: string): Promise<void> {
    const reservation = this.reservations.get(reservationId);
    if (reservation?.status === 'reserved') reservation.status = 'settled';
  }

  async refund(reservationId: string): Promise<void> {
    this.refundNow(reservationId);
  }

  private refundNow(reservationId: string): void {
    const reservation = this.reservations.get(reservationId);
    if (reservation?.status !== 'reserved') return;
    reservation.status = 'refunded';
    if (reservation.paidWith === 'token') this.append(reservation.userId, refundForScan());
    else {
      const key = `${reservation.userId}@${reservation.month}`;
      this.billsUsed.set(key, Math.max(0, (this.billsUsed.get(key) ?? 0) - 1));
    }
  }

  async creditConfirmedPayment(payment: ConfirmedPayment): Promise<CreditOutcome> {
    const credit = creditForPurchase(payment.tokens);
    const key = `${payment.provider}:${payment.providerPaymentId}`;
    const credited = !this.purchases.has(key);
    if (credited) {
      this.purchases.set(key, payment.anonymousUserId);
      this.append(payment.anonymousUserId, credit);
    }
    return { credited, balance: balanceOf(this.entries(payment.anonymousUserId)) };
  }

  async balance(anonymousUserId: string): Promise<number> {
    return balanceOf(this.entries(anonymousUserId));
  }

  async usageFor(anonymousUserId: string): Promise<UsageSummary> {
    const now = this.clock.now();
    return summarizeUsage(this.counter(anonymousUserId, monthStart(now)), balanceOf(this.entries(anonymousUserId)), now);
  }

  async record(report: ReportedPurchase): Promise<{ readonly confirmed: boolean }> {
    const key = `${report.provider}:${report.paymentId}`;
    if (!this.reports.has(key)) this.reports.set(key, report);
    const confirmed = [...this.purchases].some(([k, user]) => k.endsWith(`:${report.paymentId}`) && user === report.anonymousUserId);
    return { confirmed };
  }

  async issue(anonymousUserId: string, expiresAt: Date): Promise<IssuedRecoveryCode | null> {
    if (![...this.purchases.values()].includes(anonymousUserId)) return null;
    const code = recoveryCodeFromBytes(randomBytes(RECOVERY_CODE_BYTES));
    const canonical = normalizeRecoveryCode(code);
    if (canonical.ok) this.codes.set(canonical.value, { ownerId: anonymousUserId, expiresAt, redeemedBy: null, revokedAt: null });
    return { code, expiresAt };
  }

  async redeem(canonicalCode: string, redeemerId: AnonymousId): Promise<Result<AnonymousId, RecoveryCodeRefusal>> {
    const record = this.codes.get(canonicalCode);
    if (!record) return err('unknown');
    const redemption = redemptionOf(record, redeemerId, this.clock.now());
    if (!redemption.ok) return redemption;
    if (redemption.value === 'first') this.codes.set(canonicalCode, { ...record, redeemedBy: redeemerId });
    return ok(record.ownerId as AnonymousId);
  }

  async revoke(ownerId: string, canonicalCode: string | null): Promise<number> {
    const now = this.clock.now();
    let revoked = 0;
    for (const [code, record] of this.codes) {
      if (record.ownerId !== ownerId || record.revokedAt !== null || (canonicalCode !== null && code !== canonicalCode) || redemptionOf(record, ownerId, now).ok === false) continue;
      this.codes.set(code, { ...record, revokedAt: now });
      revoked++;
    }
    return revoked;
  }

  /** The user's ledger, oldest first, for assertions. */
  entries(anonymousUserId: string): readonly LedgerEntry[] {
    return this.ledger.get(anonymousUserId) ?? [];
  }

  private counter(userId: string, month: string) {
    const used = this.billsUsed.get(`${userId}@${month}`);
    return used === undefined ? null : { billsUsed: used, lastResetDate: month };
  }

  private append(userId: string, entry: LedgerEntry): void {
    // The same rule the database's check constraint enforces for the real ledger.
    if (!isWellFormed(entry)) throw new Error(`malformed ledger entry ${JSON.stringify(entry)}`);
    this.ledger.set(userId, [...this.entries(userId), entry]);
  }
}
