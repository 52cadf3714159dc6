import { describe, expect, it } from 'vitest';
import { BoundedQueue } from '../../src/application/scanning/bounded-queue';

/** Jobs that run until released one by one, recording the order they started in. */
function gate() {
  const started: string[] = [];
  const releases: (() => void)[] = [];
  let running = 0;
  let peak = 0;
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      running += 1;
      peak = Math.max(peak, running);
      releases.push(() => {
        running -= 1;
        resolve(name);
      });
    });
  const releaseOne = async () => {
    releases.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { job, releaseOne, started, peak: () => peak };
}

describe('BoundedQueue', () => {
  it('runs at most `concurrency` jobs at once and refuses beyond its capacity', async () => {
    const queue = new BoundedQueue(2, 1);
    const g = gate();
    const accepted = ['a', 'b', 'c'].map((key) => queue.admit(key)!.run(g.job(key)));
    expect(queue.admit('d')).toBeNull();
    for (let i = 0; i < 3; i++) await g.releaseOne();
    expect(await Promise.all(accepted)).toEqual(['a', 'b', 'c']);
    expect(g.peak()).toBe(2);
    expect(queue.depth).toBe(0);
  });

  it('frees the place when a job throws, or when an admission is cancelled', async () => {
    const queue = new BoundedQueue(1, 0);
    await expect(queue.admit('a')!.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const admitted = queue.admit('a')!;
    expect(queue.admit('b')).toBeNull();
    admitted.cancel();
    expect(await queue.admit('b')!.run(async () => 2)).toBe(2);
  });

  it('one key holds at most its share, running and waiting together; other keys still get in, and go first', async () => {
    const queue = new BoundedQueue(2, 8, 3);
    const g = gate();
    const admissions = Array.from({ length: 10 }, () => queue.admit('flooder'));
    expect(admissions.filter((a) => a === null)).toHaveLength(7);
    const flood = admissions.filter((a) => a !== null).map((a, i) => a.run(g.job(`f${i}`)));
    const neighbour = queue.admit('neighbour')!.run(g.job('n0'));
    await g.releaseOne(); // a flooder's job ends: the neighbour (nothing running) goes before the flooder's waiter
    expect(g.started).toEqual(['f0', 'f1', 'n0']);
    for (let i = 0; i < 3; i++) await g.releaseOne();
    expect(await neighbour).toBe('n0');
    expect(await Promise.all(flood)).toEqual(['f0', 'f1', 'f2']);
    expect(g.started).toEqual(['f0', 'f1', 'n0', 'f2']);
    expect(queue.depth).toBe(0);
  });
});
