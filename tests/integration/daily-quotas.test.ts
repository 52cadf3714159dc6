import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresDailyQuotas } from '../../adapters/postgres/postgres-daily-quotas';
import { FakeClock } from '../support/clock';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

describeEachDatabase('daily quotas', (open) => {
  let t: TestDatabase;
  let quotas: PostgresDailyQuotas;
  beforeAll(async () => {
    t = await open();
    quotas = new PostgresDailyQuotas(t.db, new FakeClock());
  });
  afterAll(() => t.close());

  it('takes up to the limit and no further; each day and each quota counts apart', async () => {
    const taken = [];
    for (let i = 0; i < 5; i++) taken.push(await quotas.take('free-scans:203.0.113.1', '2026-11-24', 1, 3));
    expect(taken).toEqual([true, true, true, false, false]);
    expect(await quotas.take('free-scans:203.0.113.1', '2026-11-25', 1, 3)).toBe(true);
    expect(await quotas.take('free-scans:203.0.113.2', '2026-11-24', 1, 3)).toBe(true);
  });

  it('amounts: a take that would pass the limit takes nothing', async () => {
    expect(await quotas.take('openai-spend', '2026-11-24', 4, 10)).toBe(true);
    expect(await quotas.take('openai-spend', '2026-11-24', 7, 10)).toBe(false);
    expect(await quotas.take('openai-spend', '2026-11-24', 6, 10)).toBe(true);
    expect(await quotas.take('openai-spend', '2026-11-26', 11, 10)).toBe(false);
  });

  it('gives back, never below zero', async () => {
    expect(await quotas.take('q', '2026-11-24', 1, 1)).toBe(true);
    await quotas.giveBack('q', '2026-11-24', 5);
    expect(await quotas.take('q', '2026-11-24', 1, 1)).toBe(true);
    expect(await quotas.take('q', '2026-11-24', 1, 1)).toBe(false);
  });

  it('concurrent takes from two connection pools never pass the limit', async () => {
    if (t.url === null) return; // PGlite has one connection; the real Postgres shows the race
    const { connectDatabase } = await import('../../adapters/postgres/connect');
    const other = await connectDatabase({ kind: 'postgres', url: t.url });
    try {
      const second = new PostgresDailyQuotas(other, new FakeClock());
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? quotas : second).take('race', '2026-11-24', 1, 7)));
      expect(results.filter(Boolean)).toHaveLength(7);
    } finally {
      await other.destroy();
    }
  });
});
