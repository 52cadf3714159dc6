import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realReceiptPhoto } from '../support/shared-receipts';
import { launchBrowser, newPhone } from './support/browser';
import { addDiners, expectAccessible, openApp, toggle, uploadPhoto } from './support/wizard';

// A euro receipt (wildreceipt's wr18: an Indian restaurant's, printed in €) and a yen bill typed in.
const EURO_RECEIPT = realReceiptPhoto('bills in euros read from a real receipt photo', 'wr18_');

/** What the organiser's phone last copied (on a development host, Send copies instead of sharing). */
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The Share Bill dialog's link, opened on another phone. */
async function sharedLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share Bill' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Bill' });
  const field = dialog.getByRole('textbox', { name: 'Share link' });
  await field.waitFor();
  const link = await field.inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  return link;
}

/** The first Send asks for the organiser's details; the message carries the diner's own link. */
async function sendFirst(page: Page, diner: string): Promise<string> {
  await page.getByRole('button', { name: `Send ${diner} their share` }).click();
  const details = page.getByRole('dialog', { name: 'Your payment details' });
  await details.getByLabel('Your name').fill('Alex');
  await details.getByLabel('Monzo.me username').fill('alexm');
  await details.getByLabel('PayPal.Me username').fill('AlexP');
  await details.getByRole('button', { name: 'Save details' }).click();
  await page.getByText(`Message for ${diner} copied`).waitFor();
  return clipboard(page);
}

describe('bills in the currency they were paid in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a yen bill entered by hand is split, shared and paid back in yen, and in pounds at the organiser’s rate', async () => {
    const { context, page } = await newPhone(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await openApp(page);
    await page
      .getByRole('button', { name: /Enter (Items )?Manually/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Enter Items Manually' });
    await dialog.getByLabel('Currency').selectOption('JPY');
    for (const [i, [name, price]] of [
      ['Ramen', '1200'],
      ['Gyoza', '650'],
      ['Beer', '1,500'],
    ].entries()) {
      if (i > 0) await dialog.getByRole('button', { name: 'Add Another Item' }).click();
      await dialog.getByLabel(`Item ${i + 1} name`).fill(name!);
      await dialog.getByLabel(`Item ${i + 1} price`).fill(price!);
    }
    await dialog.getByRole('button', { name: 'Continue (3 items)' }).click();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    await page.getByText(/^JP¥1,200/).waitFor();
    await addDiners(page, 'Aki', 'Ben');
    await toggle(page, 'Ramen', 'Aki').click();
    await toggle(page, 'Gyoza', 'Aki').click();
    await toggle(page, 'Gyoza', 'Ben').click();
    await toggle(page, 'Beer', 'Ben').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();

    // Subtotal ¥3,350, 10% tip ¥335 shared equally (168 and 167): Aki 1200 + 325 + 168, Ben 1500 + 325 + 167.
    await page.getByRole('listitem', { name: 'Aki pays JP¥1,693' }).waitFor();
    expect(await page.getByRole('listitem', { name: 'Ben pays JP¥1,992' }).count()).toBe(1);
    expect(await page.locator('.wz-grand').innerText()).toMatch(/Subtotal\s+JP¥3,350\s+Tip\s+JP¥335\s+Grand Total\s+JP¥3,685/);
    expect(await page.locator('.wz-tip-figure').innerText()).toBe('Tip: JP¥335');

    // Paid back in pounds at 0.0052: ¥3,685 is £19.16, and the shares add up to it (£8.80 and £10.36, not 8.80 and 10.36 rounded apart: 19.16).
    await page.getByLabel('£ for 1 JPY').fill('0.0052');
    await page.getByRole('listitem', { name: 'Aki pays JP¥1,693 (£8.80)' }).waitFor();
    expect(await page.getByRole('listitem', { name: 'Ben pays JP¥1,992 (£10.36)' }).count()).toBe(1);
    expect(await page.locator('.wz-grand').innerText()).toMatch(/Grand Total\s+JP¥3,685 \(£19\.16\)/);
    await expectAccessible(page, 'summary of a yen bill');

    const link = await sharedLink(page);
    const guest = await newPhone(browser);
    await guest.page.goto(link);
    const whole = await guest.page.locator('main').innerText();
    // The link carries the rate: the whole-bill page shows every amount in pounds too, adding up there as well.
    expect(whole).toMatch(/Bill total\s+JP¥3,685\s+\(£19\.16\)/);
    expect(whole).toMatch(/Aki\s+JP¥1,693 \(£8\.80\)/);
    expect(whole).toMatch(/Ben\s+JP¥1,992 \(£10\.36\)/);
    expect(whole).toMatch(/Grand Total\s+JP¥3,685 \(£19\.16\)/);
    // And says the rate (issue 42: no diner was shown it).
    expect(whole).toContain('Paid back in GBP at 1 JPY = £0.0052.');

    const message = await sendFirst(page, 'Ben');
    expect(message).toContain('is JP¥1,992 or £10.36 at 1 JPY = £0.0052 (Gyoza, Beer)');
    const benLink = message.match(/https?:\/\/\S+\/r\/[a-z0-9]+\/[a-z0-9]{27}/)![0];
    await guest.page.goto(benLink);
    await guest.page.getByRole('heading', { name: "Ben's Breakdown" }).waitFor();
    expect(await guest.page.getByRole('region', { name: 'About this bill' }).innerText()).toMatch(/You owe\s+JP¥1,992\s+\(£10\.36\)/);
    expect(await guest.page.getByRole('link', { name: 'Pay £10.36 with Monzo' }).getAttribute('href')).toMatch(/^https:\/\/monzo\.me\/alexm\/10\.36\?d=Bill%20of%20/);
    expect(await guest.page.getByRole('link', { name: 'Pay £10.36 with PayPal' }).getAttribute('href')).toBe('https://paypal.me/AlexP/10.36GBP');
    expect(await guest.page.getByRole('region', { name: 'Your Items' }).innerText()).toMatch(/Your Total\s+JP¥1,992 \(£10\.36\)/);
    await guest.page.getByText('Paid back in GBP at 1 JPY = £0.0052.').waitFor();
    await guest.context.close();
    await context.close();
  });

  it.skipIf(EURO_RECEIPT === undefined)('a euro receipt photo is read in euros, split, shared, and its pay links ask for euros where the provider can', async () => {
    const { context, page } = await newPhone(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await openApp(page);
    await uploadPhoto(page, readFileSync(EURO_RECEIPT!));
    await page.getByRole('button', { name: 'Analyze Receipt' }).click();
    await page.getByRole('heading', { name: 'Review Receipt Items' }).waitFor({ timeout: 60_000 });
    // The currency the receipt prints is chosen, and every amount on Review is in it.
    expect(await page.getByLabel('Currency').inputValue()).toBe('EUR');
    const review = await page.getByRole('region', { name: 'Review Receipt Items' }).innerText();
    expect(review).toMatch(/included · Total €\d+\.\d\d/);
    // The only pound sign left is the picker's own option for pounds.
    expect(review.replace('GBP (£)', '')).not.toContain('£');
    // The € signs OCR read as a lone 'e' are off the names.
    expect(await page.getByRole('textbox', { name: /^Name of line \d+$/ }).evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value).filter((v) => / e$/.test(v)))).toEqual([]);
    await expectAccessible(page, 'review of a euro receipt');
    await page.getByRole('button', { name: /^Continue with/ }).click();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    await addDiners(page, 'Ann', 'Bob');
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    // Everything is shared by the table, with the Summary's one-tap fix.
    const fixes = page.getByRole('button', { name: /^Split among everyone: / });
    while ((await fixes.count()) > 0) await fixes.first().click();
    const ann = page.getByRole('listitem', { name: /^Ann pays €\d+\.\d\d$/ });
    await ann.waitFor();
    const annOwes = (await ann.getAttribute('aria-label'))!.replace('Ann pays ', '');
    expect(await page.locator('.wz-grand').innerText()).toMatch(/Grand Total\s+€\d+\.\d\d/);

    const link = await sharedLink(page);
    const guest = await newPhone(browser);
    await guest.page.goto(link);
    expect(await guest.page.locator('main').innerText()).toMatch(new RegExp(`Ann\\s+${annOwes.replace('.', '\\.')}`));

    const message = await sendFirst(page, 'Ann');
    expect(message).toContain(`is ${annOwes}`);
    await guest.page.goto(message.match(/https?:\/\/\S+\/r\/[a-z0-9]+\/[a-z0-9]{27}/)![0]);
    await guest.page.getByRole('heading', { name: "Ann's Breakdown" }).waitFor();
    // PayPal takes euros; a monzo.me amount is in pounds, so Monzo's link opens without one and the page says so.
    expect(await guest.page.getByRole('link', { name: `Pay ${annOwes} with PayPal` }).getAttribute('href')).toBe(`https://paypal.me/AlexP/${annOwes.slice(1)}EUR`);
    expect(await guest.page.getByRole('link', { name: `Open Monzo and pay ${annOwes}` }).getAttribute('href')).toBe('https://monzo.me/alexm');
    expect(await guest.page.getByText('Monzo links cannot ask for an amount in EUR, so this one opens without it.').count()).toBe(1);
    await expectAccessible(guest.page, "a euro bill's diner page");
    await guest.context.close();
    await context.close();
  });
});
