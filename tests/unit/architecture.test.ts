import { createRequire } from 'node:module';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const ruleSet = require('../../.dependency-cruiser.cjs');

async function violations(paths: string[], baseDir?: string): Promise<string[]> {
  const result = await cruise(paths, { ruleSet, validate: true, ...(baseDir ? { baseDir } : {}), tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' } });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('dependency rule (DESIGN.md §2)', () => {
  it('holds for the whole code base', async () => {
    expect(await violations(['domain', 'ports', 'adapters', 'src', 'migrations'])).toEqual([]);
  }, 60_000);

  it('fails when the domain imports an adapter or browser code imports the server', async () => {
    const found = await violations(['domain', 'src'], 'tests/fixtures/forbidden-import');
    expect(found).toEqual(
      expect.arrayContaining([
        'domain-is-pure: domain/leaky.ts -> adapters/db.ts',
        'browser-code-stays-client-safe: src/client/island.ts -> src/server/secrets.ts',
      ]),
    );
  }, 60_000);
});
