import type { Locator, Page, Route } from 'playwright-core';
import { renderReceipt, type PrintedRow } from '../../support/rendered-receipt';
import { expect } from 'vitest';
import { analyzeAccessibility } from './axe';

/** What the fake reader answers next: a JSON body with a status, or a dropped connection. */
export type ReaderAnswer = { readonly status?: number; readonly body: unknown } | 'network failure';

/**
 * Stands in for GET /api/usage and POST /functions/v1/analyze-receipt where a test
 * needs an answer the real local reader cannot be made to give (a server error, a dropped
 * connection, exact lines): a per-test fake that meters like the server (a scan is charged only
 * when it yields lines) and answers with what the test queues. Real scans are in wizard.test.ts.
 */
export class FakeBackend {
  billsUsed = 0;
  tokens = 0;
  readonly maxFreeBills = 3;
  readonly requests: unknown[] = [];
  private readonly answers: ReaderAnswer[] = [];

  static async on(page: Page): Promise<FakeBackend> {
    const fake = new FakeBackend();
    await page.route('**/api/usage', (route) => fake.usage(route));
    await page.route('**/functions/v1/analyze-receipt', (route) => fake.analyze(route));
    return fake;
  }

  answerNext(...answers: ReaderAnswer[]): this {
    this.answers.push(...answers);
    return this;
  }

  private canUse(): boolean {
    return this.billsUsed < this.maxFreeBills || this.tokens > 0;
  }

  private usage(route: Route): Promise<void> {
    return route.fulfill({
      json: { billsUsed: this.billsUsed, maxFreeBills: this.maxFreeBills, tokens: this.tokens, lastResetDate: '2026-11-01', canUse: this.canUse(), daysUntilReset: 9 },
    });
  }

  private async analyze(route: Route): Promise<void> {
    this.requests.push(route.request().postDataJSON());
    if (!this.canUse()) return route.fulfill({ status: 402, json: { error: 'All free bills used this month. Buy tokens to continue scanning receipts.', code: 'allowance_used' } });
    const answer = this.answers.shift() ?? { body: [] };
    if (answer === 'network failure') return route.abort('failed');
    const status = answer.status ?? 200;
    const yieldsLines = status === 200 && (Array.isArray(answer.body) ? answer.body.length > 0 : true) && !(typeof answer.body === 'object' && answer.body !== null && 'error' in answer.body);
    if (yieldsLines) {
      if (this.billsUsed < this.maxFreeBills) this.billsUsed += 1;
      else this.tokens -= 1;
    }
    return route.fulfill({ status, json: answer.body });
  }
}

const TEST_KITCHEN: readonly PrintedRow[] = ['THE TEST KITCHEN', ['Burger', '12.50'], ['Chips', '3.50'], ['TOTAL', '16.00']];

/** A photo of a printed receipt, drawn at test time in large print, as a phone's photo of one reads. */
export function receiptPhoto(rows: readonly PrintedRow[] = TEST_KITCHEN): Promise<Buffer> {
  return renderReceipt(rows, { fontSize: 44 });
}

/** Analyze Receipt on the photo chosen, and on to Review (a real reading may take a while on a busy machine). */
export async function analyzeToReview(page: Page, timeout?: number): Promise<void> {
  await page.getByRole('button', { name: 'Analyze Receipt' }).click();
  await page.getByRole('heading', { name: 'Review Receipt Items' }).waitFor(timeout === undefined ? {} : { timeout });
}

/** Upload Photo (the test kitchen's receipt unless given), then Analyze Receipt. */
export async function uploadAndAnalyze(page: Page, photo?: Buffer): Promise<void> {
  await uploadPhoto(page, photo);
  await page.getByRole('button', { name: 'Analyze Receipt' }).click();
}

/** A photo the fake reader reads as `reading`: Upload Photo, Analyze Receipt, and on to Review. */
export async function scanToReview(page: Page, backend: FakeBackend, reading: unknown, photo?: Buffer): Promise<void> {
  backend.answerNext({ body: reading });
  await uploadAndAnalyze(page, photo);
  await page.getByRole('heading', { name: 'Review Receipt Items' }).waitFor();
}

export async function uploadPhoto(page: Page, photo?: Buffer): Promise<void> {
  const buffer = photo ?? (await receiptPhoto());
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  await (await chooser).setFiles({ name: 'receipt.png', mimeType: 'image/png', buffer });
}

/**
 * /app with the wizard running: the scan step's buttons show once its effects have run and the
 * usage has arrived (the scan heading alone is already in the server's HTML).
 */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/app');
  await page.getByRole('heading', { name: 'Scan Your Receipt' }).waitFor();
  await page.getByRole('button', { name: 'Upload Photo' }).waitFor();
}

export async function addDiners(page: Page, ...names: string[]): Promise<void> {
  const input = page.getByLabel('Diner name');
  for (const name of names) {
    await input.fill(name);
    await input.press('Enter');
    await page.getByRole('listitem').filter({ hasText: name }).first().waitFor();
  }
}

/** Enter Items Manually from the scan step, one row per [name, price], on to Assign. */
export async function manualBill(page: Page, rows: readonly (readonly [string, string])[]): Promise<void> {
  await page
    .getByRole('button', { name: /Enter (Items )?Manually/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Enter Items Manually' });
  for (const [i, [name, price]] of rows.entries()) {
    if (i > 0) await dialog.getByRole('button', { name: 'Add Another Item' }).click();
    await dialog.getByLabel(`Item ${i + 1} name`).fill(name);
    await dialog.getByLabel(`Item ${i + 1} price`).fill(price);
  }
  await dialog.getByRole('button', { name: `Continue (${rows.length} items)` }).click();
  await page.getByRole('heading', { name: 'Assign Items' }).waitFor();
}

/** Who had an item: the toggle of one diner in the item's group. */
export function toggle(page: Page, item: string, diner: string) {
  return page.getByRole('group', { name: `Who had ${item}` }).getByRole('button', { name: diner, exact: true });
}

/**
 * The images on screen in, and the page's height and scroll unchanged over two frames: axe's
 * target-size measures what covers a target (the pinned action), so it runs where things will stay,
 * not while a QR code is landing or a smooth scroll is on its way. A lazy image off screen or hidden
 * never loads, so it is not waited for; nor is anything for long.
 */
async function settled(page: Page): Promise<void> {
  const loaded = () =>
    Array.from(document.images).every((image) => {
      const box = image.getBoundingClientRect();
      return image.complete || box.width === 0 || box.bottom < 0 || box.top > innerHeight;
    });
  const still = () =>
    new Promise<void>((resolve) => {
      let last = '';
      let frames = 0;
      const frame = () => {
        const now = `${document.documentElement.scrollHeight} ${scrollY}`;
        if (now === last || ++frames > 120) return resolve();
        last = now;
        requestAnimationFrame(() => requestAnimationFrame(frame));
      };
      frame();
    });
  await page.waitForFunction(loaded, undefined, { timeout: 3000 }).catch(() => undefined);
  await page.evaluate(still);
}

/**
 * axe-core: no serious or critical violations on what is showing. `at`: scrolled to the top of the
 * screen once the page has settled (a scroll made while a QR code lands ends somewhere else each run).
 */
export async function expectAccessible(page: Page, where: string, tags?: readonly string[], at?: Locator): Promise<void> {
  await settled(page);
  if (at) {
    await at.evaluate((element) => element.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await settled(page);
  }
  const results = await analyzeAccessibility(page, tags);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
