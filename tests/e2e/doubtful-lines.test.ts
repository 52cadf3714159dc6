import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser';
import { auditPage, screenshot, showAs, THEMES, WIDTHS } from './support/visual-audit';
import { FakeBackend, openApp, scanToReview } from './support/wizard';

// Issue 40: the reader says which lines it is unsure of, and Review asks the person to check those.

const reading = {
  items: [
    { name: 'Margherita Pizza', label: 'Margherita Pizza', raw: 'Margherita Pizza 9.50', pricePence: 950, kind: 'item', type: 'item', doubtful: false },
    { name: 'Tiramisu', label: 'Tiramisu', raw: 'Tiramisu 5.95', pricePence: 595, kind: 'item', type: 'item', doubtful: true, doubt: 'price' },
    { name: 'Hineral Water', label: 'Hineral Water', raw: 'Hineral Water 2.80', pricePence: 280, kind: 'item', type: 'item', doubtful: true, doubt: 'name' },
    // The local reader's score doubts a line as a whole when how it sits in the receipt weighs most.
    { name: 'Caesar Salad', label: 'Caesar Salad', raw: 'Caesar Salad 7.25', pricePence: 725, kind: 'item', type: 'item', doubtful: true, doubt: 'line' },
    { name: 'Bread', label: 'Bread', raw: 'Bread 3.50', pricePence: 350, kind: 'item', type: 'item', doubtful: true, doubt: 'sum' },
    { name: 'TOTAL', label: 'TOTAL', raw: 'TOTAL 25.50', pricePence: 2550, kind: 'total', type: 'item', doubtful: false },
  ],
  totalPence: 2550,
  merchant: 'The Olive Tree',
  date: null,
  currency: 'GBP',
  // No £ printed: the postcode said where.
  currencyDoubtful: true,
};

describe('Review marks the lines the reader doubted', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows "Check" on each doubtful line, saying why to a screen reader, and drops it once the person corrects the line', { timeout: 120_000 }, async () => {
    const { page } = await newPhone(browser);
    const backend = await FakeBackend.on(page);
    await openApp(page);
    await scanToReview(page, backend, reading);
    const checks = page.getByRole('note');
    expect(await checks.allInnerTexts()).toEqual(['Check', 'Check', 'Check', 'Check', 'Check']);
    await page.getByRole('note', { name: 'Check: no currency sign was printed; the currency was guessed from where the shop is' }).waitFor();
    await page.getByRole('note', { name: 'Check: the reader was unsure of this price' }).waitFor();
    await page.getByRole('note', { name: 'Check: the reader was unsure of this name' }).waitFor();
    await page.getByRole('note', { name: 'Check: this price does not fit the printed total' }).waitFor();
    await page.getByRole('note', { name: 'Check: the reader was unsure of this line' }).waitFor();
    for (const width of WIDTHS)
      for (const theme of THEMES) {
        await showAs(page, width, theme);
        expect(await auditPage(page, `review with doubtful lines ${width} ${theme}`, { axe: true })).toEqual([]);
        await screenshot(page, `issue40-review-doubtful-${width}-${theme}`);
      }
    // The person checks the name: its badge goes; the sum's stays until the lines add up.
    await page.getByLabel('Name of line 3').fill('Mineral Water');
    await page.getByRole('note', { name: 'Check: the reader was unsure of this name' }).waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Include Bread' }).uncheck();
    await page.getByRole('note', { name: 'Check: this price does not fit the printed total' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('note').count()).toBe(3);
    // Choosing the currency settles it.
    await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
    await page.getByRole('note', { name: /currency was guessed/ }).waitFor({ state: 'detached' });
  });
});
