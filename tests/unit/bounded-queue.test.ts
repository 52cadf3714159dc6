import { describe, expect, it } from 'vitest';
import { BoundedQueue } from '../../src/application/scanning/bounded-queue';

describe('BoundedQueue', () => {
  it('runs at most `concurrency` jobs at once and refuses beyond its capacity', async () => {
    const queue = new BoundedQueue(2, 1);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      new Promise<number>((resolve) => {
        running += 1;
        peak = Math.max(peak, running);
        releases.push(() => {
          running -= 1;
          resolve(1);
        });
      });
    const accepted = [queue.run(job), queue.run(job), queue.run(job)];
    expect(await queue.run(job)).toBeNull();
    expect(queue.hasRoom).toBe(false);
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(accepted)).toEqual([{ value: 1 }, { value: 1 }, { value: 1 }]);
    expect(peak).toBe(2);
    expect(queue.depth).toBe(0);
  });

  it('frees the slot when a job throws', async () => {
    const queue = new BoundedQueue(1, 0);
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 2)).toEqual({ value: 2 });
  });
});
