/**
 * Times the tab:settle command on made-up tabs (a fixed seed, so every run settles the same tabs) and
 * prints one line per size: people, bills, the plan's transfers, the time to settle once started, and
 * the whole command's time with its start-up.
 *   npm run --silent bench:tab [-- --json]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTabFile, settleTabFile } from './tab/tab-file';

let seed = 38;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = (n: number) => Math.floor(random() * n);

/** A tab of `people` and `bills`: 1–3 payers a bill, each bill split among 2–8 people, a few payments made. */
function madeUpTab(people: number, bills: number, payments = Math.floor(bills / 10)) {
  const names = Array.from({ length: people }, (_, k) => `Person ${k + 1}`);
  const tabBills = Array.from({ length: bills }, (_, b) => {
    const diners = [...new Set(Array.from({ length: 2 + pick(7) }, () => names[pick(people)]!))];
    const owed: Record<string, number> = {};
    let total = 0;
    for (const d of diners) total += owed[d] = 500 + pick(5000);
    const payers = [...new Set(Array.from({ length: 1 + pick(3) }, () => names[pick(people)]!))];
    const paid: Record<string, number> = {};
    let left = total;
    payers.forEach((p, k) => {
      const amount = k === payers.length - 1 ? left : Math.floor(left / 2);
      paid[p] = (paid[p] ?? 0) + amount;
      left -= amount;
    });
    return { name: `Bill ${b + 1}`, paid, owed };
  });
  const transfers = Array.from({ length: payments }, () => ({ from: names[pick(people)]!, to: names[pick(people)]!, amount: 1 + pick(2000) })).filter((t) => t.from !== t.to);
  return { currency: 'EUR', people: names, bills: tabBills, transfers };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-tab-'));
const rows: { name: string; figure: number; unit: string; note: string }[] = [];
for (const [people, bills, payments] of [
  [12, 40, 4],
  [20, 100, 10],
  [20, 100, 300],
  [40, 300, 30],
  [40, 300, 1000],
  [100, 1000, 100],
] as const) {
  const text = JSON.stringify(madeUpTab(people, bills, payments));
  // In the process, best of 3: the command's own work once it has started.
  const times = [0, 1, 2].map(() => {
    const started = performance.now();
    const tab = parseTabFile(text);
    if (!tab.ok) throw new Error(tab.error);
    const plan = settleTabFile(tab.value);
    if (!plan.ok) throw new Error(plan.error);
    return { ms: performance.now() - started, transfers: plan.value.transfers.length };
  });
  // And the whole command once, start-up included.
  const file = join(dir, `tab-${people}-${bills}-${payments}.json`);
  writeFileSync(file, text);
  const started = performance.now();
  execFileSync('npx', ['tsx', 'scripts/tab-settle.ts', file], { encoding: 'utf8' });
  const whole = performance.now() - started;
  const best = Math.min(...times.map((t) => t.ms));
  console.log(`${people} people × ${bills} bills, ${payments} payments made: ${times[0]!.transfers} transfers, settled in ${best.toFixed(0)} ms (best of 3); the whole command ${whole.toFixed(0)} ms`);
  rows.push({
    name: `tab: settle ${people} people × ${bills} bills, ${payments} payments`,
    figure: Math.round(best),
    unit: 'ms',
    note: `${times[0]!.transfers} transfers; whole command ${whole.toFixed(0)} ms`,
  });
}
// For `npm run bench`'s table.
if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
