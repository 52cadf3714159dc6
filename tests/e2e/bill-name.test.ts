import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billName, londonDay } from '../../domain/bill-name';
import { launchBrowser, newPhone } from './support/browser';
import { firstSend, OWN_LINK } from './support/paying-back';
import { addDiners, expectAccessible, FakeBackend, manualBill, openApp, scanToReview, toggle } from './support/wizard';

// Issue 28: the bill has a name, the restaurant and date read from the receipt ("Bill of {date}"
// without them), editable on Review and used by the messages, recent bills and the diner's page.

const SHOTS = process.env.BILL_NAME_SHOTS ?? '';

describe("the bill's name", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a bill typed in is "Bill of" today in its message, and renamed on the Summary heads its shared page and recent bills', async () => {
    const { context, page } = await newPhone(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await openApp(page);
    await manualBill(page, [['Soup', '5.00']]);
    await addDiners(page, 'Ben', 'Cat');
    await toggle(page, 'Soup', 'Ben').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    const today = billName(null, null, londonDay(new Date()));
    expect(today).toMatch(/^Bill of \d{1,2} \w+ \d{4}$/);
    const field = page.getByRole('textbox', { name: 'Bill name' });
    expect(await field.inputValue()).toBe(today);
    expect(await firstSend(page, 'Ben')).toContain(`Hi Ben! Your share of ${today} is £`);

    // It never saw Review, so it is renamed on the Summary; the bill already sent follows, and its shared page is headed by the name.
    const restored = page.waitForResponse((r) => r.url().endsWith('/api/bills') && r.status() === 200);
    await field.fill('Soup at Cat’s');
    await restored;
    await page.getByRole('button', { name: 'Share Bill' }).click();
    const link = page.getByRole('dialog', { name: 'Share Bill' }).getByRole('textbox', { name: 'Share link' });
    await link.waitFor();
    const cat = await newPhone(browser);
    await cat.page.goto(await link.inputValue());
    // Only Ben had anything, so the page is his.
    expect((await cat.page.getByRole('heading', { level: 1 }).innerText()).split('\n')).toEqual(['Soup at Cat’s', "Ben's Bill"]);
    expect(await cat.page.title()).toBe("Soup at Cat’s · Ben's Bill");
    await cat.context.close();
    await page.getByRole('dialog', { name: 'Share Bill' }).getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Split Another Bill' }).click();
    await page.getByRole('heading', { name: 'Recent bills' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Soup at Cat’s', exact: true }).count()).toBe(1);
    await context.close();
  });

  it("the restaurant and date read name the bill on Review; the name typed there survives a reload and heads the diner's page and recent bills", async () => {
    const organiser = await newPhone(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = organiser;
    const backend = await FakeBackend.on(page);
    await openApp(page);
    await scanToReview(page, backend, {
      items: [
        { name: 'Mezze', pricePence: 1250, kind: 'item' },
        { name: 'Lamb', pricePence: 1800, kind: 'item' },
      ],
      totalPence: 3050,
      merchant: 'The Olive Tree',
      date: '2026-11-25',
      currency: 'GBP',
    });
    const field = page.getByRole('textbox', { name: 'Bill name' });
    expect(await field.inputValue()).toBe('The Olive Tree · 25 Nov 2026');
    expect((await field.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, 'review with the bill name');
    if (SHOTS) {
      for (const colorScheme of ['light', 'dark'] as const)
        for (const width of [320, 390]) {
          // The theme is set as the page is first parsed, so a new scheme needs the page again (the bill survives it).
          await page.emulateMedia({ colorScheme });
          await page.setViewportSize({ width, height: 844 });
          await page.reload();
          await page.getByRole('textbox', { name: 'Bill name' }).waitFor();
          await page.screenshot({ path: `${SHOTS}/review-${width}-${colorScheme}.png` });
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `review at ${width} px`).toBeLessThanOrEqual(width);
        }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.getByRole('textbox', { name: 'Bill name' }).waitFor();
    }

    await field.fill('Ben’s birthday at The Olive Tree');
    await page.reload();
    await page.getByRole('heading', { name: 'Review Receipt Items' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Bill name' }).inputValue()).toBe('Ben’s birthday at The Olive Tree');

    await page.getByRole('button', { name: /^Continue/ }).click();
    await addDiners(page, 'Ben', 'Cat');
    await toggle(page, 'Mezze', 'Ben').click();
    await toggle(page, 'Lamb', 'Cat').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    const message = await firstSend(page, 'Ben');
    expect(message).toContain('Hi Ben! Your share of Ben’s birthday at The Olive Tree is £');
    const benLink = message.match(OWN_LINK)![0];

    for (const colorScheme of ['light', 'dark'] as const)
      for (const width of [320, 390]) {
        const ben = await newPhone(browser, { colorScheme, viewport: { width, height: width === 320 ? 568 : 844 } });
        await ben.page.goto(benLink);
        // The name leads the heading, with the receipt's date beside it since the typed name does not say it.
        const heading = ben.page.getByRole('heading', { level: 1 });
        expect(await heading.innerText()).toMatch(/^Ben’s birthday at The Olive Tree · 25 November 2026\s+Ben's Breakdown$/);
        expect(await ben.page.title()).toBe("Ben’s birthday at The Olive Tree · Ben's breakdown");
        expect(await ben.page.getByText('Your Split').count()).toBe(0);
        expect(await ben.page.evaluate(() => document.documentElement.scrollWidth), `diner page at ${width} px`).toBeLessThanOrEqual(width);
        if (SHOTS) await ben.page.screenshot({ path: `${SHOTS}/diner-${width}-${colorScheme}.png` });
        if (width === 390 && colorScheme === 'dark') await expectAccessible(ben.page, 'diner page, dark');
        await ben.context.close();
      }

    await page.getByRole('button', { name: 'Split Another Bill' }).click();
    await page.getByRole('heading', { name: 'Recent bills' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Ben’s birthday at The Olive Tree', exact: true }).count()).toBe(1);
    await organiser.context.close();
  });
});
