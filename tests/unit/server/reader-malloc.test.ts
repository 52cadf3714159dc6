import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasReaderMalloc } from '../../../src/server/container/receipt-reader';

const readerMalloc = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { config: { readerMalloc: string } }).config.readerMalloc;

describe("the local reader's malloc", () => {
  it("is there when GLIBC_TUNABLES holds package.json's config.readerMalloc, as npm start sets it", () => {
    expect(hasReaderMalloc({ GLIBC_TUNABLES: readerMalloc }, 'linux')).toBe(true);
  });

  it('is missing on Linux without it, or with only some other tunable', () => {
    expect(hasReaderMalloc({}, 'linux')).toBe(false);
    expect(hasReaderMalloc({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }, 'linux')).toBe(false);
  });

  it('is not asked for where glibc does not run', () => {
    expect(hasReaderMalloc({}, 'darwin')).toBe(true);
  });

  it('is the same in the image as in package.json', () => {
    const dockerfile = readFileSync(new URL('../../../Dockerfile', import.meta.url), 'utf8');
    expect(dockerfile).toContain(`GLIBC_TUNABLES=${readerMalloc}`);
  });
});
