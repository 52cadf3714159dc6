import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPhone } from './support/browser';
import { postJson } from './support/http';
import { linesOf } from './support/layout';
import { clipboard, OWN_LINK } from './support/paying-back';
import { addDiners, expectAccessible, openApp, toggle } from './support/wizard';
import { refusalOf } from '../../src/contracts/endpoint';
import { readPayments, storeBill } from '../../src/contracts/paying-back';

const pence = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

/**
 * The sample receipt (pizza 8.99, soft drink 2.99, service charge 1.50) for Alice, Ben and Cat: Alice
 * had the pizza, Ben and Cat shared the drink, the service charge falls on all three (they all had
 * items), and a 10% tip is shared equally.
 */
async function splitSampleBill(page: Page): Promise<void> {
  await openApp(page);
  await page.getByRole('button', { name: /Try sample receipt/ }).click();
  await page.getByRole('button', { name: /^Continue/ }).click();
  await addDiners(page, 'Alice', 'Ben', 'Cat');
  for (const [item, diner] of [
    ['Margherita Pizza', 'Alice'],
    ['Soft Drink', 'Ben'],
    ['Soft Drink', 'Cat'],
  ] as const)
    await toggle(page, item, diner).click();
  await page.getByRole('button', { name: 'Continue to Summary' }).click();
  await page.getByRole('button', { name: '10%', exact: true }).click();
}

async function summaryTotals(page: Page): Promise<Record<string, number>> {
  const labels = await page.getByRole('listitem', { name: / pays £/ }).evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')!));
  return Object.fromEntries(labels.map((l) => [l.split(' pays ')[0]!, pence(l.split(' pays ')[1]!)]));
}

describe('getting paid back', () => {
  let browser: Browser;
  let organiser: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("sends each diner their own link; the diner's page matches the summary to the penny, and I've paid reaches the organiser", async () => {
    organiser = await newPhone(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = organiser;
    await splitSampleBill(page);
    const totals = await summaryTotals(page);
    expect(Object.values(totals).reduce((a, b) => a + b, 0)).toBe(pence((await page.locator('.wz-grand').innerText()).match(/Grand Total\s+(£[\d.]+)/)![1]!));

    // The first Send asks for the organiser's details, refusing a PayPal name PayPal would not take.
    await page.getByRole('button', { name: 'Send Ben their share' }).click();
    const details = page.getByRole('dialog', { name: 'Your payment details' });
    await details.getByLabel('Your name').fill('Alice');
    await details.getByLabel('Monzo.me username').fill('monzo.me/alice-m');
    await details.getByLabel('PayPal.Me username').fill('alice.p');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByRole('alert').filter({ hasText: 'A PayPal.Me username is up to 20 letters and digits' }).waitFor();
    await details.getByLabel('PayPal.Me username').fill('@AliceP');
    await expectAccessible(page, 'payment details');
    await details.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Message for Ben copied').waitFor();
    const message = await clipboard(page);
    const benLink = message.match(OWN_LINK)?.[0];
    expect(benLink, message).toBeDefined();
    // His own items only, never another diner's (issue 28).
    // The sample receipt has no restaurant or date: the bill is named by the day it was split.
    expect(message).toMatch(new RegExp(`Hi Ben! Your share of Bill of \\d{1,2} \\w+ \\d{4} is £${(totals['Ben']! / 100).toFixed(2)} \\(Soft Drink\\)\\.`));
    const row = (name: string) => page.getByRole('listitem', { name: new RegExp(`^${name} pays`) });
    expect(await row('Ben').getByText('Not paid yet').count()).toBe(1);
    // Alice, the organiser, is one of the diners: she paid the bill, is owed the others' shares, and owes nothing.
    await row('Alice')
      .getByText(`Paid the bill · owed £${((totals['Ben']! + totals['Cat']!) / 100).toFixed(2)}`)
      .waitFor();
    expect(await row('Alice').getByRole('button').count()).toBe(0);

    // Sending Cat reuses the stored bill: same receipt, her own capability.
    await page.getByRole('button', { name: 'Send Cat their share' }).click();
    await page.getByText('Message for Cat copied').waitFor();
    const catLink = (await clipboard(page)).match(OWN_LINK)![0];
    expect(catLink.split('/r/')[1]!.split('/')[0]).toBe(benLink!.split('/r/')[1]!.split('/')[0]);
    expect(catLink).not.toBe(benLink);

    // Ben opens his link on his own phone.
    const ben = await newPhone(browser);
    const documents: string[] = [];
    ben.page.on('request', (r) => void (r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname)));
    const response = await ben.page.goto(benLink!);
    expect(response?.status()).toBe(200);
    // The short link shows the app's address for the same page, /app/receipt/{id}/{dinerId}, without loading it again.
    await ben.page.waitForURL(`**/app/receipt/${benLink!.split('/r/')[1]}`);
    expect(documents).toEqual([new URL(benLink!).pathname]);
    await ben.page.getByRole('heading', { name: "Ben's Breakdown" }).waitFor();
    await ben.page.getByText(/^This link works until \d{1,2} \w+ \d{4}\.$/).waitFor();
    const items = await ben.page.getByRole('region', { name: 'Your Items' }).innerText();
    expect(items).toMatch(/Soft Drink\s+Split between 2 people \(£2\.99\)/);
    expect(items).toMatch(/Service Charge/);
    expect(pence(items.match(/Your Total\s+(£[\d.]+)/)![1]!)).toBe(totals['Ben']);
    const due = (totals['Ben']! / 100).toFixed(2);
    expect(await ben.page.getByRole('link', { name: `Pay £${due} with Monzo` }).getAttribute('href')).toMatch(new RegExp(`^https://monzo\\.me/alice-m/${due}\\?d=Bill%20of%20\\d`));
    expect(await ben.page.getByRole('link', { name: `Pay £${due} with PayPal` }).getAttribute('href')).toBe(`https://paypal.me/AliceP/${due}GBP`);
    await expectAccessible(ben.page, "diner's page");
    // The organiser's summary follows the stored bill's stream: no request for who has paid after it opened.
    const reads: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('/payments') && reads.push(r.url())));
    await ben.page.getByRole('button', { name: "I've paid" }).click();
    const said = Date.now();
    await ben.page.getByText(`You've told Alice you've paid £${due}. Thank you!`).waitFor();
    expect(await ben.page.getByRole('button', { name: "I've paid" }).count()).toBe(0);

    // The organiser's summary learns it while open, within a couple of seconds, with no reload or poll (issue 42).
    await row('Ben').getByText("✓ Ben says they've paid").waitFor({ timeout: 2500 });
    await page.getByText('1 of 2 paid').waitFor({ timeout: 500 });
    expect(Date.now() - said).toBeLessThan(3000);
    expect(reads).toEqual([]);

    // Cat pays cash: the organiser marks her by hand, and can take it back.
    await row('Cat').getByRole('button', { name: 'Mark paid' }).click();
    await row('Cat')
      .getByText(`✓ Paid £${(totals['Cat']! / 100).toFixed(2)}`, { exact: true })
      .waitFor();
    await page.getByText('2 of 2 paid').waitFor();
    const cat = await newPhone(browser);
    await cat.page.goto(catLink);
    await cat.page.waitForURL('**/app/receipt/**');
    await cat.page.getByText(`Alice has marked you as paid £${(totals['Cat']! / 100).toFixed(2)}. Thank you!`).waitFor();
    await row('Cat').getByRole('button', { name: 'Mark unpaid' }).click();
    await page.getByText('1 of 2 paid').waitFor();

    // One reminder for the group chat: who still owes and how much, with the whole-bill link, never anyone's own.
    await page.getByRole('button', { name: "Remind who hasn't paid" }).click();
    await page.getByText('Reminder copied').waitFor();
    const reminder = await clipboard(page);
    expect(reminder).toMatch(/Still to pay Alice for Bill of \d{1,2} \w+ \d{4}:/);
    expect(reminder).toContain(`• Cat: £${(totals['Cat']! / 100).toFixed(2)}`);
    expect(reminder).toMatch(/The whole bill: https?:\/\/\S+\/b\/\S+/);
    // Each with their own page read only (issue 42): what is left and the pay buttons, never anyone's capability or "I've paid".
    expect(reminder).not.toMatch(OWN_LINK);
    expect(reminder).not.toContain(catLink);
    expect(reminder).not.toContain('Ben');
    expect(reminder).not.toContain('• Alice');
    const catPage = reminder.match(/• Cat: £[\d.]+ · pay here: (https?:\/\/\S+\/r\/\S+)/)?.[1];
    expect(catPage, reminder).toBeDefined();
    await cat.page.goto(catPage!);
    await cat.page.getByRole('heading', { name: "Cat's Breakdown" }).waitFor();
    await cat.page.getByRole('link', { name: `Pay £${(totals['Cat']! / 100).toFixed(2)} with Monzo` }).waitFor();
    expect(await cat.page.getByRole('button', { name: "I've paid" }).count()).toBe(0);

    // A change after sending reaches the links already sent: same link, the summary's new amount.
    const edited = page.waitForResponse((r) => r.url().endsWith('/api/bills') && r.status() === 200);
    await page.getByRole('button', { name: '20%', exact: true }).click();
    expect(storeBill.answer.safeParse(await (await edited).json()).success).toBe(true);
    const after = await summaryTotals(page);
    expect(after['Cat']).not.toBe(totals['Cat']);
    await cat.page.reload();
    const catItems = await cat.page.getByRole('region', { name: 'Your Items' }).innerText();
    expect(pence(catItems.match(/Your Total\s+(£[\d.]+)/)![1]!)).toBe(after['Cat']);
    await Promise.all([ben.context.close(), cat.context.close()]);
  });

  it('keeps the bill under recent bills on the scan step: open it with who has paid, or delete it from the device', async () => {
    const { page } = organiser;
    await page.getByRole('button', { name: 'Split Another Bill' }).click();
    const recent = page.getByRole('region', { name: 'Recent bills' });
    const entry = recent.getByRole('listitem', { name: /^Bill of \d{1,2} \w+ \d{4}$/ }); // the sample receipt has no restaurant or date
    await entry.getByText(/of 2 paid/).waitFor();
    await entry.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Individual Totals' }).waitFor();
    // Ben paid before the tip went up to 20%: what he paid holds, and the difference is still to come (issue 28).
    await page
      .getByRole('listitem', { name: /^Ben pays/ })
      .getByText(/^paid £[\d.]+ · £[\d.]+ still to come$/)
      .waitFor();
    await page.getByText(/^0 of 2 paid · £[\d.]+ still to come$/).waitFor();
    await page.getByRole('button', { name: 'Split Another Bill' }).click();
    await entry.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete from this device?' }).getByRole('button', { name: 'Delete' }).click();
    await recent.waitFor({ state: 'detached' });
  });

  it('answers unknown or malformed diner links with the documents’ error screens and a 404', async () => {
    const { context, page } = await newPhone(browser);
    const unknown = await page.goto('/r/nosuchreceipt2/abcdefghjkmnpqrstuvwxyz2345');
    expect(unknown?.status()).toBe(404);
    await page.getByText('Receipt not found').waitFor();
    const malformed = await page.goto('/r/NOT-VALID/x');
    expect(malformed?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Link Error' }).waitFor();
    const forged = await fetch(`${baseUrl()}/api/bills/nosuchreceipt2/payments`, { headers: { 'x-organiser-secret': 'abcdefghjkmnpqrstuvwxyz2345' } });
    expect(forged.status).toBe(404);
    const refusal: unknown = await forged.json();
    expect(refusal).toEqual({ error: 'Receipt not found', code: 'bill_not_found' });
    expect(refusalOf(readPayments.refusals, refusal)?.code).toBe('bill_not_found');
    await context.close();
  });
  it("keeps a shared discount's amount whole on a diner's page at 320 px: the minus never ends a line", async () => {
    const response = await postJson('/api/receipts', {
      tipPence: 900,
      diners: [
        { id: 'a', name: 'Alice' },
        { id: 'b', name: 'Bartholomew' },
        { id: 'c', name: 'Cat' },
      ],
      items: [
        { name: 'Primo', pricePence: 1500, assignedTo: ['b'] },
        { name: 'Vino', pricePence: 1800, assignedTo: ['a', 'b', 'c'] },
        { name: 'Sconto', pricePence: -550, kind: 'discount', assignedTo: [] },
      ],
    });
    expect(response.status).toBe(201);
    const { diners } = (await response.json()) as { diners: { name: string; url: string }[] };
    const { context, page } = await newPhone(browser, { viewport: { width: 320, height: 640 } });
    await page.goto(diners.find((d) => d.name === 'Bartholomew')!.url);
    await page.getByRole('heading', { name: "Bartholomew's Breakdown" }).waitFor();
    const items = page.getByRole('region', { name: 'Your Items' });
    await items.getByText('Split between 3 people (-£5.50)').waitFor();
    expect(await linesOf(page, '[aria-label="Your Items"] small', '-£5.50')).toContain(1);
    expect((await linesOf(page, '[aria-label="Your Items"] small', '-£5.50')).filter((n) => n > 1)).toEqual([]);
    await context.close();
  });
});
