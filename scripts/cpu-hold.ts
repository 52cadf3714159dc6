// Holds a process to a share of one core, as a small container would: a cgroup v1 CPU quota
// (cpu.cfs_quota_us over a 100 ms period). Needs Linux and the right to make cgroups (root).
import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const CGROUP_CPU = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;

export interface CpuHold {
  /** How often and how long the quota stopped the process so far (the kernel's cpu.stat). */
  throttled(): Promise<{ periods: number; ms: number }>;
  /** Removes the cgroup; call it after the process has exited. */
  release(): Promise<void>;
}

export async function holdToCpuShare(pid: number, percentOfOneCore: number): Promise<CpuHold> {
  const group = join(CGROUP_CPU, `wp-bench-${pid}`);
  await mkdir(group);
  await writeFile(join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
  await writeFile(join(group, 'cpu.cfs_quota_us'), String(Math.round((PERIOD_US * percentOfOneCore) / 100)));
  await writeFile(join(group, 'cgroup.procs'), String(pid));
  return {
    async throttled() {
      const stat = await readFile(join(group, 'cpu.stat'), 'utf8');
      const field = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(stat)?.[1] ?? NaN);
      return { periods: field('nr_throttled'), ms: field('throttled_time') / 1e6 };
    },
    release: () => rmdir(group).catch(() => undefined),
  };
}
