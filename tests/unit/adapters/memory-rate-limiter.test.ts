import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../../adapters/memory/memory-rate-limiter';
import { FakeClock } from '../../support/clock';

const PER_MINUTE = { max: 3, windowSeconds: 60 };

describe('MemoryRateLimiter', () => {
  it('allows the limit in a window, then says when the next window starts', async () => {
    const clock = new FakeClock(new Date('2026-11-25T12:00:10Z'));
    const limiter = new MemoryRateLimiter(clock);
    for (let i = 0; i < 3; i++) expect(await limiter.hit('phone', PER_MINUTE)).toEqual({ allowed: true });
    expect(await limiter.hit('phone', PER_MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await limiter.hit('other phone', PER_MINUTE)).toEqual({ allowed: true });
    clock.advance(50_000);
    expect(await limiter.hit('phone', PER_MINUTE)).toEqual({ allowed: true });
  });

  it('forgets finished windows, so a long-running process does not grow with every key it has seen', async () => {
    const clock = new FakeClock(new Date('2026-11-25T12:00:00Z'));
    const limiter = new MemoryRateLimiter(clock);
    for (let i = 0; i < 999; i++) await limiter.hit(`phone-${i}`, PER_MINUTE);
    expect(limiter.size).toBe(999);
    clock.advance(61_000);
    for (let i = 0; i < 1000; i++) await limiter.hit('the one phone now', { max: 10_000, windowSeconds: 60 });
    expect(limiter.size).toBe(1);
  });
});
