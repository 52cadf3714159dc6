import type { Clock } from '../../ports/clock';
import type { RateDecision, RateLimit, RateLimiter } from '../../ports/rate-limiter';

// Finished windows are forgotten every so many hits, so a long-running process holds only live ones.
const SWEEP_EVERY_HITS = 1000;

/**
 * Fixed-window counts in this process's memory: the live bill's claims (a limit per phone that
 * needs no database round trip), and the fake the tests use for the port.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { readonly endsAtMs: number; hits: number }>();
  private hitsSinceSweep = 0;

  constructor(private readonly clock: Clock) {}

  async hit(key: string, limit: RateLimit): Promise<RateDecision> {
    const nowMs = this.clock.now().getTime();
    this.sweep(nowMs);
    const windowMs = limit.windowSeconds * 1000;
    const id = `${key}@${limit.windowSeconds}`;
    let window = this.windows.get(id);
    if (window === undefined || window.endsAtMs <= nowMs) {
      window = { endsAtMs: (Math.floor(nowMs / windowMs) + 1) * windowMs, hits: 0 };
      this.windows.set(id, window);
    }
    window.hits += 1;
    if (window.hits <= limit.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAtMs - nowMs) / 1000)) };
  }

  /** How many windows are held (for the test that they are forgotten). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(nowMs: number): void {
    if (++this.hitsSinceSweep < SWEEP_EVERY_HITS) return;
    this.hitsSinceSweep = 0;
    for (const [id, window] of this.windows) if (window.endsAtMs <= nowMs) this.windows.delete(id);
  }
}
