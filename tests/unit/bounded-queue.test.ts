import { describe, expect, it } from 'vitest';
import { BoundedQueue } from '../../src/server/bounded-queue';

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
    const accepted = [queue.run('a', job), queue.run('b', job), queue.run('c', job)];
    expect(await queue.run('d', job)).toBeNull();
    expect(queue.hasRoomFor('d')).toBe(false);
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
    await expect(queue.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('a', async () => 2)).toEqual({ value: 2 });
  });

  /** A job that runs until released, recording the order jobs started in. */
  function gate(started: string[]) {
    const releases: (() => void)[] = [];
    const job = (name: string) => () =>
      new Promise<void>((resolve) => {
        started.push(name);
        releases.push(resolve);
      });
    const releaseOne = async () => {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    };
    return { job, releaseOne };
  }

  it('one key holds at most its share, running and waiting together; other keys still get in', async () => {
    const queue = new BoundedQueue(2, 8, 3);
    const started: string[] = [];
    const { job, releaseOne } = gate(started);
    const flood = Array.from({ length: 10 }, (_, i) => queue.run('flooder', job(`f${i}`)));
    const refused = (await Promise.all(flood.slice(3).map((p) => Promise.race([p, Promise.resolve('pending')])))).filter((r) => r === null);
    expect(refused).toHaveLength(7);
    expect(queue.hasRoomFor('flooder')).toBe(false);
    expect(queue.hasRoomFor('neighbour')).toBe(true);
    const neighbour = queue.run('neighbour', job('n0'));
    await releaseOne(); // a flooder's job ends: the neighbour (nothing running) goes before the flooder's waiter
    expect(started).toEqual(['f0', 'f1', 'n0']);
    for (let i = 0; i < 3; i++) await releaseOne();
    expect(await neighbour).toEqual({ value: undefined });
    expect(started).toEqual(['f0', 'f1', 'n0', 'f2']);
    expect(queue.depth).toBe(0);
  });
});
