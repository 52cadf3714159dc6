import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject, onTestFinished } from 'vitest';

// Debian's Chromium, never a downloaded one; the flags keep it off the (closed) network.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export const baseUrl = (): string => inject('baseUrl');

/** `extraArgs`, e.g. `--host-resolver-rules=MAP whospaying.app 127.0.0.1` to visit the server under other host names. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...FLAGS, ...extraArgs] });
}

/**
 * A fresh phone-sized context (no storage shared with other tests). The test fails if any page in
 * it reports a Content-Security-Policy violation, so the policy is proven on every page and island.
 */
export async function newPhone(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, locale: 'en-GB', ...options });
  await failOnPolicyViolations(context);
  const page = await context.newPage();
  return { context, page };
}

async function failOnPolicyViolations(context: BrowserContext): Promise<void> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`${message.location().url}: ${message.text().slice(0, 400)}`);
  });
  onTestFinished(() => expect(violations, 'Content-Security-Policy violations').toEqual([]));
}

/** Waits until every `client:load` island has hydrated: a click on server-rendered HTML before then is lost. */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0);
}
