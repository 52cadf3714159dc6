import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPhone } from './support/browser';
import { expectAccessible } from './support/wizard';

/** The organiser's bill in progress on the assign step, as the wizard keeps it on the device. */
const BILL_IN_PROGRESS = {
  version: 1,
  bill: {
    step: 'assign',
    review: null,
    reviewTotalPence: null,
    reviewIsSample: false,
    items: [
      { id: 'soup', name: 'Soup', pricePence: 650, kind: 'item', assignedTo: [] },
      { id: 'pizza', name: 'Pizza', pricePence: 1299, kind: 'item', assignedTo: [] },
      // Three units by the quantity read from the receipt, not by the name.
      { id: 'beer', name: 'Peroni', pricePence: 1500, kind: 'item', assignedTo: [], quantity: 3 },
    ],
    diners: [
      { id: 'ann', name: 'Ann', color: '#e11d48' },
      { id: 'bob', name: 'Bob', color: '#2563eb' },
    ],
    tip: { mode: 'percent', percent: 10, amountText: '' },
    tipSplit: 'equal',
    isTestReceipt: false,
    receipt: null,
    live: null,
  },
};

const pressed = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true, pressed: true });
const claimButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^(✓ )?${name}( £|$)`) });
const totalOf = async (page: Page, who: string) => (await page.getByRole('listitem', { name: new RegExp(`^${who} pays? £`) }).getAttribute('aria-label'))!.replace(/^.* /, '');

describe('a live bill: everyone picks their own items on their own phone', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('three phones claim at once, one drops and comes back, the organiser locks and finishes: every total equals the summary to the penny', async () => {
    const organiser = await newPhone(browser);
    await organiser.context.addInitScript((bill) => {
      if (localStorage.getItem('whos-paying:bill') === null) localStorage.setItem('whos-paying:bill', JSON.stringify(bill));
    }, BILL_IN_PROGRESS);
    const op = organiser.page;
    await op.goto('/app');
    await op.getByRole('button', { name: 'Let everyone pick on their phone' }).click();
    await op.getByRole('img', { name: 'QR code that opens this bill on a phone' }).waitFor();
    const link = (await op.getByRole('link', { name: /\/live\// }).getAttribute('href'))!;
    expect(link).toMatch(/\/live\/[a-z0-9]+#[A-Za-z0-9_-]{22}$/);

    // Ann picks her name; Dee is not on the list and adds herself.
    const ann = await newPhone(browser);
    const dee = await newPhone(browser);
    await ann.page.goto(link);
    await ann.page.getByRole('button', { name: 'Ann', exact: true }).click();
    await ann.page.getByRole('heading', { name: 'What did you have, Ann?' }).waitFor();
    await dee.page.goto(link);
    await dee.page.getByRole('button', { name: 'Ann (joined)' }).waitFor();
    expect(await dee.page.getByRole('button', { name: 'Ann (joined)' }).isDisabled()).toBe(true);
    await dee.page.getByLabel('Not on the list? Add yourself').fill('  Dee  ');
    await dee.page.getByRole('button', { name: 'Add me' }).click();
    await dee.page.getByRole('heading', { name: 'What did you have, Dee?' }).waitFor();
    await op.getByText('Dee · on their phone').waitFor();

    // Both tap the pizza at the same moment: both end up on it, on every phone.
    await Promise.all([claimButton(ann.page, 'Pizza').click(), claimButton(dee.page, 'Pizza').click()]);
    await ann.page.getByText('Also: Dee').waitFor();
    await dee.page.getByText('Also: Ann').waitFor();
    const pizza = op.getByRole('group', { name: 'Who had Pizza' });
    await pressed(pizza, 'Ann').waitFor();
    await pressed(pizza, 'Dee').waitFor();

    await claimButton(ann.page, 'Soup').click();
    await claimButton(ann.page, 'Peroni 1 of 3').click();
    await claimButton(dee.page, 'Peroni 2 of 3').click();
    await claimButton(dee.page, 'Peroni 3 of 3').click();
    await pressed(op.getByRole('group', { name: 'Who had Peroni 3 of 3' }), 'Dee').waitFor();

    // Dee's phone drops: her change waits on the phone, visibly, while Ann takes the third beer.
    await dee.context.setOffline(true);
    await dee.page.getByText(/Reconnecting/).waitFor();
    await claimButton(dee.page, 'Peroni 3 of 3').click();
    await dee.page.getByText('1 change waiting to be sent.').waitFor();
    await claimButton(ann.page, 'Peroni 3 of 3').click();
    await ann.page.getByText('Also: Dee').nth(1).waitFor();
    await dee.context.setOffline(false);
    // Back online: her change is sent and she catches up on Ann's.
    await dee.page.getByText('Live', { exact: true }).waitFor();
    await expect.poll(() => dee.page.getByText('change waiting to be sent').count()).toBe(0);
    await dee.page.getByText('Also: Ann').nth(1).waitFor();
    const beer3 = op.getByRole('group', { name: 'Who had Peroni 3 of 3' });
    await pressed(beer3, 'Ann').waitFor();
    await expect.poll(() => pressed(beer3, 'Dee').count()).toBe(0);
    await op.getByText('Everything is claimed.').waitFor();

    // Every phone's total is the organiser's, to the penny.
    const annOnOrganiser = await totalOf(op, 'Ann');
    const deeOnOrganiser = await totalOf(op, 'Dee');
    await expect.poll(() => totalOf(ann.page, 'You')).toBe(annOnOrganiser);
    await expect.poll(() => totalOf(dee.page, 'You')).toBe(deeOnOrganiser);

    // Locked: read-only on every phone, with the reason.
    await op.getByRole('button', { name: 'Lock the bill' }).click();
    for (const phone of [ann.page, dee.page]) {
      await phone.getByText('The organiser has locked this bill. It can no longer be changed.').waitFor();
      expect(await claimButton(phone, 'Soup').isDisabled()).toBe(true);
    }

    // Finish: the summary's amounts are the ones every phone showed.
    await op.getByRole('button', { name: 'Finish and see the summary' }).click();
    await op.getByRole('heading', { name: 'Individual Totals' }).waitFor();
    expect(await op.getByRole('listitem', { name: `Ann pays ${annOnOrganiser}` }).count()).toBe(1);
    expect(await op.getByRole('listitem', { name: `Dee pays ${deeOnOrganiser}` }).count()).toBe(1);
    for (const phone of [ann.page, dee.page]) await phone.getByText('The organiser has finished this bill. It can no longer be changed.').waitFor();
    await op.getByText(annOnOrganiser).first().waitFor();

    for (const phone of [organiser, ann, dee]) await phone.context.close();
  });

  it.each(['light', 'dark'] as const)('passes axe with no horizontal scroll at 320 px on the organiser’s panel and a diner’s phone, %s theme', async (colorScheme) => {
    const { items, diners } = BILL_IN_PROGRESS.bill;
    const opened = await fetch(`${baseUrl()}/api/live-bills`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items, diners: diners.map(({ id, name }) => ({ id, name })), tip: { percent: 10 } }),
    });
    const { billId, organiserKey, tableKey, url } = (await opened.json()) as Record<string, string>;
    const small = { viewport: { width: 320, height: 640 }, colorScheme };
    const organiser = await newPhone(browser, small);
    await organiser.context.addInitScript((bill) => localStorage.setItem('whos-paying:bill', JSON.stringify(bill)), {
      ...BILL_IN_PROGRESS,
      bill: { ...BILL_IN_PROGRESS.bill, live: { billId, organiserKey, tableKey, url } },
    });
    await organiser.page.goto('/app');
    await organiser.page.getByRole('heading', { name: 'Who had what' }).waitFor();
    await organiser.page.getByText('Live', { exact: true }).waitFor();
    const diner = await newPhone(browser, small);
    await diner.page.goto(url!);
    await diner.page.getByRole('heading', { name: 'Who are you?' }).waitFor();
    await expectAccessible(diner.page, `join, ${colorScheme}`);
    await diner.page.getByRole('button', { name: 'Bob', exact: true }).click();
    await claimButton(diner.page, 'Peroni 2 of 3').click();
    await organiser.page.getByText('Bob · on their phone').waitFor();
    for (const [page, where] of [
      [diner.page, 'diner'],
      [organiser.page, 'organiser'],
    ] as const) {
      await expectAccessible(page, `${where}, ${colorScheme}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} at 320 px`).toBeLessThanOrEqual(320);
    }
    await organiser.context.close();
    await diner.context.close();
  });
});
