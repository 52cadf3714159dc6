import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser';

// DESIGN.md §1 item 9: after a first visit the app shell comes from the service worker.
// TODO(wizard): when the wizard lands, extend this with manual entry → assignment → tip → totals offline.
describe('offline after a first visit', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('serves the manifest and a service worker whose precache list names this build', async () => {
    const { context, page } = await newPhone(browser);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ start_url: '/app', display: 'standalone' });
    const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status()).toBe(200);
    const sw = await (await page.request.get('/sw.js')).text();
    expect(sw).not.toContain("version: 'dev'");
    const assets: string[] = JSON.parse(/const SHELL = (\{.*\});/.exec(sw)?.[1] ?? '{}').assets;
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await page.request.get(asset)).status(), asset).toBe(200);
    await context.close();
  });

  it('loads the app and the pages already seen with the network cut, but never caches the API', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/');
    await page.goto('/app');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    const online = { title: await page.title(), heading: await page.getByRole('heading', { level: 1 }).textContent() };

    await context.setOffline(true);
    await page.reload();
    expect(await page.title()).toBe(online.title);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(online.heading);
    const styled = await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--color-primary').trim());
    expect(styled).not.toBe('');

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'AI bill splitting for friends, teams, and groups' }).waitFor();
    const api = await page.evaluate(() => fetch('/api/health').then((r) => r.status, () => 'network error'));
    expect(api).toBe('network error');
    await context.close();
  });
});
