import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPhone } from './support/browser';

describe('the built app on its embedded defaults', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('reports health as JSON with the database and each adapter mode', async () => {
    const response = await fetch(`${baseUrl()}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      database: { kind: 'pglite', reachable: true },
      adapters: { receiptEngine: 'local', stripe: 'test mode', paypal: 'test mode' },
    });
  });

  it('serves the landing page and the app', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
    const app = await page.goto('/app');
    expect(app?.status()).toBe(200);
    await context.close();
  });

  it('serves the hashed build assets compressed and cached for good, the same bytes once decoded', async () => {
    const html = await (await fetch(`${baseUrl()}/app`)).text();
    const asset = /src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/_astro\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const original = await readFile(`dist/client${asset}`, 'utf8');
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${baseUrl()}${asset}`, { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('cache-control')).toContain('immutable');
      expect(await response.text()).toBe(original);
    }
    const plain = await fetch(`${baseUrl()}${asset}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(original);
  });
});
