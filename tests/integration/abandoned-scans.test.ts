import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemoryDailyQuotas } from '../../adapters/memory/memory-daily-quotas';
import { MemoryScanCredits } from '../../adapters/memory/memory-scan-credits';
import { PostgresDailyQuotas } from '../../adapters/postgres/postgres-daily-quotas';
import { PostgresScanAllowance } from '../../adapters/postgres/postgres-scan-allowance';
import { PostgresUsage } from '../../adapters/postgres/postgres-usage';
import type { AnonymousId } from '../../domain/anonymous-id';
import { RESERVATION_ABANDONED_AFTER_MS } from '../../domain/scan-credits/freemium';
import type { DailyQuotas } from '../../ports/daily-quotas';
import type { Abandoned, ScanAllowance } from '../../ports/scan-allowance';
import type { UsageQuery } from '../../ports/usage';
import { FakeClock } from '../support/clock';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

const DAY = '2026-11-22';

/**
 * Two servers (slots a and b) each leave a free scan reserved, the address's free scan held, when
 * their process dies; what is given back at each step.
 */
async function story(make: (slot: string) => ScanAllowance, quotas: DailyQuotas, usage: UsageQuery, clock: FakeClock) {
  const [ann, bob] = [randomUUID() as AnonymousId, randomUUID() as AnonymousId];
  const address = `free-scans:${randomUUID()}`;
  for (const [slot, id] of [
    ['a', ann],
    ['b', bob],
  ] as const) {
    const reserved = await make(slot).reserve(id);
    if (!reserved.ok) throw new Error(reserved.error);
    expect(await quotas.take(address, DAY, 1, 2)).toBe(true);
    await make(slot).holdFreeScan(reserved.value.id, { quota: address, day: DAY });
  }
  const state = async () => [(await usage.usageFor(ann)).billsUsed, (await usage.usageFor(bob)).billsUsed, (await quotas.take(address, DAY, 1, 2)) ? 'room' : 'full'];
  const refunded = (slot: string, which: Abandoned) => make(slot).refundAbandoned(which);
  const steps: unknown[] = [await state()];
  // Server a starts again: its previous process's reservation goes back, b's (alive) stays.
  steps.push(await refunded('a', 'at start'), await state());
  await quotas.giveBack(address, DAY, 1); // what state() took
  steps.push(await refunded('a', 'at start'), await refunded('a', 'timed out'));
  // b never comes back: once older than any reading runs, any process's sweep gives it back.
  clock.advance(RESERVATION_ABANDONED_AFTER_MS + 1);
  steps.push(await refunded('a', 'timed out'), await state());
  return steps;
}

const EXPECTED = [[1, 1, 'full'], 1, [0, 1, 'room'], 0, 0, 1, [0, 0, 'room']];

describeEachDatabase('scan reservations a dead process left', (open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.close());

  it('are given back at its server’s next start, or by any sweep once older than a reading runs, with the address’s free scan', async () => {
    const clock = new FakeClock(new Date(`${DAY}T12:00:00Z`));
    const steps = await story((slot) => new PostgresScanAllowance(t.db, clock, 'test', slot), new PostgresDailyQuotas(t.db, clock), new PostgresUsage(t.db, clock), clock);
    expect(steps).toEqual(EXPECTED);
  });

  it('the same way in the in-memory fake (one process: at start everything open was left before)', async () => {
    const clock = new FakeClock(new Date(`${DAY}T12:00:00Z`));
    const quotas = new MemoryDailyQuotas();
    const metering = new MemoryScanCredits(clock, quotas);
    // One fake for both slots: at start it gives back b's too.
    const steps = await story(() => metering, quotas, metering, clock);
    expect(steps).toEqual([[1, 1, 'full'], 2, [0, 0, 'room'], 0, 0, 0, [0, 0, 'room']]);
  });
});
