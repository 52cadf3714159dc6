import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPhone } from './support/browser';
import { expectAccessible } from './support/wizard';
import { storeBody } from '../support/share-packets';

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
/**
 * Everything a phone was told about the bill: each `bill` and `change` event its stream delivered,
 * and each answer to a change it sent.
 */
async function recordDelivered(context: BrowserContext): Promise<() => Promise<string>> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { delivered: string[] }).delivered = seen;
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        for (const type of ['bill', 'change']) this.addEventListener(type, (e) => seen.push((e as MessageEvent<string>).data));
      }
    };
  });
  const answers: Promise<string>[] = [];
  context.on('response', (r) => {
    // The answers to changes it sent (not the event stream itself, whose body never ends).
    if (/\/api\/live-bills\/[^/]+\/commands$/.test(r.url())) answers.push(r.text().catch(() => ''));
  });
  return async () => {
    const streamed = await Promise.all(context.pages().map((page) => page.evaluate(() => (window as unknown as { delivered?: string[] }).delivered ?? []).catch(() => [])));
    return [...streamed.flat(), ...(await Promise.all(answers))].join('\n');
  };
}

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
    const annDelivered = await recordDelivered(ann.context);
    const deeDelivered = await recordDelivered(dee.context);
    await ann.page.goto(link);
    await ann.page.getByRole('button', { name: 'Ann', exact: true }).click();
    await ann.page.getByRole('heading', { name: 'What did you have, Ann?' }).waitFor();
    await dee.page.goto(link);
    await dee.page.getByRole('button', { name: 'Ann (joined)' }).waitFor();
    // A joined seat is not taken by a tap: the phone is asked whether it is Ann on a new phone (the organiser would have to let it in).
    await dee.page.getByRole('button', { name: 'Ann (joined)' }).click();
    await dee.page.getByText('Ann has joined on another phone. Is this you, on a new phone?').waitFor();
    await dee.page.getByRole('button', { name: 'Not me' }).click();
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
    await dee.page.getByText('Had by: Ann').nth(2).waitFor(); // Dee let the third beer go: it is Ann's, not hers as well
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

    // Send to everyone's phone: the organiser's details first, then each phone gets its own link.
    await op.getByRole('button', { name: 'Send to everyone’s phone' }).click();
    const details = op.getByRole('dialog', { name: 'Your payment details' });
    await details.getByLabel('Your name').fill('Olive');
    await details.getByLabel('Monzo.me username').fill('olive-m');
    await details.getByRole('button', { name: 'Save details' }).click();
    await op.getByText('Sent to everyone’s phone').waitFor();
    await op.getByText('✓ On everyone’s phone: their share and a link to pay you.', { exact: false }).waitFor();
    await expectAccessible(op, 'summary, sent to everyone’s phone');
    const payCard = async (phone: Page, total: string) => {
      const card = phone.getByRole('region', { name: 'Your share' });
      await card.getByText(total, { exact: true }).waitFor();
      const href = (await card.getByRole('link', { name: 'Pay Olive' }).getAttribute('href'))!;
      expect(href).toMatch(/^\/r\/[a-z0-9]+\/[a-z0-9]{27}$/);
      return href;
    };
    const annPage = await payCard(ann.page, annOnOrganiser);
    const deePage = await payCard(dee.page, deeOnOrganiser);
    expect(annPage).not.toBe(deePage);
    expect(annPage.split('/')[2]).toBe(deePage.split('/')[2]); // one stored bill, a capability each
    // Neither phone was ever sent the other's link, by its stream or in an answer.
    const [annHeard, deeHeard] = [await annDelivered(), await deeDelivered()];
    expect(annHeard).toContain(annPage);
    expect(annHeard).not.toContain(deePage);
    expect(deeHeard).toContain(deePage);
    expect(deeHeard).not.toContain(annPage);

    // A later change on the summary reaches the phones: a 20% tip, the new amount on Ann's card.
    const stored = op.waitForResponse((r) => r.url().endsWith('/api/bills') && r.status() === 200);
    await op.getByRole('button', { name: '20%', exact: true }).click();
    await stored;
    const annNow = (await op.getByRole('listitem', { name: /^Ann pays £/ }).getAttribute('aria-label'))!.replace(/^.* /, '');
    expect(annNow).not.toBe(annOnOrganiser);
    await ann.page.getByRole('region', { name: 'Your share' }).getByText(annNow, { exact: true }).waitFor();

    // Ann's button opens her own pay-back page: her amount, one tap to pay Olive with Monzo.
    await ann.page.getByRole('link', { name: 'Pay Olive' }).click();
    await ann.page.waitForURL(`**/app/receipt/${annPage.slice('/r/'.length)}`);
    await ann.page.getByRole('heading', { name: "Ann's Breakdown" }).waitFor();
    const due = annNow.replace('£', '');
    expect(await ann.page.getByRole('link', { name: `Pay £${due} with Monzo` }).getAttribute('href')).toMatch(new RegExp(`^https://monzo\\.me/olive-m/${due}\\?d=`)); // the bill's name is the note

    for (const phone of [organiser, ann, dee]) await phone.context.close();
  });

  it('has the organiser who paid at the table from the start: on this phone for them, joined for every other phone', async () => {
    const organiser = await newPhone(browser);
    await organiser.context.addInitScript((bill) => {
      if (localStorage.getItem('whos-paying:bill') === null) localStorage.setItem('whos-paying:bill', JSON.stringify(bill));
      // The organiser's payment details name them as Ann, one of the diners: Ann paid the bill.
      localStorage.setItem('whos-paying:payee', JSON.stringify({ name: 'Ann', monzo: 'ann-m', revolut: null, paypal: null }));
    }, BILL_IN_PROGRESS);
    const op = organiser.page;
    await op.goto('/app');
    await op.getByRole('button', { name: 'Let everyone pick on their phone' }).click();
    const link = (await op.getByRole('link', { name: /\/live\// }).getAttribute('href'))!;
    await op.getByText('Ann · on this phone, paid the bill').waitFor();
    await op.getByText('Bob · not joined yet').waitFor();
    const bob = await newPhone(browser);
    await bob.page.goto(link);
    await bob.page.getByRole('button', { name: 'Ann (joined)' }).click();
    await bob.page.getByRole('button', { name: 'Ask to rejoin as Ann' }).waitFor();
    expect(await bob.page.getByRole('heading', { name: 'Who are you?' }).count()).toBe(1);
    await bob.page.getByRole('button', { name: 'Bob', exact: true }).click();
    await op.getByText('Bob · on their phone').waitFor();
    expect(await op.getByText('Ann · on this phone, paid the bill').count()).toBe(1);
    await Promise.all([bob.context.close(), organiser.context.close()]);
  });

  it('shows the QR code on a small phone when the bill is opened to the table from the foot of a long Assign step', async () => {
    const organiser = await newPhone(browser, { viewport: { width: 320, height: 568 } });
    await organiser.context.addInitScript((bill) => {
      if (localStorage.getItem('whos-paying:bill') === null) localStorage.setItem('whos-paying:bill', JSON.stringify(bill));
    }, BILL_IN_PROGRESS);
    const op = organiser.page;
    await op.goto('/app');
    const open = op.getByRole('button', { name: 'Let everyone pick on their phone' });
    await open.scrollIntoViewIfNeeded();
    expect(await op.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await open.click();
    const qr = op.getByRole('img', { name: 'QR code that opens this bill on a phone' });
    await qr.waitFor();
    await op.waitForFunction(() => window.scrollY === 0);
    const box = (await qr.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(568);
    await organiser.context.close();
  });

  it.each(['light', 'dark'] as const)('passes axe with no horizontal scroll at 320 px on the organiser’s panel and a diner’s phone, %s theme', async (colorScheme) => {
    const { items, diners } = BILL_IN_PROGRESS.bill;
    const opened = await fetch(`${baseUrl()}/api/live-bills`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        bill: { currency: 'GBP', name: null, diners: diners.map(({ id, name }) => ({ id, name })), items, tipPence: 0, tipSplit: 'equal', tipSharers: 'allDiners', payerId: null },
        tip: { percent: 10 },
      }),
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

    // Finished, and Bob's pay-back link handed out: his card. Links to anywhere but our own
    // pay-back pages, and hand-outs by anyone but the organiser, are refused with a code.
    const command = (key: string, body: unknown) =>
      fetch(`${baseUrl()}/api/live-bills/${billId}/commands`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key, command: body }) });
    // Bob's page on the bill stored for paying back, whose share of it (£12.34) is the only amount his phone may be handed.
    const stored = await fetch(`${baseUrl()}/api/bills`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(storeBody({ name: 'Olive Tree', tipPence: 0, diners: [{ id: 'bob', name: 'Bob' }], items: [{ name: 'Peroni', pricePence: 1234, assignedTo: ['bob'] }] }, { name: 'Olive' })),
    });
    const page = new URL(((await stored.json()) as { diners: { url: string }[] }).diners[0]!.url).pathname;
    const handOut = (url: string, pence = 1234) => ({ type: 'handOut', payTo: 'Olive', links: [{ dinerId: 'bob', url, pence }] });
    expect((await command(organiserKey!, { type: 'setStatus', status: 'finished' })).status).toBe(200);
    for (const [url, status, code] of [
      ['https://evil.example' + page, 400, 'bad_link'],
      [`${baseUrl()}${page}?then=https://evil.example`, 400, 'bad_link'],
      ['javascript:alert(1)', 400, 'bad_link'],
    ] as const) {
      const refused = await command(organiserKey!, handOut(url));
      expect([refused.status, ((await refused.json()) as { code: string }).code], url).toEqual([status, code]);
    }
    const byTable = await command(tableKey!, handOut(page));
    expect([byTable.status, ((await byTable.json()) as { code: string }).code]).toEqual([403, 'forbidden']);
    const penny = await command(organiserKey!, handOut(page, 1233));
    expect([penny.status, ((await penny.json()) as { code: string }).code], 'a penny short of the stored share').toEqual([409, 'not_its_shares']);
    expect((await command(organiserKey!, handOut(`${baseUrl()}${page}`))).status).toBe(200);
    const card = diner.page.getByRole('region', { name: 'Your share' });
    await card.getByRole('link', { name: 'Pay Olive' }).waitFor();
    expect(await card.getByRole('link', { name: 'Pay Olive' }).getAttribute('href')).toBe(page);
    await card.getByText('£12.34', { exact: true }).waitFor();
    await expectAccessible(diner.page, `pay card, ${colorScheme}`);
    expect(await diner.page.evaluate(() => document.documentElement.scrollWidth), 'pay card at 320 px').toBeLessThanOrEqual(320);
    await organiser.context.close();
    await diner.context.close();
  });
});
