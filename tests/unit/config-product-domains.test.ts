import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';

describe('PRODUCT_DOMAINS', () => {
  it('defaults to the product domain and its www host', () => {
    expect(readConfig({})).toMatchObject({ ok: true, config: { productDomains: ['whospaying.app', 'www.whospaying.app'] } });
  });

  it('reads a comma-separated list, lower-cased', () => {
    expect(readConfig({ PRODUCT_DOMAINS: 'Split.Example.com,example.org' })).toMatchObject({
      ok: true,
      config: { productDomains: ['split.example.com', 'example.org'] },
    });
  });

  it('rejects something that is not a list of host names', () => {
    const result = readConfig({ PRODUCT_DOMAINS: 'https://whospaying.app/' });
    expect(result.ok ? [] : result.problems.map((p) => p.split(':')[0])).toEqual(['PRODUCT_DOMAINS']);
  });
});
