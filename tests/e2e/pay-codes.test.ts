import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIban } from '../../domain/paying-back/iban';
import { storeBill } from '../../src/contracts/paying-back';
import { launchBrowser, newPhone } from './support/browser';
import { clipboard } from './support/paying-back';
import { addDiners, expectAccessible, openApp, toggle } from './support/wizard';
import { postJson } from './support/http';
import { storeBody } from '../support/share-packets';

/** Taverna Nikos for Alex (who paid), Ben and Cat: each a main, the wine three ways (667 each, in cents or paise). */
const bill = (currency: string) => ({
  currency,
  name: 'Taverna Nikos',
  tipPence: 0,
  payerId: 'a',
  diners: [
    { id: 'a', name: 'Alex' },
    { id: 'b', name: 'Ben' },
    { id: 'c', name: 'Cat' },
  ],
  items: [
    { name: 'Moussaka', pricePence: 1450, assignedTo: ['a'] },
    { name: 'Souvlaki', pricePence: 1205, assignedTo: ['b'] },
    { name: 'Halloumi', pricePence: 990, assignedTo: ['c'] },
    { name: 'Wine', pricePence: 2001, assignedTo: ['a', 'b', 'c'] },
  ],
});

async function store(currency: string, payee: Record<string, string>) {
  const response = await postJson('/api/bills', storeBody(bill(currency), payee));
  expect(response.status).toBe(201);
  return storeBill.answer.parse(await response.json());
}

/** The QR code on the page, read back from a screenshot of it as a phone's camera would. */
async function scanCode(page: Page, code = page.locator('.pay-code .qr svg')): Promise<string> {
  const png = await code.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  expect(found, 'a QR code in the screenshot').not.toBeNull();
  return found!.data;
}

describe('paid back in any country', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("gives each diner of a euro bill a page whose QR code is an EPC transfer of exactly their share to the payee's IBAN", async () => {
    const stored = await store('EUR', { name: 'Alex Smith', iban: 'de89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' });
    const { page } = await newPhone(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    for (const diner of stored.status.diners.filter((d) => !d.isPayer)) {
      const url = stored.diners.find((d) => d.dinerId === diner.dinerId)!.url!;
      await page.goto(url);
      const payload = await scanCode(page);
      const lines = payload.split('\n');
      expect(lines.slice(0, 8)).toEqual(['BCD', '002', '1', 'SCT', 'COBADEFFXXX', 'Alex Smith', 'DE89370400440532013000', `EUR${(diner.totalPence / 100).toFixed(2)}`]);
      expect(parseIban(lines[6]!).ok).toBe(true);
      expect(lines.slice(8, 10)).toEqual(['', '']);
      expect(lines[10]).toBe(`${diner.name}'s share of Taverna Nikos`);
      expect(lines).toHaveLength(11);
      expect(new TextEncoder().encode(payload).length).toBeLessThanOrEqual(331);
      // For apps that cannot scan: the IBAN to copy, the amount and the reference beside the code.
      const box = page.getByRole('region', { name: 'Bank transfer' });
      expect(await box.innerText()).toContain('DE89 3704 0044 0532 0130 00');
      expect(await box.innerText()).toContain(`€${(diner.totalPence / 100).toFixed(2)}`);
      const copy = box.getByRole('button', { name: 'Copy IBAN' });
      expect((await copy.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await copy.click();
      await box.getByRole('status').filter({ hasText: 'IBAN copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('DE89370400440532013000');
      await expectAccessible(page, 'a diner page with a bank-transfer code');
      // The organiser's "Show to pay" carries the same code for this diner.
      expect(diner.tableCode?.qr).toBe(payload);
    }
    // Ben's share: the Souvlaki and a third of the wine, to the cent.
    expect(stored.status.diners.find((d) => d.name === 'Ben')?.totalPence).toBe(1205 + 667);
  });

  it('refuses an IBAN whose check digits do not match, naming the field', async () => {
    const response = await postJson('/api/bills', storeBody(bill('EUR'), { name: 'Alex', iban: 'DE88 3704 0044 0532 0130 00' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'invalid_payee', field: 'iban', error: "The check digits don't match: check the IBAN" });
    const bic = await postJson('/api/bills', storeBody(bill('EUR'), { name: 'Alex', iban: 'DE89370400440532013000', bic: 'COBA' }));
    expect([bic.status, ((await bic.json()) as { field: string }).field]).toEqual([400, 'bic']);
    const upi = await postJson('/api/bills', storeBody(bill('INR'), { name: 'Alex', upi: 'alex' }));
    expect([upi.status, ((await upi.json()) as { field: string }).field]).toEqual([400, 'upi']);
  });

  it('gives each diner of a rupee bill a UPI link with their share', async () => {
    const stored = await store('INR', { name: 'Alex Smith', upi: 'Alex.Smith@okaxis' });
    const { page } = await newPhone(browser);
    for (const diner of stored.status.diners.filter((d) => !d.isPayer)) {
      await page.goto(stored.diners.find((d) => d.dinerId === diner.dinerId)!.url!);
      const link = page.getByRole('link', { name: `Pay ₹${(diner.totalPence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })} with UPI` });
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(/^upi:\/\/pay\?pa=alex\.smith@okaxis&pn=Alex%20Smith&am=\d+\.\d\d&cu=INR&tn=/);
      const query = new URLSearchParams(href.slice('upi://pay?'.length));
      expect(query.get('am')).toBe((diner.totalPence / 100).toFixed(2));
      expect(query.get('tn')).toBe(`${diner.name}'s share of Taverna Nikos`);
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect(diner.tableCode).toMatchObject({ provider: 'upi', qr: href });
    }
  });

  it("puts the UPI link in a rupee bill's message, and the organiser's Show to pay has the same code for that diner", async () => {
    const { page } = await newPhone(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await openApp(page);
    await page
      .getByRole('button', { name: /Enter (Items )?Manually/ })
      .first()
      .click();
    const manual = page.getByRole('dialog', { name: 'Enter Items Manually' });
    await manual.getByLabel('Currency').selectOption('INR');
    for (const [i, [name, price]] of [
      ['Dosa', '240'],
      ['Thali', '380'],
    ].entries()) {
      if (i > 0) await manual.getByRole('button', { name: 'Add Another Item' }).click();
      await manual.getByLabel(`Item ${i + 1} name`).fill(name!);
      await manual.getByLabel(`Item ${i + 1} price`).fill(price!);
    }
    await manual.getByRole('button', { name: 'Continue (2 items)' }).click();
    await addDiners(page, 'Priya', 'Ravi');
    await toggle(page, 'Dosa', 'Priya').click();
    await toggle(page, 'Thali', 'Ravi').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    // No code to show before there are details to pay to.
    expect(await page.getByRole('button', { name: 'Show to pay: Ravi' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add payment details' }).click();
    const details = page.getByRole('dialog', { name: 'Your payment details' });
    await details.getByLabel('Your name').fill('Priya');
    await details.getByLabel('UPI ID').fill('priya');
    await details.getByRole('button', { name: 'Save details' }).click();
    // Refused in words, on the field, with the focus there.
    await details.getByRole('alert').filter({ hasText: 'A UPI ID looks like name@bank: check the UPI ID' }).waitFor();
    expect(await details.getByLabel('UPI ID').evaluate((input) => input === document.activeElement)).toBe(true);
    await details.getByLabel('UPI ID').fill('priya@okaxis');
    await details.getByRole('button', { name: 'Save details' }).click();

    // Show to pay stores the bill on the tap and shows the server's code for Ravi's share.
    const ravi = (await page.getByRole('listitem', { name: /^Ravi pays/ }).getAttribute('aria-label'))!;
    const share = Number(ravi.replace(/[^0-9.]/g, ''));
    await page.getByRole('button', { name: 'Show to pay: Ravi' }).click();
    const shown = page.getByRole('dialog', { name: `Ravi pays ₹${share.toFixed(2)}` });
    await shown.locator('img').waitFor();
    const scanned = await scanCode(page, shown.locator('img'));
    await expectAccessible(page, 'Show to pay');
    expect(scanned).toMatch(new RegExp(`^upi://pay\\?pa=priya@okaxis&pn=Priya&am=${share.toFixed(2).replace('.', '\\.')}&cu=INR&tn=`));
    await shown.getByRole('button', { name: 'Done' }).click();

    // His message carries the same link.
    await page.getByRole('button', { name: 'Send Ravi their share' }).click();
    await page.getByText('Message for Ravi copied').waitFor();
    const message = await clipboard(page);
    expect(message).toContain(`Pay Priya by UPI: ${scanned}\n`);
  });
});
