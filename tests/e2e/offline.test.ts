import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser';
import { addDiners, FakeBackend, openApp, toggle } from './support/wizard';

// After a first visit the app shell comes from the service worker, and a
// manual split (entry, assignment, tip, totals) works with no network at all.
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
    const api = await page.evaluate(() =>
      fetch('/api/health').then(
        (r) => r.status,
        () => 'network error',
      ),
    );
    expect(api).toBe('network error');
    await context.close();
  });

  it('splits a manually entered bill offline, and says at once that a scan or buying tokens needs a connection', async () => {
    const { context, page } = await newPhone(browser);
    // Out of allowance: a scan asked for online leads to the panel with Buy Tokens.
    const backend = await FakeBackend.on(page);
    backend.billsUsed = 3;
    await openApp(page);
    let picked = false;
    page.on('filechooser', () => (picked = true));
    await page.getByRole('button', { name: 'Upload Photo' }).click();
    await page.getByRole('heading', { name: 'All Free Bills Used' }).waitFor();
    await context.setOffline(true);

    await page.getByRole('button', { name: 'Upload Photo' }).click();
    await page.locator('.wz-toast').getByText("You're offline. Scanning a receipt needs an internet connection; Enter Manually works offline.").waitFor();
    expect(picked).toBe(false);
    await page.getByRole('button', { name: 'Buy Tokens', exact: true }).click();
    await page.locator('.wz-toast').getByText("You're offline. Buying tokens needs an internet connection.").waitFor();
    expect(await page.getByRole('dialog', { name: 'Purchase Premium Tokens' }).count()).toBe(0);

    // Out of allowance, the panel's free manual entry is the one manual button.
    await page.getByRole('button', { name: 'Enter Items Manually' }).click();
    const manual = page.getByRole('dialog', { name: 'Enter Items Manually' });
    await manual.getByLabel('Item 1 name').fill('Steak');
    await manual.getByLabel('Item 1 price').fill('18.50');
    await manual.getByRole('button', { name: 'Add Another Item' }).click();
    await manual.getByLabel('Item 2 name').fill('Wine');
    await manual.getByLabel('Item 2 price').fill('7.25');
    await manual.getByRole('button', { name: 'Continue (2 items)' }).click();
    await addDiners(page, 'Alice', 'Bob');
    await toggle(page, 'Steak', 'Alice').click();
    await toggle(page, 'Wine', 'Alice').click();
    await toggle(page, 'Wine', 'Bob').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await page.getByRole('button', { name: '20%', exact: true }).click();
    // Wine 725 → 363 + 362; tip 20% of 2575 = 515 → 257 + 258 (Bob is further below his exact share).
    expect(await page.locator('.wz-grand').innerText()).toMatch(/Subtotal\s+£25\.75\s+Tip\s+£5\.15\s+Grand Total\s+£30\.90/);
    expect(await page.getByRole('listitem', { name: 'Alice pays £24.70' }).count()).toBe(1);
    expect(await page.getByRole('listitem', { name: 'Bob pays £6.20' }).count()).toBe(1);

    // A share link is signed by the server: the dialog says why it has none rather than stay blank.
    await page.getByRole('button', { name: 'Share Bill' }).click();
    const share = page.getByRole('dialog', { name: 'Share Bill' });
    await share.getByRole('alert').getByText("You're offline. A share link needs an internet connection; close this and try again when you are back online.").waitFor();
    expect(await share.getByRole('button', { name: 'Copy Link' }).isDisabled()).toBe(true);
    await context.close();
  });
});
