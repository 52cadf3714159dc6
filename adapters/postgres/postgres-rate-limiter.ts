import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { Clock } from '../../ports/clock';
import type { RateDecision, RateLimit, RateLimiter } from '../../ports/rate-limiter';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import type { Database } from './database';

/** Fixed-window counters in Postgres, so a limit holds across every server process. */
@injectable()
export class PostgresRateLimiter implements RateLimiter {
  private lastSweep = 0;

  constructor(
    @inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>,
    @inject(INJECTION_KEYS.Clock) private readonly clock: Clock,
  ) {}

  async hit(key: string, limit: RateLimit): Promise<RateDecision> {
    const nowMs = this.clock.now().getTime();
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(nowMs / windowMs) * windowMs);
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_start: windowStart, hits: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow();
    await this.sweep(nowMs);
    if (row.hits <= limit.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - nowMs) / 1000)) };
  }

  // Old windows are dropped at most once a minute per process; they only cost disk.
  private async sweep(nowMs: number): Promise<void> {
    if (nowMs - this.lastSweep < 60_000) return;
    this.lastSweep = nowMs;
    await this.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', new Date(nowMs - 24 * 3600_000))
      .execute();
  }
}
