import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';

const EVERY_RESPONSE = ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'content-security-policy', 'x-request-id'];

async function headersOf(path: string, init: RequestInit = {}): Promise<Headers> {
  const response = await fetch(`${baseUrl()}${path}`, init);
  await response.arrayBuffer();
  return response.headers;
}

describe('security headers', () => {
  it('are on every response: prerendered and rendered pages, static files, API answers, errors', async () => {
    const html = await (await fetch(`${baseUrl()}/landing`)).text();
    const asset = /src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1] ?? '/manifest.webmanifest';
    for (const path of ['/landing', '/', '/app', '/privacy-policy', asset, '/icons/icon.svg', '/sw.js', '/api/health', '/no-such-page', '/b/NOT.A-TOKEN']) {
      const headers = await headersOf(path);
      for (const name of EVERY_RESPONSE) expect(headers.get(name), `${name} on ${path}`).toBeTruthy();
      expect(headers.get('content-security-policy'), path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    }
  });

  it('allow exactly the inline scripts each page carries (the pre-paint theme script among them)', async () => {
    for (const path of ['/landing', '/app', '/share-view?token=X']) {
      const response = await fetch(`${baseUrl()}${path}`);
      const html = await response.text();
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter(Boolean);
      expect(inline.length, path).toBeGreaterThan(0);
      const policy = response.headers.get('content-security-policy')!;
      const hashes = policy.match(/'sha256-[^']+'/g) ?? [];
      expect(hashes.length, path).toBe(new Set(inline).size);
    }
  });

  it('keep every page whose address carries a capability private: no referrer, no cache, no index', async () => {
    const capabilityPages = [
      '/app?data=NOT.A-TOKEN',
      '/?data=NOT.A-TOKEN',
      '/share-view?token=X',
      '/b/NOT.A-TOKEN',
      '/share/NOT.A-TOKEN',
      '/r/nosuchbill/nosuchdiner',
      '/receipt/a/b',
      '/app/receipt/a/b',
    ];
    for (const path of [
      ...capabilityPages,
      '/live/nosuchbill',
      '/tab/nosuchtab',
      '/diner?data=x',
      '/diner-landing?data=x',
      '/breakdown?data=x',
      '/app/diner',
      '/api/bills/nosuchbill/events',
      '/api/live-bills/nosuchbill/events?key=x',
    ]) {
      const headers = await headersOf(path);
      expect([headers.get('referrer-policy'), headers.get('cache-control'), headers.get('x-robots-tag')], path).toEqual(['no-referrer', 'private, no-store', 'noindex, nofollow']);
    }
    const app = await headersOf('/app');
    expect([app.get('referrer-policy'), app.get('x-robots-tag')]).toEqual(['strict-origin-when-cross-origin', null]);
  });

  it('echo a plain incoming request id, and make one up for anything else', async () => {
    expect((await headersOf('/api/health', { headers: { 'x-request-id': 'lb-0123456789' } })).get('x-request-id')).toBe('lb-0123456789');
    expect((await headersOf('/api/health', { headers: { 'x-request-id': 'bad id <script>' } })).get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the policy in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('runs the page own scripts and refuses a script injected into it, saying so (what newPhone listens for)', async () => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    const reports: string[] = [];
    page.on('console', (message) => reports.push(message.text()));
    await page.goto('/app');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toMatch(/light|dark/);
    // An allowed inline script would run as it is appended; the refusal's report comes as an event.
    const ran = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          document.addEventListener('securitypolicyviolation', () => resolve((window as unknown as { injected?: boolean }).injected === true), { once: true });
          const script = document.createElement('script');
          script.textContent = 'window.injected = true';
          document.body.append(script);
        }),
    );
    expect(ran).toBe(false);
    await expect.poll(() => reports.some((r) => r.includes('Content Security Policy'))).toBe(true);
    await context.close();
  });
});
