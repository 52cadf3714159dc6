import { AI_SPEND_QUOTA, budgetDay, freeScansQuota } from '../../../domain/scanning/scan-budgets';
import type { Clock } from '../../../ports/clock';
import type { DailyQuotas } from '../../../ports/daily-quotas';
import type { FreeScan } from '../../../ports/scan-allowance';

export interface ScanBudgetLimits {
  /** Free scans one client address bucket may take per day, across all its anonymous ids. */
  readonly freeScansPerAddressPerDay: number;
  /** The paid reader's daily ceiling and the reckoned cost of one reading (any unit, the same for both); null when reading costs nothing. */
  readonly spend: { readonly dailyBudget: number; readonly costPerScan: number } | null;
}

/**
 * What one scan takes from the day's budgets, held in Postgres so every process counts together,
 * and what it gives back when it is refunded: the free scan always (the id gets its free bill back
 * too), the spend only when the reader was never called (a call costs money even when it fails).
 */
export class ScanBudget {
  private readonly day: string;
  private spent = false;
  private freeScanTaken = false;

  constructor(
    private readonly quotas: DailyQuotas,
    clock: Clock,
    private readonly limits: ScanBudgetLimits,
    private readonly addressBucket: string,
  ) {
    this.day = budgetDay(clock.now());
  }

  /** Reckons one reading against the daily spend ceiling; false when the ceiling is reached. */
  async takeSpend(): Promise<boolean> {
    if (this.limits.spend === null) return true;
    this.spent = await this.quotas.take(AI_SPEND_QUOTA, this.day, this.limits.spend.costPerScan, this.limits.spend.dailyBudget);
    return this.spent;
  }

  /** Takes one of the address's free scans for today; false when they are used up. */
  async takeFreeScan(): Promise<boolean> {
    this.freeScanTaken = await this.quotas.take(freeScansQuota(this.addressBucket), this.day, 1, this.limits.freeScansPerAddressPerDay);
    return this.freeScanTaken;
  }

  /** The address's free scan for today, for the reservation to hold (so an abandoned one gives it back). */
  freeScan(): FreeScan {
    return { quota: freeScansQuota(this.addressBucket), day: this.day };
  }

  /** Gives back what this scan took; `readerCalled` keeps the spend of a call that was made. */
  async giveBack({ readerCalled }: { readerCalled: boolean }): Promise<void> {
    if (this.freeScanTaken) await this.quotas.giveBack(freeScansQuota(this.addressBucket), this.day, 1);
    if (this.spent && !readerCalled && this.limits.spend !== null) await this.quotas.giveBack(AI_SPEND_QUOTA, this.day, this.limits.spend.costPerScan);
    this.freeScanTaken = false;
    this.spent = this.spent && readerCalled;
  }
}
