import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser';
import { postJson } from './support/http';
import { actionsUnderToast } from './support/layout';
import { auditPage, screenshot, SCREENSHOTS, showAs, THEMES, WIDTHS } from './support/visual-audit';
import { clipboard, firstSend, OWN_LINK } from './support/paying-back';
import { addDiners, FakeBackend, manualBill, openApp, scanToReview, toggle } from './support/wizard';
import { shareBody, storeBody } from '../support/share-packets';

// Issue 28, docs/product.md: nothing goes out that does not add up.

const pence = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

/** Alex had the burger, Ben the chips; nobody has the £2.99 COKE yet. */
async function billWithAnUnassignedDrink(page: Page): Promise<void> {
  await openApp(page);
  await manualBill(page, [
    ['BURGER', '7.00'],
    ['CHIPS', '3.49'],
    ['COKE', '2.99'],
  ]);
  await addDiners(page, 'Alex', 'Ben');
  await toggle(page, 'BURGER', 'Alex').click();
  await toggle(page, 'CHIPS', 'Ben').click();
  await page.getByRole('button', { name: 'Continue to Summary' }).click();
  await page.getByRole('heading', { name: 'Items Summary' }).waitFor();
  // No tip, so the figures are the issue's: £10.49 of £13.48.
  await page.getByRole('button', { name: '0%', exact: true }).click();
}

async function shownTotals(page: Page): Promise<number[]> {
  const labels = await page.getByRole('listitem', { name: / pays £/ }).evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')!));
  return labels.map((l) => pence(l.split(' pays ')[1]!));
}

async function grandTotal(page: Page): Promise<number> {
  return pence((await page.locator('.wz-grand').innerText()).match(/Grand Total\s+(£[\d.]+)/)![1]!);
}

describe('nothing goes out that does not add up', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('says what is unassigned and how much, holds Share Bill, QR Code and Send, and each one-tap fix makes it add up', async () => {
    const { page } = await newPhone(browser);
    await billWithAnUnassignedDrink(page);

    const panel = page.getByRole('status').filter({ hasText: 'not assigned to any diner' });
    await expect.poll(() => panel.innerText()).toContain('1 item is not assigned to any diner');
    const said = await panel.innerText();
    expect(said).toContain("Everyone's shares add up to £10.49 of the £13.48 Grand Total.");
    expect(said).toMatch(/COKE · £2\.99/);
    expect(await shownTotals(page)).toEqual([700, 349]);
    for (const name of ['Share Bill', 'QR Code', 'Send Alex their share', 'Send Ben their share']) expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
    await page.getByText('Share Bill, QR Code and Send wait until everyone').waitFor();

    for (const width of WIDTHS)
      for (const theme of THEMES) {
        await showAs(page, width, theme);
        await panel.scrollIntoViewIfNeeded();
        expect(await auditPage(page, `unassigned ${width} ${theme}`, { axe: width === 320 })).toEqual([]);
        await screenshot(page, `issue28-unassigned-${width}-${theme}`);
      }
    await showAs(page, 390, 'light');

    // Fix one: "Assign it" opens Assign at the drink, its first toggle focused.
    await page.getByRole('button', { name: 'Assign it: COKE' }).click();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="group"]')?.getAttribute('aria-label'))).toBe('Who had COKE');
    await expect.poll(() => page.getByRole('group', { name: 'Who had COKE' }).evaluate((g) => g.getBoundingClientRect().top >= 0 && g.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    await toggle(page, 'COKE', 'Ben').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await page.getByRole('heading', { name: 'Items Summary' }).waitFor();
    expect(await panel.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Share Bill' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send Ben their share' }).isEnabled()).toBe(true);
    expect((await shownTotals(page)).reduce((a, b) => a + b, 0)).toBe(await grandTotal(page));

    // Fix two: "Split among everyone", in one tap on the Summary itself.
    await page.getByRole('button', { name: '← Back' }).click();
    await toggle(page, 'COKE', 'Ben').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await page.getByRole('button', { name: 'Split among everyone: COKE' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    expect(await shownTotals(page)).toEqual([700 + 150, 349 + 149]);
    expect((await shownTotals(page)).reduce((a, b) => a + b, 0)).toBe(await grandTotal(page));
    expect(await page.getByRole('button', { name: 'QR Code' }).isEnabled()).toBe(true);
    // The drink's odd penny: a note on Alex's row only, saying by how much; none on Ben's exact share.
    expect(await page.getByRole('listitem', { name: /^Alex pays/ }).innerText()).toContain('pays 0.5p more than an exact split, so the pennies add up');
    expect(await page.getByRole('listitem', { name: /^Ben pays/ }).innerText()).not.toContain('more than an exact split');

    // At 320 × 568 the Summary's Edit form comes fully into view, its Save clear of the pinned Share Bill.
    await page.setViewportSize({ width: 320, height: 568 });
    await page.getByRole('button', { name: 'Edit COKE' }).click();
    const save = page.getByRole('form', { name: 'Edit COKE' }).getByRole('button', { name: 'Save' });
    await expect
      .poll(async () => {
        const [s, share] = [(await save.boundingBox())!, (await page.getByRole('button', { name: 'Share Bill' }).boundingBox())!];
        return s.y + s.height <= share.y && s.y >= 0;
      })
      .toBe(true);
    await screenshot(page, 'issue28-summary-edit-320-light');
    await save.click();
    await page.getByRole('form', { name: 'Edit COKE' }).waitFor({ state: 'detached' });
  });

  it('the share, stored-bill and stored-receipt endpoints refuse a bill whose shares do not add up, with a code', async () => {
    const bill = {
      diners: [
        { id: 'a', name: 'Alex' },
        { id: 'b', name: 'Ben' },
      ],
      items: [
        { name: 'BURGER', pricePence: 700, assignedTo: ['a'] },
        { name: 'COKE', pricePence: 299, assignedTo: [] },
      ],
      tipPence: 0,
    };
    const share = await postJson('/api/shares', shareBody(bill));
    expect(share.status).toBe(422);
    expect(await share.json()).toEqual({ code: 'unassigned_items', error: expect.stringContaining('1 item is not assigned to any diner') });
    const stored = await postJson('/api/bills', storeBody(bill, { name: 'Alex' }));
    expect(stored.status).toBe(422);
    expect(await stored.json()).toMatchObject({ code: 'unassigned_items' });
    const receipt = await postJson('/api/receipts', bill);
    expect(receipt.status).toBe(422);
    expect(await receipt.json()).toEqual({ code: 'unassigned_items', error: expect.stringContaining('1 item is not assigned to any diner') });
    // Assigned, the same bill goes out.
    const fixed = { ...bill, items: [bill.items[0]!, { ...bill.items[1]!, assignedTo: ['a', 'b'] }] };
    expect((await postJson('/api/shares', shareBody(fixed))).status).toBe(201);
    expect((await postJson('/api/bills', storeBody(fixed, { name: 'Alex' }))).status).toBe(201);
    expect((await postJson('/api/receipts', fixed)).status).toBe(201);
  });
});

describe('a paid reading is not thrown away by accident', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('asks before ← Back puts away a scan it paid for; Keep reviewing keeps every line, and the scan step gives the reading back', async () => {
    const { page } = await newPhone(browser);
    const backend = await FakeBackend.on(page);
    await openApp(page);
    await scanToReview(page, backend, [{ name: 'Soup', pricePence: 600, kind: 'item' }]);
    await page.getByRole('button', { name: '← Back' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard this reading?' });
    await dialog.getByText(/^Going back puts away the items read from this receipt\./).waitFor();
    for (const width of WIDTHS)
      for (const theme of THEMES) {
        await showAs(page, width, theme);
        expect(await auditPage(page, `discard ${width} ${theme}`, { axe: width === 320 })).toEqual([]);
        await screenshot(page, `issue28-discard-reading-${width}-${theme}`);
      }
    await dialog.getByRole('button', { name: 'Keep reviewing' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Price of Soup').inputValue()).toBe('6.00');
    await page.getByRole('button', { name: '← Back' }).click();
    await dialog.getByRole('button', { name: 'Discard reading' }).click();
    await page.getByRole('heading', { name: 'Scan Your Receipt' }).waitFor();
    expect(backend.billsUsed).toBe(1);
    // Changed their mind: the reading comes back as it was, without another scan.
    await page.getByRole('region', { name: 'The last reading' }).getByText('You went back from a receipt read just now (1 line).').waitFor();
    for (const width of WIDTHS)
      for (const theme of THEMES) {
        await showAs(page, width, theme);
        await screenshot(page, `issue28-last-reading-${width}-${theme}`);
      }
    await page.getByRole('button', { name: 'Back to the last reading' }).click();
    await page.getByRole('heading', { name: 'Review Receipt Items' }).waitFor();
    expect(await page.getByLabel('Price of Soup').inputValue()).toBe('6.00');
    expect(backend.billsUsed).toBe(1);
    // Going on with it, or reading another receipt, leaves nothing to come back to.
    await page.getByRole('button', { name: /^Continue with 1 items?$/ }).click();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('whos-paying:bill') ?? '{}').bill?.discarded ?? null)).toBeNull();
  });
});

describe('getting paid back without surprises (organiser and two diners)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the payer owes nothing, paid marks are amounts, group messages carry no private link, and the diner page leads with the amount', async () => {
    const organiser = await newPhone(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = organiser;
    await openApp(page);
    await manualBill(page, [
      ['CHEESE START', '7.50'],
      ['SCALLOPS', '12.95'],
      ['STEAK', '24.00'],
      ['WINE', '30.00'],
    ]);
    await addDiners(page, 'Alex', 'Ben', 'Cat');
    for (const [item, diner] of [
      ['CHEESE START', 'Ben'],
      ['SCALLOPS', 'Alex'],
      ['STEAK', 'Ben'],
      ['WINE', 'Everyone'],
    ] as const)
      await toggle(page, item, diner).click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await page.getByRole('button', { name: '10%', exact: true }).click();
    const row = (name: string) => page.getByRole('listitem', { name: new RegExp(`^${name} pays`) });

    // Before the organiser's details, nobody is taken for the payer; saved as Alex, Alex is.
    expect(await page.getByLabel('Who paid the bill?').inputValue()).toBe('');
    const toBen = await firstSend(page, 'Ben');
    expect(toBen).toMatch(/^(\[Development mode\]\n)?Hi Ben! Your share of [^()]+ is £[\d.]+ \(CHEESE START, STEAK and more\)\. Your items and how to pay Alex:/);
    expect(toBen).not.toContain('SCALLOPS');
    const benLink = toBen.match(OWN_LINK)![0];
    expect(await page.getByLabel('Who paid the bill?').locator('option:checked').innerText()).toBe('Alex');
    await row('Alex')
      .getByText(/^Paid the bill · owed £[\d.]+$/)
      .waitFor();
    expect(await row('Alex').getByRole('button').count()).toBe(0);
    await page.getByRole('button', { name: 'Send Cat their share' }).click();
    await page.getByText('Message for Cat copied').waitFor();
    const catLink = (await clipboard(page)).match(OWN_LINK)![0];
    // Two messages copied, one toast: the newest, in Cat's row under her buttons, over no action.
    expect(await page.locator('.wz-toast').count()).toBe(1);
    await row('Cat').locator('.wz-toast').getByText('Message for Cat copied').waitFor();
    expect(await actionsUnderToast(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'issue28-toast-390-light.png') });
    // At 320 px too, where the payer's select and the next rows sit closest.
    await showAs(page, 320, 'dark');
    await page.getByRole('button', { name: 'Send Ben their share' }).click();
    await row('Ben').locator('.wz-toast').getByText('Message for Ben copied').waitFor();
    expect(await actionsUnderToast(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'issue28-toast-320-dark.png') });
    await showAs(page, 390, 'light');
    await page.getByText(/^0 of 2 paid · £[\d.]+ still to come$/).waitFor();

    // Ben's phone: the amount first, a pay button on the first screen at 320 × 568 and 390 × 844.
    const ben = await newPhone(browser);
    await ben.page.goto(benLink);
    await ben.page.waitForURL('**/app/receipt/**');
    const benTotal = pence(await ben.page.locator('.amount strong').innerText());
    for (const [width, height] of [
      [320, 568],
      [390, 844],
    ] as const) {
      await ben.page.setViewportSize({ width, height });
      const pay = ben.page.getByRole('link', { name: /^Pay £[\d.]+ with Monzo$/ });
      const box = (await pay.boundingBox())!;
      expect(box.y + box.height, `Monzo button at ${width}×${height}`).toBeLessThanOrEqual(height);
    }
    for (const width of WIDTHS)
      for (const theme of THEMES) {
        await showAs(ben.page, width, theme);
        expect(await auditPage(ben.page, `diner page ${width} ${theme}`, { axe: width === 320 })).toEqual([]);
        await screenshot(ben.page, `issue28-diner-${width}-${theme}`);
      }
    await ben.page.getByRole('button', { name: "I've paid" }).click();
    await ben.page.getByText(/^You've told Alex you've paid £[\d.]+\. Thank you!$/).waitFor();

    // The organiser raises the tip after Ben paid: what he paid holds, the difference is still to come.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await row('Ben')
      .getByText(/^✓ Ben says they've paid £[\d.]+$/)
      .waitFor();
    await page.getByText(/^1 of 2 paid · £[\d.]+ still to come$/).waitFor();
    const edited = page.waitForResponse((r) => r.url().endsWith('/api/bills') && r.status() === 200);
    await page.getByRole('button', { name: '15%', exact: true }).click();
    await edited;
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const partly = row('Ben').getByText(/^paid £[\d.]+ · £[\d.]+ still to come$/);
    await partly.waitFor();
    const [paid, left] = [...(await partly.innerText()).matchAll(/£([\d.]+)/g)].map((m) => Math.round(Number(m[1]) * 100));
    expect(paid).toBe(benTotal);
    const benNow = pence((await row('Ben').getAttribute('aria-label'))!.split(' pays ')[1]!);
    expect(paid! + left!).toBe(benNow);
    for (const width of WIDTHS)
      for (const theme of THEMES) {
        await showAs(page, width, theme);
        await row('Ben').scrollIntoViewIfNeeded();
        expect(await auditPage(page, `partly paid ${width} ${theme}`, { axe: width === 320 })).toEqual([]);
        await screenshot(page, `issue28-partly-paid-${width}-${theme}`);
      }
    await showAs(page, 390, 'light');

    // Ben's link now asks for the difference only.
    await ben.page.reload();
    await ben.page.getByText('Left to pay', { exact: true }).waitFor();
    const due = (left! / 100).toFixed(2);
    expect(await ben.page.getByRole('link', { name: `Pay £${due} with Monzo` }).getAttribute('href')).toMatch(new RegExp(`^https://monzo\\.me/alex-m/${due}\\?d=`));
    await screenshot(ben.page, 'issue28-diner-left-to-pay-390-light');
    await ben.page.getByRole('button', { name: `I've paid the £${due}` }).click();
    await ben.page.getByText(/^You've told Alex you've paid £[\d.]+\. Thank you!$/).waitFor();

    // The group reminder: who still owes and how much, the whole-bill link, nobody's own link, never the payer.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.getByText(/^1 of 2 paid · £[\d.]+ still to come$/).waitFor();
    await page.getByRole('button', { name: "Remind who hasn't paid" }).click();
    await page.getByText('Reminder copied').waitFor();
    const reminder = await clipboard(page);
    expect(reminder).toMatch(/• Cat: £[\d.]+/);
    expect(reminder).toMatch(/The whole bill: https?:\/\/\S+\/b\/\S+/);
    expect(reminder).not.toMatch(OWN_LINK);
    expect(reminder).not.toContain('• Alex');
    expect(reminder).not.toContain('• Ben');
    // The whole-bill link is the /b/ page, which marks nobody paid.
    const wholeBill = reminder.match(/https?:\/\/\S+\/b\/\S+/)![0];
    const cat = await newPhone(browser);
    await cat.page.goto(wholeBill);
    expect(await cat.page.getByRole('button', { name: "I've paid" }).count()).toBe(0);
    // It is headed by the bill's name, and Alex, who paid, is owed the others' shares rather than owing.
    const billTitle = (await page.getByRole('textbox', { name: 'Bill name' }).inputValue()).trim();
    expect((await cat.page.getByRole('heading', { level: 1 }).innerText()).split('\n')).toEqual([billTitle, 'Bill Breakdown']);
    expect(await cat.page.title()).toBe(`${billTitle} · Bill Breakdown`);
    const owes = cat.page.getByRole('list', { name: 'Summary' });
    const alexOwed = pence(await owes.getByRole('listitem').filter({ hasText: 'Alex' }).innerText());
    expect(await owes.getByRole('listitem').filter({ hasText: 'Alex' }).innerText()).toMatch(/^Alex\s+Paid the bill\s+owed £[\d.]+$/);
    const others = await Promise.all(['Ben', 'Cat'].map(async (name) => pence(await owes.getByRole('listitem').filter({ hasText: name }).innerText())));
    expect(alexOwed).toBe(others[0]! + others[1]!);
    for (const width of WIDTHS)
      for (const theme of THEMES) {
        await showAs(cat.page, width, theme);
        expect(await auditPage(cat.page, `whole bill ${width} ${theme}`, { axe: width === 320 })).toEqual([]);
        await screenshot(cat.page, `issue28-whole-bill-${width}-${theme}`);
      }
    await cat.page.goto(catLink);
    await cat.page.waitForURL('**/app/receipt/**');
    await cat.page.getByRole('button', { name: "I've paid" }).waitFor();

    // Alex did not eat after all? Someone not on the list paid: Alex's row owes again and can be sent.
    await page.getByLabel('Who paid the bill?').selectOption({ label: 'Someone not at the table' }); // Alex is offered once, as the diner;
    await row('Alex').getByText('Not paid yet').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('button', { name: 'Send Alex their share' }).isEnabled()).toBe(true);
    await Promise.all([ben.context.close(), cat.context.close(), organiser.context.close()]);
  });
});
