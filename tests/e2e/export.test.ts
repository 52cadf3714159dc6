import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser';
import { addDiners, manualBill, openApp, toggle } from './support/wizard';

describe('exporting the bill from the Summary', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('downloads the documents’ CSV once the shares add up, with every line’s shares and the Total row', async () => {
    const { context, page } = await newPhone(browser, { acceptDownloads: true });
    await openApp(page);
    await manualBill(page, [
      ['Pizza', '8.99'],
      ['Wine', '20.01'],
    ]);
    await addDiners(page, 'Alice', 'Ben');
    await toggle(page, 'Pizza', 'Alice').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    // Wine is nobody's yet: nothing goes out that does not add up, a download included.
    await page.getByRole('button', { name: 'Share Bill' }).waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Back' }).click();
    await toggle(page, 'Wine', 'Alice').click();
    await toggle(page, 'Wine', 'Ben').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('group', { name: 'Download the bill' }).getByRole('button', { name: 'Export CSV' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe('whos-paying-bill.csv');
    const rows = (await readFile((await file.path())!, 'utf8')).split('\r\n');
    // Subtotal 29.00, the 10% tip 2.90: the wine's pennies split 10.01 / 10.00.
    expect(rows).toEqual(['Item,Price,Assigned To,Share Amount', 'Pizza,8.99,Alice,8.99', 'Wine,20.01,"Alice, Ben","10.01, 10.00"', 'Subtotal,29.00,,', 'Tip,2.90,,', 'Total,31.90,,', '']);
    await context.close();
  });
});
