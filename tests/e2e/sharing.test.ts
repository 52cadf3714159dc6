import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPhone, waitForIslands } from './support/browser';
import { linesOf } from './support/layout';
import { refusalOf } from '../../src/contracts/endpoint';
import { createShareLink } from '../../src/contracts/shares';
import { shareBody, type BillSketch } from '../support/share-packets';

// Hand-worked: Prosecco 3200 / 3 = 1067, 1067, 1066; tip 500 / 3 goes 167, 166, 167 (the penny goes to
// whoever is furthest below their exact share so far: Cat, then Alice on the tie).
// Alice 899 + 1067 + 250 + 167 = 2383; Ben 1067 + 425 + 166 = 1658; Cat 1066 + 650 + 167 = 1883; all 5924.
const bill = {
  diners: [
    { id: 'd-alice', name: 'Alice' },
    { id: 'd-ben', name: 'Ben' },
    { id: 'd-cat', name: 'Cat' },
  ],
  items: [
    { name: 'Margherita Pizza', pricePence: 899, assignedTo: ['d-alice'] },
    { name: 'Bottle of Prosecco', pricePence: 3200, assignedTo: ['d-alice', 'd-ben', 'd-cat'] },
    { name: 'Garlic Bread', pricePence: 425, assignedTo: ['d-ben'] },
    { name: 'Tiramisu', pricePence: 650, assignedTo: ['d-cat'] },
    { name: 'Espresso', pricePence: 250, assignedTo: ['d-alice'] },
  ],
  tipPence: 500,
};

async function share(extra: Partial<BillSketch> = {}): Promise<{ url: string; token: string; expiresAt: string }> {
  const response = await fetch(`${baseUrl()}/api/shares`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(shareBody({ ...bill, ...extra })) });
  expect(response.status).toBe(201);
  return (await response.json()) as { url: string; token: string; expiresAt: string };
}

const text = (page: Page) => page.locator('body').innerText();

describe('sharing a bill by signed link', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('POST /api/shares answers a /b/ link that expires in 7 days, and the documents’ errors as 400s', async () => {
    const link = await share();
    expect(createShareLink.answer.safeParse(link).success).toBe(true);
    expect(link.url).toBe(`${baseUrl()}/b/${link.token}`);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    const bad = await fetch(`${baseUrl()}/api/shares`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(shareBody({ ...bill, items: [] })) });
    expect(bad.status).toBe(400);
    const refusal: unknown = await bad.json();
    expect(refusal).toEqual({ error: 'No items in receipt', code: 'invalid_bill' });
    expect(refusalOf(createShareLink.refusals, refusal)?.code).toBe('invalid_bill');
    const garbage = await fetch(`${baseUrl()}/api/shares`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"diners":' });
    expect(garbage.status).toBe(400);
  });

  it('/b/{token} shows every seat, item and total to the penny, privately', async () => {
    const { url } = await share();
    const { context, page } = await newPhone(browser);
    const response = await page.goto(url);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await page.getByRole('heading', { name: 'Bill Breakdown' }).waitFor();
    const summary = page.getByRole('list', { name: 'Summary' });
    expect(await summary.innerText()).toMatch(/Alice\s+£23\.83\s+Ben\s+£16\.58\s+Cat\s+£18\.83\s+Grand Total\s+£59\.24/);
    const alice = await page.getByRole('article', { name: 'Alice' }).innerText();
    expect(alice).toMatch(/Margherita Pizza\s+£8\.99/);
    expect(alice).toMatch(/Bottle of Prosecco\s+Split between Alice, Ben, Cat\s+£10\.67/);
    expect(alice).toMatch(/Tip\s+£1\.67/);
    expect(await page.getByRole('article', { name: 'Cat' }).innerText()).toMatch(/Bottle of Prosecco[\s\S]*£10\.66[\s\S]*Tip\s+£1\.67/);
    expect(await page.getByRole('link', { name: 'Open in App' }).getAttribute('href')).toMatch(/^whospaying:\/\/share\//);
    await page.getByRole('link', { name: 'Download App' }).waitFor();
    await context.close();
  });

  it('/share/{token} for one diner is the single-seat view, that seat marked You', async () => {
    const { token } = await share({ dinerId: 'd-ben' });
    const { context, page } = await newPhone(browser);
    await page.goto(`/share/${token}`);
    await page.getByRole('heading', { name: "Ben's Bill" }).waitFor();
    expect(await page.getByRole('list', { name: 'Full meal breakdown' }).innerText()).toMatch(/Alice\s+£23\.83\s+Ben\s+You\s+£16\.58\s+Cat\s+£18\.83\s+Total\s+£59\.24/);
    const items = await page.getByRole('list', { name: 'Your items' }).innerText();
    expect(items).toMatch(/Bottle of Prosecco\s+Split between Alice, Ben, Cat\s+£10\.67/);
    expect(items).toMatch(/Garlic Bread\s+£4\.25/);
    expect(await text(page)).toMatch(/Subtotal\s+£14\.92[\s\S]*Your total\s+£16\.58/);
    await context.close();
  });

  it('shows the single-seat view when every item belongs to one seat, and the verified bill as JSON for the app', async () => {
    const { token } = await share({ items: [bill.items[0]!, bill.items[4]!] });
    const { context, page } = await newPhone(browser);
    await page.goto(`/b/${token}`);
    await page.getByRole('heading', { name: "Alice's Bill" }).waitFor();
    await context.close();
    const response = await fetch(`${baseUrl()}/api/shares/${token}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      bill: {
        diners: [
          { id: '1', name: 'Alice' },
          { id: '2', name: 'Ben' },
          { id: '3', name: 'Cat' },
        ],
        items: [
          { name: 'Margherita Pizza', pricePence: 899, assignedTo: ['1'] },
          { name: 'Espresso', pricePence: 250, assignedTo: ['1'] },
        ],
        tipPence: 500,
      },
      dinerId: null,
    });
    const forged = await fetch(`${baseUrl()}/api/shares/${token.replace('.', '.1')}`);
    expect([forged.status, await forged.json()]).toEqual([404, { error: 'Invalid or expired share token', code: 'invalid' }]);
  });

  // By what each had: Alice 899 + 1066.67 + 250, Ben 425 + 1066.67, Cat 650 + 1066.67 of 5424: tip 500 → 204, 137, 159.
  // Alice 2216 + 204 = 2420; Ben 1492 + 137 = 1629; Cat 1716 + 159 = 1875; all 5924, as with an equal tip.
  it('POST /api/shares takes tipSplit (equal by default), GET answers it, and other values are 400s', async () => {
    const proportional = await share({ tipSplit: 'proportional' });
    const equal = await share();
    const opened = async (token: string) => ((await (await fetch(`${baseUrl()}/api/shares/${token}`)).json()) as { bill: { tipSplit: string } }).bill.tipSplit;
    expect([await opened(proportional.token), await opened(equal.token)]).toEqual(['proportional', 'equal']);
    expect(proportional.token.length).toBe(equal.token.length);
    for (const tipSplit of ['weighted', 1, null]) {
      const body = shareBody(bill);
      const bad = await fetch(`${baseUrl()}/api/shares`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, bill: { ...body.bill, tipSplit } }) });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toMatch(/^Invalid request: bill\.tipSplit: .*"equal".*"proportional"/);
    }
  });

  it('every share page and the app split a tip shared by what each had the same way, to the penny', async () => {
    const { token } = await share({ tipSplit: 'proportional' });
    const { context, page } = await newPhone(browser);
    await page.goto(`/b/${token}`);
    expect(await page.getByRole('list', { name: 'Summary' }).innerText()).toMatch(/Alice\s+£24\.20\s+Ben\s+£16\.29\s+Cat\s+£18\.75\s+Grand Total\s+£59\.24/);
    expect(await page.getByRole('article', { name: 'Alice' }).innerText()).toMatch(/Tip\s+£2\.04/);
    await page.getByText('Tip shared by what each had').waitFor();

    const forBen = await share({ tipSplit: 'proportional', dinerId: 'd-ben' });
    await page.goto(`/share/${forBen.token}`);
    expect(await page.getByRole('list', { name: 'Full meal breakdown' }).innerText()).toMatch(/Alice\s+£24\.20\s+Ben\s+You\s+£16\.29\s+Cat\s+£18\.75\s+Total\s+£59\.24/);

    await page.goto(`/share-view?token=${token}&seat=3`);
    expect(await page.getByRole('region', { name: "Cat's breakdown" }).innerText()).toMatch(/Tip share\s+£1\.59\s+Total\s+£18\.75/);
    expect(await page.getByRole('region', { name: 'Bill summary' }).innerText()).toMatch(/Tip shared\s+By what each had/);

    await page.goto(`/breakdown?token=${token}&seat=2`);
    expect(await page.getByRole('region', { name: 'Cost Breakdown' }).innerText()).toMatch(/Items Subtotal\s+£14\.92\s+Tip Share\s+£1\.37\s+Total Amount\s+£16\.29/);
    await page.goto(`/diner-landing?token=${token}&seat=3`);
    expect(await page.getByRole('region', { name: "Cat's share" }).innerText()).toMatch(/Tip share\s+£1\.59\s+Total\s+£18\.75/);
    await page.goto(`/diner?token=${token}&seat=1`);
    await page.waitForURL('**/app/diner');
    expect(await page.getByRole('region', { name: 'Cost Breakdown' }).innerText()).toMatch(/Tip Share\s+£2\.04\s+Total Amount\s+£24\.20/);
    await page.goto(`/share?data=${token}`);
    expect(await page.getByRole('article', { name: 'Alice' }).innerText()).toMatch(/Alice\s+£24\.20/);

    await page.goto(`/app?data=${token}`);
    await page.getByRole('heading', { name: 'Individual Totals' }).waitFor();
    expect(await page.getByRole('radio', { name: 'By what each had' }).isChecked()).toBe(true);
    for (const total of ['Alice pays £24.20', 'Ben pays £16.29', 'Cat pays £18.75']) expect(await page.getByRole('listitem', { name: total }).count()).toBe(1);
    await context.close();
  });

  it('opens a shared link in the app with its name, who paid and the rate it is paid back at', async () => {
    const { token } = await share({ currency: 'JPY', name: 'Ichiran · 25 Nov 2026', payerId: 'd-alice', payBackRate: '0.0052' });
    const { context, page } = await newPhone(browser);
    await page.goto(`/app?data=${token}`);
    await page.getByRole('heading', { name: 'Individual Totals' }).waitFor();
    expect(await page.getByLabel('Bill name').inputValue()).toBe('Ichiran · 25 Nov 2026');
    expect(await page.getByLabel('£ for 1 JPY').inputValue()).toBe('0.0052');
    expect(await page.getByRole('listitem', { name: /^Alice pays/ }).innerText()).toMatch(/Paid the bill · owed JP¥/);
    expect(await page.getByRole('listitem', { name: /^Ben pays JP¥\d[\d,]* \(£\d+\.\d\d\)$/ }).count()).toBe(1);
    await context.close();
  });

  it('finds the token in the query or the hash, and refuses missing, short and forged tokens', async () => {
    const { token } = await share();
    const { context, page } = await newPhone(browser);
    await page.goto(`/b?token=${token}`);
    await page.getByRole('heading', { name: 'Bill Breakdown' }).waitFor();
    await page.goto(`/b#${token}`);
    await page.getByRole('heading', { name: 'Bill Breakdown' }).waitFor();
    expect(page.url()).toContain(`/b/${token}`);

    const short = await page.goto('/b/ABC123');
    expect(short?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Bill Not Found' }).waitFor();
    expect(await text(page)).toContain('No share token provided');

    const [payload, tag] = token.split('.') as [string, string];
    const flipped = payload.at(-3) === 'A' ? 'B' : 'A'; // always a different digit
    const forged = `${payload.slice(0, -3)}${flipped}${payload.slice(-2)}.${tag}`;
    const refused = await page.goto(`/b/${forged}`);
    expect(refused?.status()).toBe(404);
    expect(await text(page)).toContain('Invalid or expired share token');
    expect(await text(page)).toContain('This share link is invalid or has expired.');
    await page.getByRole('link', { name: 'Download App' }).waitFor();
    await context.close();
  });

  it('/share-view picks a seat, shows its tip share and total, and the bill summary', async () => {
    const { token } = await share();
    const { context, page } = await newPhone(browser);
    await page.goto(`/share-view?token=${token}`);
    await page.getByRole('navigation', { name: 'Choose your seat' }).getByRole('link', { name: 'Cat' }).click();
    await page.getByRole('region', { name: "Cat's breakdown" }).waitFor();
    expect(await page.getByRole('region', { name: "Cat's breakdown" }).innerText()).toMatch(/Tiramisu\s+£6\.50[\s\S]*Tip share\s+£1\.67\s+Total\s+£18\.83/);
    expect(await page.getByRole('region', { name: 'Bill summary' }).innerText()).toMatch(/Currency\s+GBP\s+Tip\s+9\.2%\s+Seats\s+3\s+Items\s+5/);
    expect(await text(page)).toContain('A read-only breakdown: no data is stored.');
    await page.goto('/share-view');
    await page.getByRole('heading', { name: 'Share Error' }).waitFor();
    expect(await text(page)).toContain('Invalid share link - no token found');
    await context.close();
  });

  it('asks a diner to pay whoever paid the bill, by name, when the link says who did', async () => {
    const { url } = await share({ payerId: 'd-alice', dinerId: 'd-ben' });
    const { context, page } = await newPhone(browser);
    await page.goto(new URL(url).pathname);
    expect(await page.getByRole('region', { name: 'About this bill' }).innerText()).toContain('Please pay £16.58 to Alice, who paid this bill.');
    await context.close();
  });

  it('/share-view, /diner-landing and /breakdown name a euro bill, who paid it and its currency, and tell the payer what they are owed', async () => {
    const { token } = await share({ payerId: 'd-alice', currency: 'EUR', name: 'Casa Lola · 25 Nov 2026' });
    const { context, page } = await newPhone(browser);
    await page.goto(`/share-view?token=${token}&seat=2`);
    const about = page.getByRole('region', { name: 'About this bill' });
    expect(await about.innerText()).toMatch(/Casa Lola · 25 Nov 2026[\s\S]*Please pay €16\.58 to Alice, who paid this bill\./);
    expect(await page.getByRole('region', { name: 'Bill summary' }).innerText()).toMatch(/Currency\s+EUR/);
    await page.goto(`/diner-landing?token=${token}&seat=1`);
    expect(await about.innerText()).toMatch(/Casa Lola · 25 Nov 2026[\s\S]*Your share\s+€23\.83[\s\S]*You paid the bill · owed €35\.41/);
    await page.goto(`/breakdown?token=${token}&seat=2`);
    await page.getByRole('heading', { name: /Casa Lola · 25 Nov 2026\s*Ben's Bill Breakdown/ }).waitFor();
    expect(await page.getByRole('region', { name: 'Payment Information' }).innerText()).toContain('Please pay €16.58 to Alice, who paid this bill.');
    // The link handler keeps the same breakdown for /app/diner.
    await page.goto(`/diner?token=${token}&seat=1`);
    await page.waitForURL('**/app/diner');
    expect(await page.getByRole('region', { name: 'Payment Information' }).innerText()).toContain('You paid the bill · owed €35.41');

    // Paid back in pounds at the organiser's rate: what to pay, and what the payer is owed, in pounds too.
    const inPounds = await share({ payerId: 'd-alice', currency: 'EUR', name: 'Casa Lola · 25 Nov 2026', payBackRate: '0.8571' });
    await page.goto(`/breakdown?token=${inPounds.token}&seat=2`);
    expect(await page.getByRole('region', { name: 'Payment Information' }).innerText()).toContain('Please pay £14.21 to Alice, who paid this bill.');
    await page.goto(`/diner-landing?token=${inPounds.token}&seat=1`);
    expect(await about.innerText()).toContain('You paid the bill · owed €35.41 (£30.35)');
    await context.close();
  });

  it('/share?data= shows the whole bill and per-diner cards, and its share dialog copies a working link', async () => {
    const { token } = await share();
    const { context, page } = await newPhone(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    // The page's timers run on a clock the test moves, so 'Copied!' (2 s) cannot revert before it is seen.
    await page.clock.install();
    await page.goto(`/share?data=${token}`);
    const complete = page.getByRole('region', { name: 'Complete bill' });
    expect(await complete.innerText()).toMatch(/£59\.24[\s\S]*3 diners · 5 items/);
    const alice = await page.getByRole('article', { name: 'Alice' }).innerText();
    expect(alice).toMatch(/Alice\s+£23\.83\s+3 items \+ tip\s+Margherita Pizza\s+£8\.99\s+Bottle of Prosecco\s+£10\.67\s+\+1 more/);
    expect(await page.getByRole('article', { name: 'Ben' }).innerText()).not.toContain('more');

    await waitForIslands(page);
    await page.getByRole('button', { name: "Share Ben's bill" }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Bill' });
    await expect.poll(() => dialog.getByRole('definition').allInnerTexts()).toEqual(['Ben', '2', '£16.58']);
    const link = dialog.getByRole('textbox', { name: 'Share link' });
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl()}/b/[0-9A-Z]+\\.[0-9A-Z]+$`));
    const qr = dialog.getByRole('img', { name: 'QR code for the share link' });
    await qr.waitFor();
    // Generated at 300 px, shown large enough to scan across a table (issue 15), not at 150.
    expect(await qr.evaluate((img: HTMLImageElement) => [img.width >= 240, img.naturalWidth])).toEqual([true, 300]);
    await page.clock.pauseAt(Date.now() + 60_000);
    await dialog.getByRole('button', { name: 'Copy QR Code' }).click();
    await dialog.getByRole('region', { name: 'QR Code' }).getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(async () => (await navigator.clipboard.read())[0]?.types)).toContain('image/png');
    await dialog.getByRole('button', { name: 'Copy Link' }).click();
    await dialog.getByRole('region', { name: 'Share Link' }).getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await page.clock.runFor(1999);
    expect(await dialog.getByRole('region', { name: 'Share Link' }).getByRole('button', { name: 'Copied!' }).count()).toBe(1);
    await page.clock.runFor(1); // 'Copied!' reverts after 2 s
    await dialog.getByRole('button', { name: 'Copy Link' }).waitFor();
    await page.clock.resume();
    expect(await dialog.getByRole('region', { name: 'Rich Text' }).innerText()).toContain('Total: £16.58');

    // 127.0.0.1 is a development host: Native Share copies the text, labelled, instead of sharing.
    await dialog.getByRole('region', { name: 'Native Share' }).getByRole('button').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('[Development mode]');

    const shared = await newPhone(browser);
    await shared.page.goto(url);
    await shared.page.getByRole('heading', { name: "Ben's Bill" }).waitFor();
    await shared.context.close();
    await context.close();
  });

  it('/share without data says so', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/share');
    await page.getByRole('heading', { name: 'Oops! Something went wrong' }).waitFor();
    expect(await text(page)).toContain('No receipt data found');
    await page.goto('/share?data=NOTATOKEN.AT-ALL');
    expect(await text(page)).toContain('Failed to load receipt data');
    await page.getByRole('link', { name: 'Go Home' }).waitFor();
    await context.close();
  });

  it('/diner goes through session storage to /app/diner with the diner’s bill', async () => {
    const { token } = await share();
    const { context, page } = await newPhone(browser);
    await page.goto(`/diner?token=${token}&seat=1`);
    await page.waitForURL('**/app/diner');
    await page.getByRole('heading', { name: "Alice's Bill Breakdown" }).waitFor();
    const body = await text(page);
    expect(body).toContain('Individual Bill');
    expect(body).toContain('3 items assigned to you');
    expect(body).toMatch(/Bottle of Prosecco\s+Shared with 3 people \(1\/3\)\s+£10\.67/);
    expect(await page.getByRole('region', { name: 'Cost Breakdown' }).innerText()).toMatch(/Items Subtotal\s+£22\.16\s+Tip Share\s+£1\.67\s+Total Amount\s+£23\.83/);
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('sharedDinerData')!).total)).toBe(2383);
    await page.getByRole('button', { name: 'Print/Save PDF' }).waitFor();

    const fresh = await newPhone(browser);
    await fresh.page.goto('/app/diner');
    await fresh.page.getByText('No diner data found').waitFor();
    await fresh.page.goto('/diner?token=NOPE.NOPE.NOPE');
    await fresh.page.getByRole('heading', { name: 'Link Error' }).waitFor();
    expect(await text(fresh.page)).toContain('Invalid diner data in shared link');
    await fresh.page.getByRole('link', { name: 'Go to App' }).waitFor();
    await fresh.context.close();
    await context.close();
  });

  it('/breakdown and /diner-landing show one diner’s share', async () => {
    const { token } = await share();
    const { context, page } = await newPhone(browser);
    await page.goto(`/breakdown?token=${token}&seat=2`);
    await page.getByRole('heading', { name: "Ben's Bill Breakdown" }).waitFor();
    expect(await page.getByRole('region', { name: 'Cost Breakdown' }).innerText()).toMatch(/Items Subtotal\s+£14\.92\s+Tip Share\s+£1\.66\s+Total Amount\s+£16\.58/);
    await page.goto(`/breakdown?token=${token}`);
    expect(await text(page)).toContain('Invalid or missing diner data');

    await page.goto(`/diner-landing?token=${token}&seat=3`);
    const cat = await page.getByRole('region', { name: "Cat's share" }).innerText();
    expect(cat).toMatch(/2 items \+ tip[\s\S]*Tiramisu\s+£6\.50[\s\S]*Tip share\s+£1\.67\s+Total\s+£18\.83/);
    expect(await page.getByRole('link', { name: 'Open in App' }).getAttribute('href')).toBe(`whospaying://diner-landing?token=${token}&seat=3`);
    await page.getByRole('region', { name: 'Download' }).getByRole('link', { name: 'Download' }).waitFor();
    await context.close();
  });

  it('/breakdown keeps a long name and the brand bar whole on a 320 px phone (no "Bartholomew\'/s", no "Who\'s / Paying")', async () => {
    const { token } = await share({ diners: [...bill.diners.slice(0, 1), { id: 'd-ben', name: 'Bartholomew' }, ...bill.diners.slice(2)] });
    const { context, page } = await newPhone(browser, { viewport: { width: 320, height: 640 } });
    await page.goto(`/breakdown?token=${token}&seat=2`);
    await page.getByRole('heading', { name: "Bartholomew's Bill Breakdown" }).waitFor();
    expect(await linesOf(page, 'h1', "Bartholomew's")).toEqual([1]);
    expect(await linesOf(page, '.brand-bar', "Who's Paying")).toEqual([1]);
    expect(await linesOf(page, '.brand-bar', 'Back to App')).toEqual([1]);
    await context.close();
  });
});

describe('stored receipts behind short /r/ links', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  const receipt = {
    merchant: 'The Crown',
    diningDate: '2026-11-21',
    serviceChargePence: 1001,
    tipPence: 500,
    diners: [
      { id: 'a', name: 'Alice', monzo: 'alicem', paypal: 'AliceP' },
      { id: 'b', name: 'Ben', revolut: 'benr' },
      { id: 'c', name: 'Cat' },
    ],
    items: [
      { name: 'Burger', pricePence: 1250, assignedTo: ['a'] },
      { name: 'Nachos', pricePence: 1000, assignedTo: ['a', 'b'] },
      { name: '2 for 1', pricePence: -300, kind: 'discount', assignedTo: ['b'] },
      { name: 'Voucher', pricePence: -150, kind: 'discount', assignedTo: [] },
    ],
  };

  async function store(): Promise<{ receiptId: string; diners: { id: string; dinerId: string; url: string }[] }> {
    const response = await fetch(`${baseUrl()}/api/receipts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(receipt) });
    expect(response.status).toBe(201);
    return (await response.json()) as { receiptId: string; diners: { id: string; dinerId: string; url: string }[] };
  }

  it('opens each diner’s /r/ link in the app view, service charge and tip split among those with items', async () => {
    const stored = await store();
    const [alice, ben, cat] = stored.diners as [(typeof stored.diners)[0], (typeof stored.diners)[0], (typeof stored.diners)[0]];
    // The link sent carries Alice's capability (over 128 bits), in the documents' /r/{id}/{dinerId} shape.
    const capability = alice.url.split('/').pop()!;
    expect(alice.url).toBe(`${baseUrl()}/r/${stored.receiptId}/${capability}`);
    expect(capability).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{27}$/);
    expect(alice.dinerId).toHaveLength(8);
    const { context, page } = await newPhone(browser);

    // Alice: 1250 + 500 - 50 (voucher / 3) + 501 service (1001 / 2) + 250 tip = 2451
    await page.goto(alice.url);
    await page.waitForURL(`**/app/receipt/${stored.receiptId}/${capability}`);
    expect(await page.evaluate(() => [sessionStorage.getItem('sharedReceiptId'), sessionStorage.getItem('sharedDinerId')])).toEqual([stored.receiptId, capability]);
    await page.getByRole('heading', { name: "Alice's Breakdown" }).waitFor();
    expect(await text(page)).toContain('The Crown · 21 November 2026');
    const items = await page.getByRole('region', { name: 'Your Items' }).innerText();
    expect(items).toMatch(/Burger\s+£12\.50/);
    expect(items).toMatch(/Nachos\s*Split between 2 people \(£10\.00\)\s+£5\.00/);
    expect(items).toMatch(/Service Charge\s+£5\.01\s+Tip\s+£2\.50\s+Your Total\s+£24\.51/);
    expect(await page.getByRole('region', { name: 'Monzo' }).getByRole('link').getAttribute('href')).toBe('https://monzo.me/alicem/24.51?d=The%20Crown');
    expect(await page.getByRole('region', { name: 'PayPal' }).getByRole('link').getAttribute('href')).toBe('https://paypal.me/AliceP/24.51GBP');
    expect(await page.getByRole('region', { name: 'Alternative Payment' }).count()).toBe(0);

    // Ben: 500 - 300 (Full discount) - 50 + 500 + 250 = 900; his short diner id still opens his page, to read.
    await page.goto(`/receipt/${stored.receiptId}/${ben.dinerId}`);
    const benItems = await page.getByRole('region', { name: 'Your Items' }).innerText();
    expect(benItems).toMatch(/2 for 1\s*Full discount\s+-£3\.00/);
    expect(benItems).toMatch(/Service Charge\s+£5\.00\s+Tip\s+£2\.50\s+Your Total\s+£9\.00/);
    expect(await page.getByRole('region', { name: 'Alternative Payment' }).getByRole('link').getAttribute('href')).toBe('https://revolut.me/benr');

    // Cat has no items: only her share of the unassigned voucher, no service charge or tip.
    await page.goto(`/receipt/${stored.receiptId}/${cat.dinerId}`);
    expect(await page.getByRole('region', { name: 'Your Items' }).innerText()).toMatch(/Voucher[\s\S]*-£0\.50[\s\S]*Service Charge\s+£0\.00\s+Tip\s+£0\.00\s+Your Total\s+-£0\.50/);
    expect(await text(page)).toContain('Powered by Who');
    await context.close();
  });

  it('splits a stored receipt’s tip by what each had when asked (equal by default), and refuses other values', async () => {
    const response = await fetch(`${baseUrl()}/api/receipts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...receipt, tipSplit: 'proportional' }) });
    expect(response.status).toBe(201);
    const stored = (await response.json()) as { receiptId: string; diners: { dinerId: string }[] };
    const { context, page } = await newPhone(browser);
    // Items: Alice 1250 + 500, Ben 500; tip 500 → 388.89 / 111.11. Alice already took the service charge's odd penny,
    // so the tip's goes to Ben. Alice 1250 + 500 - 50 + 501 + 388 = 2589.
    await page.goto(`/receipt/${stored.receiptId}/${stored.diners[0]!.dinerId}`);
    expect(await page.getByRole('region', { name: 'Your Items' }).innerText()).toMatch(/Tip\s+£3\.88\s+Your Total\s+£25\.89/);
    // Ben: 500 - 300 - 50 + 500 + 112 = 762; with Cat's -50, 3301 in all.
    await page.goto(`/receipt/${stored.receiptId}/${stored.diners[1]!.dinerId}`);
    expect(await page.getByRole('region', { name: 'Your Items' }).innerText()).toMatch(/Tip\s+£1\.12\s+Your Total\s+£7\.62/);
    await context.close();
    const bad = await fetch(`${baseUrl()}/api/receipts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...receipt, tipSplit: 'by-weight' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^Invalid request: tipSplit: /);
  });

  it('says which id is wrong', async () => {
    const stored = await store();
    const { context, page } = await newPhone(browser);
    await page.goto(`/receipt/${stored.receiptId}/nobody`);
    expect(await text(page)).toContain('Person not found');
    await page.goto(`/receipt/zzzzzzzzzzzzzz/${stored.diners[0]!.dinerId}`);
    expect(await text(page)).toContain('Receipt not found');
    const bad = await page.goto('/r/NOT-AN-ID/x');
    expect(bad?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Link Error' }).waitFor();
    expect(await text(page)).toContain('Invalid receipt or diner ID in shared link');
    await page.getByRole('link', { name: 'Go to App' }).waitFor();
    await context.close();
  });
});
