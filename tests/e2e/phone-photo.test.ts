import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPhone } from './support/browser';
import { openApp, uploadPhoto } from './support/wizard';
import { phonePhoto } from '../support/images';
import { realReceiptPhoto } from '../support/shared-receipts';

// A real receipt photo, made phone-sized here.
const photo = realReceiptPhoto('any phone photo');
const RECEIPT = photo === undefined ? undefined : readFileSync(photo);

describe.skipIf(RECEIPT === undefined)('any phone photo', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('reads a 12 MP portrait photo stored sideways (EXIF orientation 6), sent upright and downsized', async () => {
    const photo = await phonePhoto(RECEIPT!, 3024, 4032, true);
    const stored = await sharp(photo).metadata();
    expect((stored.width ?? 0) * (stored.height ?? 0)).toBeGreaterThanOrEqual(12_000_000);
    expect(stored.orientation).toBe(6);

    const { context, page } = await newPhone(browser);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/functions/v1/analyze-receipt')) uploads.push((JSON.parse(request.postData() ?? '{}') as { image: string }).image);
    });
    await openApp(page);
    await uploadPhoto(page, photo);
    await page.getByRole('button', { name: 'Analyze Receipt' }).click();
    const review = page.getByRole('heading', { name: 'Review Receipt Items' });
    const failure = page.getByRole('heading', { name: "AI couldn't read this receipt. Try a clearer photo or manual entry?" });
    await review.or(failure).waitFor({ timeout: 120_000 });
    if (await failure.isVisible()) expect.fail(`the scan failed: ${await page.locator('main').innerText()}`);
    expect(await page.getByLabel('Price of Lobster Tail').inputValue()).toBe('38.00');

    const sent = await sharp(Buffer.from(uploads[0]!, 'base64')).metadata();
    expect(sent.format).toBe('jpeg');
    // Upright (portrait), no orientation left to apply, long edge brought down.
    expect([sent.width, sent.height]).toEqual([1800, 2400]);
    expect(sent.orientation ?? 1).toBe(1);
    await context.close();
  }, 180_000);

  it('answers a 20 MP JPEG sent straight to the API with a 2xx or a 4xx, never a 5xx', async () => {
    const photo = await phonePhoto(RECEIPT!, 4000, 5000);
    const response = await fetch(`${baseUrl()}/functions/v1/analyze-receipt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({ image: photo.toString('base64'), anonymousUserId: crypto.randomUUID() }),
    });
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as { items?: { name: string; pricePence: number }[]; error?: string };
    if (response.ok) expect(body.items).toContainEqual(expect.objectContaining({ name: 'Lobster Tail', pricePence: 3800 }));
    else expect(body.error).toEqual(expect.any(String));
  }, 180_000);
});
