import type { ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { cruiseProject, realName } from '../../scripts/deps.mjs';

async function violations(paths?: string[], baseDir?: string): Promise<string[]> {
  const output = (await cruiseProject(paths, baseDir)) as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${realName(v.from)} -> ${realName(v.to)}`);
}

describe('dependency rule', () => {
  it('holds for the whole code base, .astro files included', async () => {
    expect(await violations()).toEqual([]);
  }, 60_000);

  it('fails when the domain imports an adapter, browser code imports the server, a use case or a page imports an adapter', async () => {
    const found = await violations(['domain', 'src'], 'tests/fixtures/forbidden-import');
    expect(found).toEqual(
      expect.arrayContaining([
        'domain-is-pure: domain/leaky.ts -> adapters/db.ts',
        'browser-code-stays-client-safe: src/client/island.ts -> src/server/secrets.ts',
        'application-knows-only-domain-and-ports: src/application/use-case.ts -> adapters/db.ts',
        'adapters-only-in-the-composition-root: src/pages/leaky.astro -> adapters/db.ts',
      ]),
    );
  }, 60_000);
});
