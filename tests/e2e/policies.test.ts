import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPhone } from './support/browser';

// The sections, in order.
const SECTIONS = [
  'Introduction',
  'What Information We Collect',
  'How We Use Your Information',
  'AI Processing and Third-Party Services',
  'Data Storage and Retention',
  'Data Sharing and Disclosure',
  'Your Rights and Choices',
  'Data Security',
  "Children's Privacy",
  'Changes',
  'Contact Us',
];

// What the policy states.
const STATEMENTS = [
  'Receipt images are sent temporarily to an AI vision provider for text extraction and are not stored.',
  'Card and wallet payments go through two payment providers',
  'A random anonymous identifier kept in local storage and in a browser database lets you recover purchased tokens.',
  'Purchase records are kept in a database: amount, tokens, provider, payment id, anonymous id.',
  'No accounts, names, e-mails, location or analytics are collected.',
  'The product is not intended for under-13s',
  'Privacy enquiries are answered within 48 hours.',
  'Most data stays on the device',
  'Shared bill links encode bill details',
  'anyone with the link can view them',
  'Camera access.',
  'What is not collected.',
  'Anonymous identifier.',
];

describe('policy pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the privacy policy has every section and statement, and today as its last-updated date', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(SECTIONS);
    const text = (await page.locator('main').textContent())?.replace(/\s+/g, ' ') ?? '';
    for (const statement of STATEMENTS) expect(text).toContain(statement);
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date());
    expect(text).toContain(`Last updated: ${today}`);
    expect(await page.getByRole('link', { name: 'support@whospaying.app' }).getAttribute('href')).toBe('mailto:support@whospaying.app');
    await context.close();
  });

  it('Back returns to the page the visitor came from', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/#stories');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await page.waitForURL(`${baseUrl()}/privacy-policy`);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${baseUrl()}/#stories`);
    await context.close();
  });

  it('Back leads home when the policy was opened directly', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/cookie-policy');
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });

  it("the cookie policy has a Back button and the consent provider's declaration area", async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/cookie-policy');
    await page.getByRole('heading', { level: 1, name: 'Cookie Policy' }).waitFor();
    await page.getByRole('link', { name: 'Back' }).waitFor();
    expect(await page.locator('#CookieDeclaration[data-consent-declaration]').count()).toBe(1);
    await context.close();
  });
});
