import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser';
import { postJson } from './support/http';
import { linesOf } from './support/layout';
import { addDiners, expectAccessible, manualBill, openApp, toggle } from './support/wizard';
import { shareBody } from '../support/share-packets';

// Issue 18: editing and splitting the way people really split.
describe('editing and splitting a bill', () => {
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

  const more = (who: string, unit = 'unit') => page.getByRole('button', { name: `${who}: one ${unit} more` });
  const pays = (who: string, amount: string) => page.getByRole('listitem', { name: `${who} pays ${amount}` });

  it('splits a 3-unit line unit by unit between three diners to the penny, in the summary and on the share link', async () => {
    await openApp(page);
    await manualBill(page, [['3 x Peroni', '10']]);
    await addDiners(page, 'Ann', 'Bo', 'Cy');
    await page.getByRole('combobox', { name: 'How to split 3 x Peroni' }).selectOption('units');
    // The quantity comes from the line as printed or typed.
    expect(await page.getByRole('group', { name: 'Units of 3 x Peroni', exact: true }).locator('output').innerText()).toBe('3');
    for (const who of ['Ann', 'Bo', 'Cy']) await more(who).click();
    expect(await page.locator('.wz-part').allInnerTexts()).toEqual(['£3.34', '£3.33', '£3.33']);
    // Every unit is given: a fourth cannot be.
    expect(await more('Ann').getAttribute('aria-disabled')).toBe('true');
    await expectAccessible(page, 'split by units');

    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await page.getByRole('button', { name: '0%', exact: true }).click();
    for (const [who, amount] of [
      ['Ann', '£3.34'],
      ['Bo', '£3.33'],
      ['Cy', '£3.33'],
    ] as const)
      expect(await pays(who, amount).count()).toBe(1);
    expect(await page.getByText('Ann (1 of 3), Bo (1 of 3), Cy (1 of 3)').count()).toBe(1);
    expect(await page.locator('.wz-grand').innerText()).toMatch(/Grand Total\s+£10\.00/);

    await page.getByRole('button', { name: 'Share Bill' }).click();
    const link = page.getByRole('dialog', { name: 'Share Bill' }).getByRole('textbox', { name: 'Share link' });
    await link.waitFor();
    await page.goto(await link.inputValue());
    for (const [who, amount] of [
      ['Ann', '£3.34'],
      ['Bo', '£3.33'],
      ['Cy', '£3.33'],
    ] as const) {
      const seat = await page.getByRole('article', { name: who }).innerText();
      expect(seat).toMatch(new RegExp(`^${who}\\s+${amount.replace('.', '\\.')}\\s+3 x Peroni \\(1 of 3\\)\\s+${amount.replace('.', '\\.')}`));
    }
  });

  it('goes back a step keeping every assignment, edits items at Assign and Summary, adds items to the sample, and splits 2:1 and for everyone', async () => {
    await openApp(page);
    await page.getByRole('button', { name: /Try sample receipt/ }).click();
    await page.getByRole('button', { name: 'Continue with 3 items' }).click();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    expect(await page.getByText('TEST MODE').count()).toBe(1);
    await addDiners(page, 'Ann', 'Bo');
    await toggle(page, 'Margherita Pizza', 'Ann').click();
    await page.getByLabel('Item name').fill('Tiramisu');
    await page.getByLabel('Item price').fill('5.50');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await toggle(page, 'Tiramisu', 'Everyone').click();
    for (const who of ['Ann', 'Bo']) expect(await toggle(page, 'Tiramisu', who).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('combobox', { name: 'How to split Soft Drink' }).selectOption('shares');
    await more('Ann', 'share').click();
    await more('Ann', 'share').click();
    await more('Bo', 'share').click();
    expect(await page.locator('.wz-part').allInnerTexts()).toEqual(['£1.99', '£1.00']);

    await page.getByRole('button', { name: 'Edit Margherita Pizza' }).click();
    const edit = page.getByRole('form', { name: 'Edit Margherita Pizza' });
    await edit.getByLabel('Item name').fill('Pizza');
    await edit.getByLabel('Price', { exact: true }).fill('0');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Enter a price greater than £0.00.').waitFor();
    await edit.getByLabel('Price', { exact: true }).fill('250000');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Enter a price of at most £100,000.00.').waitFor();
    await edit.getByLabel('Price', { exact: true }).fill('9.50');
    await edit.getByRole('button', { name: 'Save' }).click();
    // Focus goes back to the item's Edit button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit Pizza');

    // Back to Review shows the bill as it is now; continuing again keeps who had what.
    await page.getByRole('button', { name: '← Back to Review' }).click();
    await page.getByRole('heading', { name: 'Review Receipt Items' }).waitFor();
    expect(await page.getByLabel('Price of Pizza').inputValue()).toBe('9.50');
    expect(await page.getByLabel('Include Tiramisu').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue with 4 items' }).click();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    expect(await toggle(page, 'Pizza', 'Ann').getAttribute('aria-pressed')).toBe('true');
    expect(await toggle(page, 'Tiramisu', 'Everyone').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.wz-part').allInnerTexts()).toEqual(['£1.99', '£1.00']);

    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await page.getByRole('button', { name: '← Back' }).click();
    expect(await toggle(page, 'Pizza', 'Ann').getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Continue to Summary' }).click();

    // At the summary: the service charge removed, the tip goes to the documents' 10%.
    expect(await page.locator('.wz-tip-figure').innerText()).toBe('Tip: £0.00');
    await page.getByRole('button', { name: 'Edit Service Charge' }).click();
    await page.getByRole('button', { name: 'Remove item' }).click();
    // 950 + 299 + 550 = 1799p, tip 180p: Ann 950 + 199 + 275 + 90, Bo 100 + 275 + 90.
    expect(await page.locator('.wz-tip-figure').innerText()).toBe('Tip: £1.80');
    expect(await pays('Ann', '£15.14').count()).toBe(1);
    expect(await pays('Bo', '£4.65').count()).toBe(1);
    expect(await page.getByText('Ann (2 of 3 shares), Bo (1 of 3 shares)').count()).toBe(1);
    await expectAccessible(page, 'summary with edits');
  });

  it('closes every dialog on Escape and gives focus back to what opened it', async () => {
    await openApp(page);
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await page.getByRole('button', { name: /Enter Manually/ }).click();
    await page.getByRole('dialog', { name: 'Enter Items Manually' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Enter Items Manually' }).waitFor({ state: 'hidden' });
    expect(await focused()).toBe('Enter Manually (always free)');

    await manualBill(page, [['Soup', '6']]);
    await addDiners(page, 'Ann');
    // Assigned, so the bill adds up and QR Code and Share Bill are not held back (issue 28).
    await toggle(page, 'Soup', 'Ann').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    for (const [button, dialog] of [
      ['QR Code', 'QR Code'],
      ['Share Bill', 'Share Bill'],
    ] as const) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.getByRole('dialog', { name: dialog }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: dialog }).waitFor({ state: 'detached' });
      expect(await focused()).toBe(button);
    }
    await page.getByRole('button', { name: 'Recover tokens', exact: true }).click();
    await page.getByRole('dialog', { name: 'Token Recovery' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Token Recovery' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Recover tokens');
  });
  it('keeps names and amounts whole on a 320 px phone: no "Barthol/omew", no minus ending a line apart from its amount', async () => {
    const shared = await postJson(
      '/api/shares',
      shareBody({
        diners: [
          { id: 'a', name: 'Alice' },
          { id: 'b', name: 'Bartholomew' },
          { id: 'c', name: 'Cat' },
        ],
        items: [
          { name: '2 x Coperto', pricePence: 500, assignedTo: ['a', 'c'] },
          { name: 'Secondo', pricePence: 2200, assignedTo: ['a', 'b', 'c'] },
          { name: 'Sconto', pricePence: -550, assignedTo: [] },
        ],
        tipPence: 900,
      }),
    );
    const { token } = (await shared.json()) as { token: string };
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/app?data=${token}`);
    await page.getByRole('heading', { name: 'Individual Totals' }).waitFor();
    const lines = (selector: string, text: string) => linesOf(page, selector, text);
    const broken = async (selector: string, text: string) => (await lines(selector, text)).filter((n) => n > 1);

    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 640 });
      expect(await lines('.wz-totals .wz-note', 'Discount -£1.8'), `${width} px`).toHaveLength(3);
      for (const text of ['Discount -£1.8', 'Tip £3.00']) expect(await broken('.wz-totals .wz-note', text), `${text} at ${width} px`).toEqual([]);
    }

    await page.getByRole('button', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 640 });
      expect(await lines('.wz-diners li', 'Bartholomew'), `Who's dining at ${width} px`).toContain(1);
      expect(await broken('.wz-diners li', 'Bartholomew'), `Who's dining at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 320, height: 640 });
    await page.getByRole('combobox', { name: 'How to split 2 x Coperto' }).selectOption('units');
    expect(await lines('.wz-portions .wz-stepper-text', 'Bartholomew')).toContain(1);
    expect(await broken('.wz-portions .wz-stepper-text', 'Bartholomew')).toEqual([]);
  });
});
