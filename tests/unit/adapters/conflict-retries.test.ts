import { describe, expect, it } from 'vitest';
import { retryingConflicts } from '../../../adapters/postgres/conflict-retries';

const fault = (code: string) => Object.assign(new Error(`database said ${code}`), { code });

describe('a transaction Postgres rolled back for a conflict', () => {
  it('is tried again after a deadlock or a serialization failure, waiting longer each time', async () => {
    const faults = [fault('40P01'), fault('40001')];
    const waits: number[] = [];
    let tries = 0;
    const answer = await retryingConflicts(
      async () => {
        tries++;
        const next = faults.shift();
        if (next !== undefined) throw next;
        return 'committed';
      },
      async (ms) => void waits.push(ms),
    );
    expect([answer, tries]).toEqual(['committed', 3]);
    expect(waits[0]).toBeGreaterThanOrEqual(5);
    expect(waits[1]).toBeGreaterThan(waits[0]! / 3);
  });

  it('gives up after five tries, and never retries any other error', async () => {
    let tries = 0;
    const deadlocked = retryingConflicts(
      async () => {
        tries++;
        throw fault('40P01');
      },
      async () => {},
    );
    await expect(deadlocked).rejects.toMatchObject({ code: '40P01' });
    expect(tries).toBe(5);
    tries = 0;
    const broken = retryingConflicts(
      async () => {
        tries++;
        throw fault('23503');
      },
      async () => {},
    );
    await expect(broken).rejects.toMatchObject({ code: '23503' });
    expect(tries).toBe(1);
  });
});
