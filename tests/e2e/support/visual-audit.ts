import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { analyzeAccessibility } from './axe';

export const WIDTHS = [320, 390] as const;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Where the screenshots go: a CI artefact for review, never committed (test-results/ is ignored). */
export const SCREENSHOTS = join(import.meta.dirname, '..', '..', '..', 'test-results', 'visual-audit');

const MIN_TARGET_PX = 44;
const MIN_TEXT_PX = 12;

/** Puts the page in a width and theme the way a visitor would have them: the stored choice and the system's. */
export async function showAs(page: Page, width: number, theme: Theme): Promise<void> {
  await page.setViewportSize({ width, height: width < 390 ? 568 : 844 });
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.evaluate((t) => {
    try {
      localStorage.setItem('theme', t);
    } catch {
      // storage may be refused; the attribute below is what the styles read
    }
    document.documentElement.dataset.theme = t;
  }, theme);
  // Two frames: layout and paint have caught up with the new size and colours. A page the browser
  // does not paint gets no frames at all, so the wait is bounded (page.evaluate has no timeout).
  await page.evaluate(
    () =>
      new Promise((r) => {
        requestAnimationFrame(() => requestAnimationFrame(r));
        setTimeout(r, 1000);
      }),
  );
}

/**
 * What is wrong with the page as it shows now, as readable lines: sideways scrolling or cut content,
 * touch targets under 44 px, text under 12 px, and (with `axe`) axe's serious or critical violations,
 * contrast among them. An empty list is a pass.
 */
export async function auditPage(page: Page, where: string, { axe: withAxe }: { axe: boolean }): Promise<string[]> {
  const layout = await page.evaluate(inspectLayout, { minTarget: MIN_TARGET_PX, minText: MIN_TEXT_PX });
  if (!withAxe) return layout.map((problem) => `${where}: ${problem}`);
  const axe = await analyzeAccessibility(page);
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  return [...layout, ...serious].map((problem) => `${where}: ${problem}`);
}

/**
 * The whole page, taken with the window as tall as the page so that bars pinned to the bottom of the
 * screen sit where they end up; with a modal dialog open, the screen as the visitor sees it (the
 * dialog scrolls inside it).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  const viewport = page.viewportSize()!;
  const { modal, height } = await page.evaluate(() => ({ modal: document.querySelector('dialog[open]') !== null, height: document.documentElement.scrollHeight }));
  if (modal || height <= viewport.height) return void (await page.screenshot({ path, animations: 'disabled' }));
  await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path, animations: 'disabled' });
  await page.setViewportSize(viewport);
}

/** Runs in the page: the layout checks, on everything a visitor can see and reach. */
function inspectLayout({ minTarget, minText }: { minTarget: number; minText: number }): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const describe = (el: Element) => {
    const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className}"` : ''}>${text ? ` "${text}"` : ''}`;
  };
  const shown = (el: Element) => {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false;
    if (el.closest('[aria-hidden="true"], [inert], .visually-hidden, .wz-visually-hidden')) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && Number(style.opacity) > 0;
  };

  if (document.documentElement.scrollWidth > width) problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} px wide at ${width} px`);
  for (const el of document.querySelectorAll('body, body *')) {
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) continue;
    const style = getComputedStyle(el);
    if (style.overflowX === 'visible' || style.textOverflow === 'ellipsis' || !shown(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`content cut or scrolling sideways in ${describe(el)} (${el.scrollWidth} > ${el.clientWidth} px)`);
  }

  const targets = document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [role="checkbox"], [role="tab"]');
  for (const el of targets) {
    if (!shown(el)) continue;
    // An inline link inside a sentence is exempt (WCAG 2.5.5); a checkbox or radio counts with its label.
    if (el instanceof HTMLAnchorElement && getComputedStyle(el).display === 'inline') continue;
    const target = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? (el.closest('label') ?? el) : el;
    const rect = target.getBoundingClientRect();
    if (rect.height < minTarget - 0.5 || rect.width < minTarget - 0.5) problems.push(`touch target ${Math.round(rect.width)}×${Math.round(rect.height)} px: ${describe(el)}`);
  }

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const small = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || small.has(parent) || parent.closest('script, style, noscript')) continue;
    if (parseFloat(getComputedStyle(parent).fontSize) < minText && shown(parent)) small.add(parent);
  }
  for (const el of small) problems.push(`text ${getComputedStyle(el).fontSize}: ${describe(el)}`);
  return problems;
}
