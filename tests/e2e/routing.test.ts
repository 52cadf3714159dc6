import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPhone } from './support/browser';
import { getAs, titleOf } from './support/http';

// On the product's own domains and localhost `/` is the landing page and /app the
// app; on other hosts `/` is the app and /landing the landing page; in the native shell `/` is the app.
const LANDING = 'AI bill splitting for friends, teams, and groups';
const port = (): string => new URL(baseUrl()).port;

describe('routing by environment', () => {
  let appTitle: string | undefined;
  beforeAll(async () => {
    appTitle = titleOf((await getAs('/app', { host: `127.0.0.1:${port()}` })).body);
    expect(appTitle).toBeTruthy();
  });

  it.each(['whospaying.app', 'www.whospaying.app', 'WhosPaying.App:443', 'localhost', 'localhost:4321', '127.0.0.1'])('serves the landing page at / on %s', async (host) => {
    const response = await getAs('/', { host });
    expect(response.status).toBe(200);
    expect(response.body).toContain(LANDING);
    expect(response.headers.vary).toMatch(/Host/);
  });

  it.each(['bills.example.com', 'whospaying.app.example.net', 'example.org:8080'])('serves the app at / on another host, %s', async (host) => {
    const response = await getAs('/', { host });
    expect(response.status).toBe(200);
    expect(response.body).not.toContain(LANDING);
    expect(titleOf(response.body)).toBe(appTitle);
  });

  it('serves the app at / inside the native shell, even on the own domain', async () => {
    const response = await getAs('/', { host: 'whospaying.app', 'user-agent': 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 WhosPayingApp/1.0' });
    expect(response.body).not.toContain(LANDING);
    expect(titleOf(response.body)).toBe(appTitle);
  });

  it.each(['whospaying.app', 'bills.example.com'])('serves /app and /landing on %s', async (host) => {
    const app = await getAs('/app', { host });
    expect([app.status, titleOf(app.body)]).toEqual([200, appTitle]);
    const landing = await getAs('/landing', { host });
    expect(landing.status).toBe(200);
    expect(landing.body).toContain(LANDING);
  });

  // The browser cannot visit whospaying.app over plain HTTP (.app is on the HSTS preload list) nor
  // override Host, so the product domains are covered by the raw requests above.
  describe('in a browser that resolves another host name to the test server', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser(['--host-resolver-rules=MAP bills.example.com 127.0.0.1']);
    });
    afterAll(() => browser.close());

    it('shows the landing page on localhost and the app on another host', async () => {
      const { context, page } = await newPhone(browser);
      await page.goto(`http://localhost:${port()}/`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(LANDING);
      await page.goto(`http://bills.example.com:${port()}/`);
      expect(await page.title()).toBe(appTitle);
      await page.goto(`http://bills.example.com:${port()}/landing`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(LANDING);
      await context.close();
    });

    it('shows the app at / with the native shell user agent', async () => {
      const { context, page } = await newPhone(browser, { userAgent: 'Mozilla/5.0 (Linux; Android 15) Chrome/130 Mobile WhosPayingApp/1.0' });
      await page.goto(`http://localhost:${port()}/`);
      expect(await page.title()).toBe(appTitle);
      await context.close();
    });
  });
});

describe('the not-found page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each(['/does-not-exist', '/app-store', '/landing/extra', '/privacy-policy/old', '/wp-admin.php'])('answers %s with 404 and a way home', async (path) => {
    const { context, page } = await newPhone(browser);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await page.getByText('404', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    const home = page.getByRole('link', { name: 'Return to Home' });
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });

  it.each(['/live/nosuchbill0000', '/live/NOT..valid', '/r/nosuchbill/nosuchdiner', '/b/not-a-token'])('answers %s with a 404 whose status line says Not Found', async (path) => {
    const response = await fetch(`${baseUrl()}${path}`);
    expect([response.status, response.statusText]).toEqual([404, 'Not Found']);
    if (path.startsWith('/live/')) expect(await response.text()).toContain('Oops! Page not found');
  });

  it('is also the answer for unknown paths on other hosts', async () => {
    const response = await getAs('/nothing-here', { host: 'bills.example.com' });
    expect(response.status).toBe(404);
    expect(response.body).toContain('Oops! Page not found');
  });
});
