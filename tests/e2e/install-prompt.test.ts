import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser';
import { addDiners, manualBill, openApp, toggle } from './support/wizard';

const DAY = 24 * 60 * 60 * 1000;

/** What Chromium fires when the page may be installed; `prompt()` records that it was called. */
function offerInstall(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { prompted: boolean }).prompted = true;
        return Promise.resolve();
      },
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

const card = (page: Page) => page.getByRole('complementary', { name: "Install Who's Paying" });

describe('the install prompt', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('appears only once the browser offers installation, and Install prompts and hides it', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/');
    expect(await card(page).isVisible()).toBe(false);
    expect(await offerInstall(page)).toBe(true);
    await card(page).waitFor();
    await card(page).getByRole('button', { name: 'Install' }).click();
    await card(page).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    await context.close();
  });

  it('is offered on /app once a bill is split, not over the first screen', async () => {
    const { context, page } = await newPhone(browser);
    await openApp(page);
    await offerInstall(page);
    await manualBill(page, [['Pizza', '12.00']]);
    await addDiners(page, 'Alice');
    await toggle(page, 'Pizza', 'Alice').click();
    expect(await card(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await card(page).waitFor();
    await card(page).getByRole('button', { name: 'Later' }).click();
    await card(page).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('keeps an offer the browser made on /app before the wizard had started', async () => {
    const { context, page } = await newPhone(browser);
    // Hold the page's scripts until the browser has offered installation.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/app', { waitUntil: 'domcontentloaded' });
    expect(await offerInstall(page)).toBe(true);
    release();
    await page.getByRole('button', { name: 'Upload Photo' }).waitFor();
    await manualBill(page, [['Pizza', '12.00']]);
    await addDiners(page, 'Alice');
    await toggle(page, 'Pizza', 'Alice').click();
    await page.getByRole('button', { name: 'Continue to Summary' }).click();
    await card(page).waitFor();
    await context.close();
  });

  it('Later hides it for 24 hours', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/');
    await offerInstall(page);
    await card(page).getByRole('button', { name: 'Later' }).click();
    await card(page).waitFor({ state: 'hidden' });
    const dismissed = Number(await page.evaluate(() => localStorage.getItem('pwa-prompt-dismissed')));
    expect(Math.abs(Date.now() - dismissed)).toBeLessThan(60_000);

    await page.reload();
    expect(await offerInstall(page)).toBe(true);
    expect(await card(page).isVisible()).toBe(false);

    // A day and a minute later it is offered again.
    await page.evaluate((at) => localStorage.setItem('pwa-prompt-dismissed', String(at)), Date.now() - DAY - 60_000);
    await page.reload();
    await offerInstall(page);
    await card(page).waitFor();
    await context.close();
  });

  it('never appears in the installed (standalone) app', async () => {
    const { context, page } = await newPhone(browser);
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => (query.includes('display-mode: standalone') ? ({ ...original(query), matches: true } as MediaQueryList) : original(query));
    });
    await page.goto('/');
    // The page's listener keeps the offer (preventDefault) and renders the card synchronously, so
    // once it has answered the card's state is final: nothing to wait for.
    expect(await offerInstall(page)).toBe(true);
    expect(await card(page).isVisible()).toBe(false);
    await context.close();
  });
});
