import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { DateOnly } from '../../domain/scan-credits/freemium';
import type { Clock } from '../../ports/clock';
import type { DailyQuotas } from '../../ports/daily-quotas';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import type { Database } from './database';

const KEEP_DAYS = 7;

/**
 * One row per quota and day. Taking is a single INSERT … ON CONFLICT DO UPDATE … WHERE used + amount
 * <= limit: the row lock makes concurrent takes from any process queue up, so the limit holds exactly.
 */
@injectable()
export class PostgresDailyQuotas implements DailyQuotas {
  private lastSweep = 0;

  constructor(
    @inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>,
    @inject(INJECTION_KEYS.Clock) private readonly clock: Clock,
  ) {}

  async take(quota: string, day: DateOnly, amount: number, limit: number): Promise<boolean> {
    if (amount > limit) return false;
    await this.sweep();
    const row = await this.db
      .insertInto('daily_quotas')
      .values({ quota, day, used: amount })
      .onConflict((oc) =>
        oc
          .columns(['quota', 'day'])
          .doUpdateSet({ used: sql`daily_quotas.used + excluded.used` })
          .where(sql<number>`daily_quotas.used + excluded.used`, '<=', limit),
      )
      .returning('used')
      .executeTakeFirst();
    return row !== undefined;
  }

  async giveBack(quota: string, day: DateOnly, amount: number): Promise<void> {
    await this.db
      .updateTable('daily_quotas')
      .set({ used: sql`greatest(0, used - ${amount})` })
      .where('quota', '=', quota)
      .where('day', '=', day)
      .execute();
  }

  // Past days are dropped at most once an hour per process; they only cost disk.
  private async sweep(): Promise<void> {
    const nowMs = this.clock.now().getTime();
    if (nowMs - this.lastSweep < 3600_000) return;
    this.lastSweep = nowMs;
    await this.db
      .deleteFrom('daily_quotas')
      .where('day', '<', new Date(nowMs - KEEP_DAYS * 86_400_000).toISOString().slice(0, 10))
      .execute();
  }
}
