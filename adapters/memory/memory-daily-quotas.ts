import type { DateOnly } from '../../domain/scan-credits/freemium';
import type { DailyQuotas } from '../../ports/daily-quotas';

/** In-memory DailyQuotas with the Postgres adapter's rules, for use-case tests. */
export class MemoryDailyQuotas implements DailyQuotas {
  private readonly used = new Map<string, number>();

  async take(quota: string, day: DateOnly, amount: number, limit: number): Promise<boolean> {
    const key = `${quota}@${day}`;
    const next = (this.used.get(key) ?? 0) + amount;
    if (next > limit) return false;
    this.used.set(key, next);
    return true;
  }

  async giveBack(quota: string, day: DateOnly, amount: number): Promise<void> {
    const key = `${quota}@${day}`;
    this.used.set(key, Math.max(0, (this.used.get(key) ?? 0) - amount));
  }

  /** What a quota has used on a day, for assertions. */
  usedOn(quota: string, day: DateOnly): number {
    return this.used.get(`${quota}@${day}`) ?? 0;
  }
}
