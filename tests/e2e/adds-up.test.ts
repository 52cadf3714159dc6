import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser';
import { postJson } from './support/http';
import { auditPage, screenshot, showAs, THEMES, WIDTHS } from './support/visual-audit';
import { addDiners, manualBill, openApp, toggle } from './support/wizard';

// Issue 28, DESIGN.md §1 item 14: nothing goes out that does not add up.

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
  });

  it('the share and stored-bill endpoints refuse a bill whose shares do not add up, with a code', async () => {
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
    const share = await postJson('/api/shares', bill);
    expect(share.status).toBe(422);
    expect(await share.json()).toEqual({ code: 'unassigned_items', error: expect.stringContaining('1 item is not assigned to any diner') });
    const stored = await postJson('/api/bills', { bill, payee: { name: 'Alex' } });
    expect(stored.status).toBe(422);
    expect(await stored.json()).toMatchObject({ code: 'unassigned_items' });
    // Assigned, the same bill goes out.
    const fixed = { ...bill, items: [bill.items[0], { ...bill.items[1], assignedTo: ['a', 'b'] }] };
    expect((await postJson('/api/shares', fixed)).status).toBe(201);
    expect((await postJson('/api/bills', { bill: fixed, payee: { name: 'Alex' } })).status).toBe(201);
  });
});
