import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPhone } from './support/browser';

// The whole purchase on the embedded defaults: no provider keys, so the TEST MODE simulator stands
// in for Stripe and PayPal, including the signed webhook that credits the tokens.
describe('buying tokens in TEST MODE through the Buy Tokens dialog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  const balance = (page: Page) => page.getByLabel('Token balance');

  async function openDialog(page: Page) {
    await page.goto('/app/buy');
    await balance(page).filter({ hasText: '0' }).waitFor();
    await page.getByRole('button', { name: 'Buy Tokens' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase Premium Tokens' });
    await dialog.getByRole('radio', { name: /25 Tokens/ }).waitFor();
    return dialog;
  }

  /** 10 tokens (£2.99) paid with the simulator's test card number. */
  async function payTenTokensByCard(page: Page, cardNumber: string) {
    const dialog = await openDialog(page);
    await dialog.getByRole('radio', { name: /10 Tokens/ }).click();
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('radio', { name: /Card/ }).click();
    await page.getByLabel('Cardholder name').fill('Ada Lovelace');
    await page.getByLabel('Card number').fill(cardNumber);
    await page.getByRole('button', { name: 'Pay £2.99' }).click();
  }

  it('buys 25 tokens by card, then 50 by PayPal, and the balance rises in place', async () => {
    const { context, page } = await newPhone(browser);
    let dialog = await openDialog(page);
    expect(await dialog.getByText('TEST MODE').first().isVisible()).toBe(true);
    expect(await dialog.getByRole('radio', { name: /25 Tokens/ }).getAttribute('aria-checked')).toBe('true');
    expect(await dialog.getByRole('radio', { name: /Yearly/ }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();

    const payment = page.getByRole('dialog', { name: 'Choose Payment Method' });
    expect(await payment.getByRole('radio', { name: /Apple Pay/ }).isDisabled()).toBe(true);
    expect(await payment.getByRole('radio', { name: /Google Pay/ }).isDisabled()).toBe(true);
    await payment.getByRole('radio', { name: /Card/ }).click();
    await payment.getByLabel('Cardholder name').fill('Ada Lovelace');
    const report = page.waitForResponse((r) => r.url().endsWith('/functions/v1/store-token-purchase'));
    const intent = page.waitForResponse((r) => r.url().endsWith('/functions/v1/create-payment-intent'));
    await payment.getByRole('button', { name: 'Pay £5.99' }).click();
    await page.getByText('Payment Successful!').waitFor();
    // The documents' purchase report runs after success; the server already knows the payment as confirmed.
    expect((await report).request().postDataJSON()).toMatchObject({ tokens: 25, amount: 5.99, currency: 'GBP', provider: 'stripe', status: 'completed' });
    expect((await report).status()).toBe(200);
    await page.getByText('25 tokens added.').waitFor();
    expect(await balance(page).textContent()).toBe('25');
    await page.getByRole('region', { name: 'Recovery code' }).getByRole('code').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    const paid = (await (await intent).request().postDataJSON()) as unknown;
    expect(paid).toMatchObject({ amount: 599, currency: 'gbp', metadata: { type: 'package', package: 'medium', tokens: 25 } });

    await page.getByRole('button', { name: 'Buy Tokens' }).click();
    dialog = page.getByRole('dialog', { name: 'Purchase Premium Tokens' });
    await dialog.getByRole('radio', { name: /50 Tokens/ }).click();
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('radio', { name: 'PayPal' }).click();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.getByText('Payment successful!').waitFor();
    await page.getByText('50 tokens added.').waitFor();
    expect(await balance(page).textContent()).toBe('75');
    await context.close();
  });

  it('a declined test card shows the documents error and credits nothing', async () => {
    const { context, page } = await newPhone(browser);
    await payTenTokensByCard(page, '4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: 'Payment failed. Please try again.' }).waitFor();
    expect(await balance(page).textContent()).toBe('0');
    await context.close();
  });

  it('a card that asks for 3-D Secure is paid once the TEST MODE challenge is completed', async () => {
    const { context, page } = await newPhone(browser);
    await payTenTokensByCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByRole('alert').filter({ hasText: 'Payment confirmation failed' }).waitFor();
    expect(await balance(page).textContent()).toBe('0');
    await page.getByRole('button', { name: 'Pay £2.99' }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByText('10 tokens added.').waitFor();
    expect(await balance(page).textContent()).toBe('10');
    await context.close();
  });

  it('the return page shows the server-verified state: processing until confirmed, then the result', async () => {
    const { context, page } = await newPhone(browser);
    const created = await fetch(`${baseUrl()}/functions/v1/create-payment-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 299, currency: 'gbp', description: '10 Premium Tokens', metadata: { type: 'package', package: 'small', tokens: 10, anonymousUserId: randomUUID() } }),
    });
    const { id, client_secret } = (await created.json()) as { id: string; client_secret: string };
    await page.goto(`/payment/success?payment_intent=${id}&redirect_status=failed`);
    await page.getByText('Failed to process payment. Please contact support.').waitFor();
    await page.goto(`/payment/success?payment_intent=${id}`);
    await page.getByRole('heading', { name: 'Processing Payment' }).waitFor();
    const paid = await fetch(`${baseUrl()}/api/test-mode/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSecret: client_secret, cardNumber: '4242424242424242', name: 'Ada' }),
    });
    expect(await paid.json()).toEqual({ outcome: 'succeeded' });
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 10_000 });
    await page.getByText('10 tokens added. Your balance: 10 tokens.').waitFor();
    await context.close();
  });

  it('the return pages say what the documents say', async () => {
    const { context, page } = await newPhone(browser);
    const missing = await page.goto('/payment/success');
    expect(missing?.status()).toBe(400);
    await page.getByRole('heading', { name: 'Payment Error' }).waitFor();
    await page.getByText('Missing payment parameters').waitFor();
    await page.goto('/payment/success?paymentId=PAY-1&token=NOSUCHORDER1&PayerID=P1');
    await page.getByText('Failed to process payment. Please contact support.').waitFor();
    await page.goto('/payment/cancel');
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    await page.getByText('Your payment was cancelled. No charges have been made to your account.').waitFor();
    expect(await page.getByRole('link', { name: 'Return to App' }).getAttribute('href')).toBe('/app');
    expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
    await context.close();
  });
});
