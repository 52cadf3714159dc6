import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser';
import { expectAccessible, FakeBackend, openApp, scanToReview } from './support/wizard';

// Issue 29: a line the reader missed ("1 FOOD 6.00") can be added on Review, at what the lines fall short by.
describe('a line the reader missed, added on Review', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await newPhone(browser));
  });
  afterEach(() => context.close());

  const heightOf = async (name: string | RegExp) => (await page.getByRole('button', { name }).boundingBox())?.height ?? 0;

  it('says by how much the lines fall short, offers that line, and adds it with its name', async () => {
    const backend = await FakeBackend.on(page);
    await openApp(page);
    await scanToReview(page, backend, {
      items: [
        { name: 'Soup', pricePence: 500, kind: 'item' },
        { name: 'Total', pricePence: 1100, kind: 'total' },
      ],
      totalPence: 1100,
      merchant: 'The Test Kitchen',
      date: '2026-11-25',
      currency: 'GBP',
    });

    expect(await page.getByText(/come to £5\.00, £6\.00 less than the receipt's printed total of £11\.00\. Or did the reader miss a line\?/).count()).toBe(1);
    await page.getByRole('button', { name: 'Add a missed line of £6.00' }).click();
    const name = page.getByLabel('Name of the missed line');
    const price = page.getByLabel('Price of the missed line');
    expect(await price.inputValue()).toBe('6.00');
    expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
    for (const button of ['Add a missed line of £6.00', 'Add line']) expect(await heightOf(button)).toBeGreaterThanOrEqual(44);
    expect((await name.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, 'review with a shortfall');

    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter the name of the line.' }).waitFor();
    await name.fill('1 FOOD');
    await page.getByRole('button', { name: 'Add line' }).click();

    await page.getByText('The included lines add up to the printed total of £11.00.').waitFor();
    expect(await page.getByLabel('Include 1 FOOD').isChecked()).toBe(true);
    expect(await page.getByLabel('Price of 1 FOOD').inputValue()).toBe('6.00');
    expect(await price.inputValue()).toBe('');
    expect(await page.getByRole('button', { name: /Add a missed line/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Continue with 2 items' }).click();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    expect(await page.getByText('1 FOOD', { exact: true }).count()).toBe(1);
  });
});
