import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser';
import { WCAG22_AA } from './support/axe';
import { addDiners, expectAccessible, FakeBackend, manualBill, openApp, scanToReview } from './support/wizard';

// Issue 42: axe-core's WCAG 2.2 A and AA rules (target-size among them) on every screen of the
// wizard and the live bill, light and dark (the shared /b/ and /r/ pages pass them already: visual-audit).
describe.each(['light', 'dark'] as const)('WCAG 2.2 AA, %s theme', (colorScheme) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  // Scrolls land at once (the app's smooth scroll to a step's top would otherwise race the test's typing,
  // and where the page rests decides what the pinned action covers).
  const phone = { colorScheme, reducedMotion: 'reduce' } as const;
  const check = (page: Page, where: string, at?: Locator) => expectAccessible(page, `${where} (${colorScheme})`, WCAG22_AA, at);

  it('finds nothing on scan, Review, Assign, Summary and the live bill (organiser and diner)', async () => {
    const { context, page } = await newPhone(browser, phone);
    const backend = await FakeBackend.on(page);
    await openApp(page);
    await check(page, 'scan');
    await scanToReview(page, backend, {
      items: [
        { name: 'Soup', pricePence: 500, kind: 'item' },
        { name: 'Bread', pricePence: 0, kind: 'item' },
        { name: 'Total', pricePence: 1100, kind: 'total' },
      ],
      totalPence: 1100,
      merchant: 'The Test Kitchen',
      date: '2026-11-25',
      currency: 'GBP',
    });
    await check(page, 'review');
    await check(page, 'review, at the missed line', page.getByLabel('Name of the missed line'));
    await page.goto('/app');
    await page.getByRole('button', { name: /Continue with/ }).click();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    await addDiners(page, 'Ann', 'Ben');
    // At the items, as the organiser turns to them once the diners are in (at the very top, a button
    // below the fold peeks out from under the pinned Continue, as one does at some scroll on any page).
    await check(page, 'assign', page.getByRole('heading', { name: 'Assign Items' }));
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await page.getByRole('heading', { name: 'Individual Totals' }).waitFor();
    await check(page, 'summary');
    await check(page, 'summary, at the tip', page.getByRole('group', { name: 'Tip mode' }));

    await page.getByRole('button', { name: '← Back' }).click();
    await page.getByRole('button', { name: 'Let everyone pick on their phone' }).click();
    await page.getByRole('img', { name: 'QR code that opens this bill on a phone' }).waitFor();
    // Who is at the table, as the organiser scrolls to it.
    await check(page, 'live bill, organiser, at the table', page.getByRole('heading', { name: 'At the table' }));
    const link = (await page.getByRole('link', { name: /\/live\// }).getAttribute('href'))!;
    const diner = await newPhone(browser, phone);
    await diner.page.goto(link);
    await diner.page.getByRole('heading', { name: 'Who are you?' }).waitFor();
    await check(diner.page, 'live bill, who are you');
    await diner.page.getByRole('button', { name: 'Ben', exact: true }).click();
    await diner.page.getByRole('heading', { name: 'What did you have, Ben?' }).waitFor();
    await check(diner.page, 'live bill, a diner');
    await diner.context.close();
    await context.close();
  });

  it('finds nothing on a manual bill’s Summary with the items folded and open', async () => {
    const { context, page } = await newPhone(browser, phone);
    await openApp(page);
    await manualBill(
      page,
      Array.from({ length: 7 }, (_, i) => [`Dish ${i + 1}`, '4.00'] as const),
    );
    await addDiners(page, 'Ann', 'Ben', 'Cat');
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await page.getByRole('heading', { name: 'Individual Totals' }).waitFor();
    await check(page, 'summary, folded');
    await page.getByText('7 items · £28.00').click();
    await check(page, 'summary, unfolded');
    await context.close();
  });
});
