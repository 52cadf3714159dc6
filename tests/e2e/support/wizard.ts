import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
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

/** A photo of a printed receipt, drawn at test time (large dark text on white, as a reader needs). */
export async function receiptPhoto(lines: readonly string[] = ['THE TEST KITCHEN', 'Burger        12.50', 'Chips          3.50', 'TOTAL         16.00']): Promise<Buffer> {
  const rows = lines
    .map((l, i) => `<text xml:space="preserve" x="40" y="${90 + i * 70}" font-family="DejaVu Sans Mono, monospace" font-size="44">${l.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="${160 + lines.length * 70}"><rect width="100%" height="100%" fill="#fff"/>${rows}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
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

/** axe-core: no serious or critical violations on what is showing. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const results = await analyzeAccessibility(page);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
