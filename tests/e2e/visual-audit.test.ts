import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPhone, waitForIslands } from './support/browser';
import { auditPage, screenshot, showAs, THEMES, WIDTHS } from './support/visual-audit';
import { addDiners, FakeBackend, openApp, toggle, uploadPhoto } from './support/wizard';
import { shareBody } from '../support/share-packets';

// Every screen and dialog at 320 and 390 px, light and dark: a screenshot of each into
// test-results/visual-audit/ for review, and a failure for sideways scrolling, touch targets under
// 44 px, text under 12 px, or axe's serious and critical findings (contrast among them).

const bill = {
  diners: [
    { id: 'd-alice', name: 'Alice' },
    { id: 'd-ben', name: 'Bartholomew' },
    { id: 'd-cat', name: 'Cat' },
  ],
  items: [
    { name: 'Margherita Pizza', pricePence: 899, assignedTo: ['d-alice'] },
    { name: 'Bottle of Prosecco', pricePence: 3200, assignedTo: ['d-alice', 'd-ben', 'd-cat'] },
    { name: 'Garlic Bread with Mozzarella', pricePence: 425, assignedTo: ['d-ben'] },
  ],
  tipPence: 500,
};

const receipt = {
  merchant: 'The Crown',
  diningDate: '2026-11-21',
  serviceChargePence: 1001,
  tipPence: 500,
  diners: [
    { id: 'a', name: 'Alice', monzo: 'alicem', paypal: 'AliceP', revolut: 'alicer' },
    { id: 'b', name: 'Ben' },
  ],
  items: [
    { name: 'Burger', pricePence: 1250, assignedTo: ['a'] },
    { name: 'Nachos', pricePence: 1000, assignedTo: ['a', 'b'] },
  ],
};

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(201);
  return (await response.json()) as T;
}

// Each test walks many screens, four looks each.
describe('visual audit: every screen and dialog at 320 and 390 px, light and dark', { timeout: 240_000 }, () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    ({ context, page } = await newPhone(browser, { reducedMotion: 'reduce', permissions: ['clipboard-read', 'clipboard-write'] }));
    problems = [];
  });
  afterEach(() => context.close());

  /**
   * Audits and photographs what is showing in every width and theme, then leaves it at 390 px light.
   * axe runs once per theme, at the narrowest width: colours do not change with the width, and it is
   * the slow part.
   */
  async function look(name: string): Promise<void> {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        await showAs(page, width, theme);
        problems.push(...(await auditPage(page, `${name} ${width}px ${theme}`, { axe: width === WIDTHS[0] })));
        await screenshot(page, `${name}-${width}-${theme}`);
      }
    }
    await showAs(page, 390, 'light');
  }

  async function visit(path: string, name: string, ready?: (page: Page) => Promise<unknown>): Promise<void> {
    await page.goto(path);
    await waitForIslands(page);
    if (ready) await ready(page);
    await look(name);
  }

  it('the landing, policy and error pages', async () => {
    await visit('/', 'landing');
    await visit('/privacy-policy', 'privacy-policy');
    await visit('/cookie-policy', 'cookie-policy');
    await visit('/payment/cancel', 'payment-cancel');
    await visit('/no-such-page', 'not-found');
    expect(problems.join('\n')).toBe('');
  });

  it('the wizard: scan, manual entry, preview, failure, review, assign, summary and its dialogs', async () => {
    const backend = await FakeBackend.on(page);
    await openApp(page);
    await look('app-scan');
    await page.getByRole('button', { name: /Enter Manually/ }).click();
    const manual = page.getByRole('dialog', { name: 'Enter Items Manually' });
    await manual.getByLabel('Item 1 name').fill('Soup of the day');
    await look('app-manual-entry');
    await manual.getByRole('button', { name: 'Cancel' }).click();

    backend.answerNext({ body: [] });
    await uploadPhoto(page);
    await page.getByRole('button', { name: 'Analyze Receipt' }).waitFor();
    await look('app-preview');
    await page.getByRole('button', { name: 'Analyze Receipt' }).click();
    await page.getByRole('heading', { name: "AI couldn't read this receipt. Try a clearer photo or manual entry?" }).waitFor();
    await look('app-failure');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: /Try sample receipt/ }).click();
    await page.getByRole('heading', { name: 'Review Receipt Items' }).waitFor();
    await look('app-review');
    await page.getByRole('button', { name: 'Continue with 3 items' }).click();
    await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
    await look('app-assign-empty');
    await addDiners(page, 'Alice', 'Bartholomew-Fitzger', 'Cara');
    await toggle(page, 'Margherita Pizza', 'Alice').click();
    await toggle(page, 'Margherita Pizza', 'Cara').click();
    await toggle(page, 'Soft Drink', 'Bartholomew-Fitzger').click();
    await look('app-assign');
    await page.getByRole('combobox', { name: 'How to split Soft Drink' }).selectOption('shares');
    await page.getByRole('button', { name: 'Edit Margherita Pizza' }).click();
    await page.getByRole('form', { name: 'Edit Margherita Pizza' }).waitFor();
    await look('app-assign-edit-split');
    await page.getByRole('form', { name: 'Edit Margherita Pizza' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await page.getByRole('heading', { name: 'Individual Totals' }).waitFor();
    await look('app-summary');
    // The sample has a service charge, so the tip starts at none: give it one to share.
    await page.getByRole('button', { name: '10%', exact: true }).click();
    await page.getByRole('radio', { name: 'By what each had' }).check();
    await page.getByRole('button', { name: 'Amount' }).click();
    await look('app-summary-tip-amount');

    await page.getByRole('button', { name: 'Share Bill' }).click();
    await page.getByRole('dialog', { name: 'Share Bill' }).getByRole('textbox', { name: 'Share link' }).waitFor();
    await page.getByRole('dialog', { name: 'Share Bill' }).getByRole('img').waitFor();
    await look('dialog-share');
    await page.getByRole('dialog', { name: 'Share Bill' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'QR Code' }).click();
    await page.getByRole('dialog', { name: 'QR Code' }).getByRole('img').waitFor();
    await look('dialog-qr');
    await page.getByRole('dialog', { name: 'QR Code' }).getByRole('button', { name: 'Close' }).click();

    // Getting paid back: the organiser's details, then the recent bill on a new scan step.
    await page.getByRole('button', { name: 'Send Cara their share' }).click();
    const details = page.getByRole('dialog', { name: 'Your payment details' });
    await details.getByLabel('Your name').fill('Alice');
    await look('dialog-payment-details');
    await details.getByLabel('Monzo.me username').fill('alice-m');
    await details.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Message for Cara copied').waitFor();
    await look('app-summary-sent');
    await page.getByRole('button', { name: 'Split Another Bill' }).click();
    await page.getByRole('region', { name: 'Recent bills' }).waitFor();
    await look('app-scan-recent-bills');
    expect(problems.join('\n')).toBe('');
  });

  it('the out-of-allowance panel, Token Recovery and Buy Tokens dialogs', async () => {
    const backend = await FakeBackend.on(page);
    backend.billsUsed = 3;
    await openApp(page);
    // Nothing left: a scan button brings up the panel.
    await page.getByRole('button', { name: 'Upload Photo' }).click();
    await page.getByRole('heading', { name: 'All Free Bills Used' }).waitFor();
    await look('app-out-of-allowance');
    await page.getByRole('button', { name: 'Recover Tokens', exact: true }).click();
    const recovery = page.getByRole('dialog', { name: 'Token Recovery' });
    await recovery.getByRole('button', { name: 'Recover My Tokens' }).waitFor();
    await look('dialog-token-recovery');
    await recovery.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Buy Tokens', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Purchase Premium Tokens' })
      .getByRole('radio', { name: /25 Tokens/ })
      .waitFor();
    await look('dialog-buy-tokens');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('dialog', { name: 'Choose Payment Method' }).getByRole('radio', { name: /Card/ }).click();
    await page.getByLabel('Cardholder name').waitFor();
    await look('dialog-payment');
    expect(problems.join('\n')).toBe('');
  });

  it('a purchase in TEST MODE and its recovery code with the Copy button', async () => {
    await visit('/app/buy', 'app-buy', (p) => p.getByLabel('Token balance').filter({ hasText: '0' }).waitFor());
    await page.getByRole('button', { name: 'Buy Tokens' }).click();
    await page.getByRole('dialog', { name: 'Purchase Premium Tokens' }).getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Choose Payment Method' });
    await payment.getByRole('radio', { name: /Card/ }).click();
    await payment.getByLabel('Cardholder name').fill('Ada Lovelace');
    await payment.getByRole('button', { name: /^Pay £/ }).click();
    await page.getByRole('region', { name: 'Recovery code' }).getByRole('button', { name: 'Copy' }).waitFor();
    await look('dialog-purchase-success');
    expect(problems.join('\n')).toBe('');
  });

  it('the shared pages a diner opens', async () => {
    const whole = await post<{ token: string }>('/api/shares', shareBody(bill));
    const one = await post<{ token: string }>('/api/shares', shareBody({ ...bill, dinerId: 'd-ben' }));
    const stored = await post<{ receiptId: string; diners: { dinerId: string }[] }>('/api/receipts', receipt);
    const alice = stored.diners[0]!.dinerId;
    await visit(`/b/${whole.token}`, 'share-bill');
    await visit(`/share/${one.token}`, 'share-one-diner');
    await visit(`/share-view?token=${whole.token}&seat=2`, 'share-view');
    await visit(`/diner-landing?token=${whole.token}&seat=2`, 'diner-landing');
    await visit(`/breakdown?token=${whole.token}&seat=2`, 'breakdown');
    await visit(`/r/${stored.receiptId}/${alice}`, 'receipt-diner', (p) => p.waitForURL(/\/app\/receipt\//));
    await visit(`/receipt/${stored.receiptId}/${alice}`, 'receipt-page');
    await visit(`/diner?token=${whole.token}&seat=1`, 'app-diner', (p) => p.waitForURL(/\/app\/diner/));
    await visit('/b/NOT.A-TOKEN', 'share-error');
    expect(problems.join('\n')).toBe('');
  });

  it("a group's tab: settling up, adding an expense", async () => {
    const opened = await post<{ tabId: string; key: string; tab: { people: { id: string; name: string }[] } }>('/api/tabs', {
      name: 'Weekend in Lisbon',
      currency: 'GBP',
      people: ['Alice', 'Bartholomew', 'Cat'],
    });
    const [alice, ben, cat] = opened.tab.people.map((p) => p.id);
    const command = (c: unknown) =>
      fetch(`${baseUrl()}/api/tabs/${opened.tabId}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-tab-key': opened.key }, body: JSON.stringify({ command: c }) });
    await command({ type: 'setPayTo', personId: alice, monzo: 'alicem', revolut: 'alicer', paypal: 'AliceP' });
    // Replaced by someone with the link: Cat, on this phone, is told beside her transfer to Alice.
    await command({ type: 'setPayTo', personId: alice, monzo: 'alice-new', revolut: 'alicer', paypal: 'AliceP' });
    await command({
      type: 'addExpense',
      name: "Friday's dinner at The Crown",
      amount: 12345,
      currency: 'GBP',
      payers: [
        { personId: alice, amount: 8000 },
        { personId: ben, amount: 4345 },
      ],
      sharedBy: [alice, ben, cat],
    });
    await command({ type: 'addExpense', name: 'Lunch', amount: 9000, currency: 'EUR', payers: [{ personId: cat, amount: 9000 }], sharedBy: [alice, ben, cat] });
    await page.addInitScript(([tabId, me]) => localStorage.setItem('whos-paying:tabs', JSON.stringify([{ tabId, key: '', name: '', me }])), [opened.tabId, cat]);
    await visit(`/tab/${opened.tabId}#${opened.key}`, 'tab', (p) =>
      p
        .getByRole('note')
        .filter({ hasText: /^Alice changed their pay details on .+\. Check with Alice before you pay\.$/ })
        .first()
        .waitFor(),
    );
    await page.getByRole('button', { name: 'Add an expense' }).click();
    await page.getByRole('button', { name: 'Add another payer' }).click();
    await look('tab-add-expense');
    expect(problems.join('\n')).toBe('');
  });
});
