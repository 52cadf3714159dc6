import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../adapters/memory/memory-rate-limiter';
import { PostgresRateLimiter } from '../../adapters/postgres/postgres-rate-limiter';
import { FakeClock } from '../support/clock';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

const limit = { max: 3, windowSeconds: 60 };

describeEachDatabase('rate limiter', (open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.close());

  it('allows max hits per window, then refuses with the seconds left, then allows again', async () => {
    const clock = new FakeClock(new Date('2026-11-22T12:00:10Z'));
    const limiter = new PostgresRateLimiter(t.db, clock);
    for (let i = 0; i < 3; i++) expect(await limiter.hit('ip:1', limit)).toEqual({ allowed: true });
    expect(await limiter.hit('ip:1', limit)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await limiter.hit('ip:2', limit)).toEqual({ allowed: true });
    clock.advance(50_000);
    expect(await limiter.hit('ip:1', limit)).toEqual({ allowed: true });
  });

  it('counts concurrent hits exactly (no lost updates)', async () => {
    const limiter = new PostgresRateLimiter(t.db, new FakeClock());
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('burst', { max: 5, windowSeconds: 60 })));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it('behaves like the in-memory fake other tests rely on', async () => {
    const clock = new FakeClock(new Date('2026-11-22T12:00:10Z'));
    const real = new PostgresRateLimiter(t.db, clock);
    const fake = new MemoryRateLimiter(clock);
    for (let i = 0; i < 5; i++) expect(await fake.hit('same', limit)).toEqual(await real.hit('same', limit));
  });
});
