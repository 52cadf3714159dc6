import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 38: `npm run --silent tab:settle -- <tab.json>` as a person runs it: one JSON line, or a
// message naming the bill and a non-zero exit with no plan.

const run = promisify(execFile);
let dir: string;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'tab-settle-'))));

async function settle(tab: unknown): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, typeof tab === 'string' ? tab : JSON.stringify(tab));
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/tab-settle.ts', file]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const dinner = { name: 'Dinner', paid: { Ana: 6000, Ben: 1500 }, owed: { Ana: 2500, Ben: 2500, Cat: 2500 } };

describe('tab:settle', () => {
  it('prints the balances after payments made and the fewest transfers, as one JSON line', async () => {
    const { code, stdout } = await settle({ currency: 'EUR', people: ['Ana', 'Ben', 'Cat'], bills: [dinner], transfers: [{ from: 'Cat', to: 'Ana', amount: 1000 }] });
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(stdout)).toEqual({
      balances: { Ana: 2500, Ben: -1000, Cat: -1500 },
      transfers: [
        { from: 'Ben', to: 'Ana', amount: 1000 },
        { from: 'Cat', to: 'Ana', amount: 1500 },
      ],
    });
  });

  it.each([
    ['paid and owed differ', { ...dinner, paid: { Ana: 6000 } }, /^Dinner: the amounts paid come to €15\.00 less than the bill's total/],
    ['a negative amount', { ...dinner, paid: { Ana: 9000, Ben: -1500 } }, /^Dinner: Ben's amount \(-1500\)/],
    ['a fractional amount', { ...dinner, paid: { Ana: 6000.5, Ben: 1499.5 } }, /^Dinner: Ana's amount \(6000.5\)/],
    ['a person not in people', { ...dinner, owed: { Ana: 2500, Ben: 2500, Dan: 2500 } }, /^Dinner: Dan is not one of the tab's people/],
  ])('refuses %s, naming the bill, and prints no plan', async (_, bill, message) => {
    const { code, stdout, stderr } = await settle({ currency: 'EUR', people: ['Ana', 'Ben', 'Cat'], bills: [bill] });
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
  });

  it('refuses payments of nothing, a person listed twice and a key it does not know, saying where', async () => {
    const zero = await settle({ currency: 'EUR', people: ['Ana', 'Ben', 'Cat'], bills: [dinner], transfers: [{ from: 'Cat', to: 'Ana', amount: 0 }] });
    expect([zero.code !== 0, zero.stdout, zero.stderr]).toEqual([true, '', expect.stringMatching(/^payment from Cat to Ana: the amount \(0\) must be a whole number of minor units greater than 0/)]);
    expect((await settle({ currency: 'EUR', people: ['Ana', 'Ana'], bills: [] })).stderr).toMatch(/^people: a person is listed twice/);
    expect((await settle({ currency: 'EUR', people: ['Ana', 'Ben', 'Cat'], bills: [dinner], payments: [] })).stderr).toMatch(/payments/);
  });

  it('refuses a file that is not a tab, saying where', async () => {
    expect((await settle('{"currency":"EUR"')).stderr).toMatch(/^not JSON/);
    const { code, stderr } = await settle({ currency: 'EUR', people: ['Ana'], bills: [{ name: 'X', paid: { Ana: '10' }, owed: {} }] });
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/^bills\.0\.paid\.Ana: /);
  });
});
