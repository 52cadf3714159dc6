import type { Clock } from '../../ports/clock';
import type { RateDecision, RateLimit, RateLimiter } from '../../ports/rate-limiter';

/** In-memory fake of the rate limiter port, for tests. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  async hit(key: string, limit: RateLimit): Promise<RateDecision> {
    const nowMs = this.clock.now().getTime();
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = Math.floor(nowMs / windowMs) * windowMs;
    const id = `${key}@${windowStart}`;
    const hits = (this.hits.get(id) ?? 0) + 1;
    this.hits.set(id, hits);
    if (hits <= limit.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000)) };
  }
}
