import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onDemand, prefetchWhenIdle } from '../../../src/client/on-demand';

/** The browser's idle callbacks, run by the test one idle period at a time. */
let idle: (() => void)[] = [];
const nextIdlePeriod = async () => {
  const due = idle;
  idle = [];
  due.forEach((task) => task());
  await vi.waitFor(() => Promise.resolve()); // the loads' promises settle
};

const part = (name: string, fetched: string[], fails = false) =>
  onDemand(() => {
    fetched.push(name);
    return fails ? Promise.reject(new Error('offline')) : Promise.resolve(() => null);
  });

describe('prefetchWhenIdle', () => {
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches one part per idle period, in order', async () => {
    const fetched: string[] = [];
    prefetchWhenIdle([part('assign', fetched), part('summary', fetched), part('share', fetched)]);
    expect(fetched).toEqual([]);
    await nextIdlePeriod();
    expect(fetched).toEqual(['assign']);
    await nextIdlePeriod();
    expect(fetched).toEqual(['assign', 'summary']);
    await nextIdlePeriod();
    await nextIdlePeriod();
    expect(fetched).toEqual(['assign', 'summary', 'share']);
  });

  it('stops after a failed fetch (offline) and leaves the part to be fetched when shown', async () => {
    const fetched: string[] = [];
    const failing = part('assign', fetched, true);
    prefetchWhenIdle([failing, part('summary', fetched)]);
    await nextIdlePeriod();
    await nextIdlePeriod();
    expect(fetched).toEqual(['assign']);
    expect(idle).toEqual([]);
    await failing.load().catch(() => undefined);
    expect(fetched).toEqual(['assign', 'assign']);
  });
});
