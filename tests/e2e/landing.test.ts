import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from './support/browser';

const PLAY = 'https://play.google.com/store/apps/details?id=app.whospaying';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const hrefOf = (page: Page, name: string, scope = page.locator('body')) => scope.getByRole('link', { name, exact: true }).getAttribute('href');

describe('the landing page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('has every part the specification lists', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/');
    const header = page.getByRole('banner');
    expect(await hrefOf(page, 'Features', header)).toBe('#features');
    expect(await hrefOf(page, 'Vibes', header)).toBe('#vibes');
    expect(await hrefOf(page, 'Stories', header)).toBe('#stories');
    expect(await hrefOf(page, 'Open Web App', header)).toBe('/app');
    expect(await hrefOf(page, 'Launch app', header)).toBe('/app');
    expect(await hrefOf(page, 'Download', header)).toBe(PLAY);

    await page.getByRole('heading', { level: 1, name: 'AI bill splitting for friends, teams, and groups' }).waitFor();
    expect(await hrefOf(page, 'Get the app')).toBe(PLAY);
    expect(await page.getByRole('link', { name: 'Try in browser' }).first().getAttribute('href')).toBe('/app');

    for (const [label, value] of [
      ['AI Receipt Scanning', 'Instant'],
      ['Smart Bill Splitting', 'Automatic'],
      ['Group Sharing', 'Easy'],
    ]) {
      const tile = page.getByRole('listitem').filter({ hasText: label });
      expect(await tile.textContent()).toContain(value);
    }

    const how = page.locator('#features');
    await how.getByRole('heading', { name: 'How it works' }).waitFor();
    for (const card of ['AI Receipt Scan', 'Tap-to-Assign', 'Instant Share Links', 'Secure Payments']) await how.getByRole('heading', { name: card, exact: true }).waitFor();

    const vibes = page.locator('#vibes');
    for (const card of ['Brunch babes', 'Date nights', 'Team lunches', 'House trips']) await vibes.getByRole('heading', { name: card, exact: true }).waitFor();

    expect(await page.locator('#stories').getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    const download = page.locator('#download');
    expect(await download.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toBe(PLAY);

    const footer = page.getByRole('contentinfo');
    expect(await hrefOf(page, 'Privacy', footer)).toBe('/privacy-policy');
    expect(await hrefOf(page, 'Cookies', footer)).toBe('/cookie-policy');
    expect(await hrefOf(page, 'Support', footer)).toBe('mailto:support@whospaying.app');
    expect(await hrefOf(page, 'Download', footer)).toBe(PLAY);
    await context.close();
  });

  it('keeps each figure of the stat tiles inside its tile on every common phone width', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/');
    for (const width of [320, 360, 390, 414, 430, 480, 540, 600, 768, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      const spills = await page.evaluate(() =>
        [...document.querySelectorAll('.stats li')].flatMap((tile) => {
          const box = tile.getBoundingClientRect();
          const figure = tile.querySelector('strong')!;
          const range = document.createRange();
          range.selectNodeContents(figure);
          const text = range.getBoundingClientRect();
          return text.left < box.left || text.right > box.right ? [`${figure.textContent} ${Math.round(text.right - box.right)} px out`] : [];
        }),
      );
      expect(spills, `${width} px`).toEqual([]);
    }
    await context.close();
  });

  it('sends iPhone and iPad users to the App Store, and keeps the header on Google Play', async () => {
    const { context, page } = await newPhone(browser, { userAgent: IPHONE });
    await page.goto('/');
    expect(await hrefOf(page, 'Get the app')).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(await page.locator('#download').getByRole('link', { name: 'Download on the App Store' }).getAttribute('href')).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(await hrefOf(page, 'Download', page.getByRole('contentinfo'))).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(await hrefOf(page, 'Download', page.getByRole('banner'))).toBe(PLAY);
    await context.close();
  });

  it('ships no script beyond the theme and the install prompt, and no web fonts', async () => {
    const { context, page } = await newPhone(browser);
    const external: Promise<number>[] = [];
    const fonts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') external.push(r.body().then((b) => b.length));
      if (r.request().resourceType() === 'font') fonts.push(r.url());
    });
    await page.goto('/', { waitUntil: 'load' });
    expect(fonts).toEqual([]);
    expect(await page.locator('astro-island').count()).toBe(0);
    const inline = await page.locator('script:not([src])').evaluateAll((all) => all.reduce((sum, s) => sum + (s.textContent ?? '').length, 0));
    const bytes = inline + (await Promise.all(external)).reduce((a, b) => a + b, 0);
    // The theme snippet, the service worker registration, the theme switch and the install card.
    expect(bytes).toBeLessThan(6000);
    await context.close();
  });

  it('sizes every image and loads the ones below the fold lazily', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto('/');
    const images = await page.locator('img').evaluateAll((all) =>
      all.map((img) => ({
        src: img.getAttribute('src'),
        sized: img.hasAttribute('width') && img.hasAttribute('height'),
        lazy: img.getAttribute('loading') === 'lazy',
        top: img.getBoundingClientRect().top,
      })),
    );
    for (const image of images) {
      expect(image.sized, `${image.src} has width and height`).toBe(true);
      if (image.top > 844) expect(image.lazy, `${image.src} is below the fold`).toBe(true);
    }
    expect(images.some((i) => i.top > 844 && i.lazy)).toBe(true);
    await context.close();
  });
});

describe('theme without a flash of the wrong one', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  // Read before any external resource or module script runs: the inline head script has already decided.
  const themeAtFirstParse = (page: Page) => page.evaluate(() => document.documentElement.dataset['theme']);

  it('follows the system preference when nothing is stored', async () => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const { context, page } = await newPhone(browser, { colorScheme });
      await page.goto('/', { waitUntil: 'commit' });
      await page.waitForFunction(() => document.documentElement.dataset['theme'] !== undefined);
      expect(await themeAtFirstParse(page)).toBe(colorScheme);
      await context.close();
    }
  });

  it('prefers the stored choice, and the switch stores a new one', async () => {
    const { context, page } = await newPhone(browser, { colorScheme: 'dark' });
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('theme', 'light');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    expect(await themeAtFirstParse(page)).toBe('light');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // The icon of the theme a tap switches to, as in the app's header: a moon in light, a sun in dark.
    const icon = () => page.evaluate(() => [...document.querySelectorAll('.theme-toggle svg')].filter((s) => getComputedStyle(s).display !== 'none').map((s) => s.getAttribute('class')));
    expect(await icon()).toEqual(['moon']);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await themeAtFirstParse(page)).toBe('dark');
    expect(await icon()).toEqual(['sun']);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(background);
    await page.goto('/privacy-policy');
    expect(await themeAtFirstParse(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await context.close();
  });
});
