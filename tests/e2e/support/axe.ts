import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: with 2.2 AA comes "target-size" (24 px targets, or their spacing). */
export const WCAG22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe-core over what the page shows (every rule; callers pick the impacts they fail on).
 *
 * When every frame is the page's own (our pages have no iframes), axe runs in the page itself
 * (AxeBuilder's legacy mode: axe.run). The default mode runs axe in each frame and then merges the
 * results in a blank page it opens for every run, which is there to reach frames from other
 * origins and cost more than the audit itself (about 0.6 s a run against 0.25 s; both modes gave
 * identical violations, incomplete, passes and inapplicable results, node by node, on every screen
 * of the visual audit). A page with a frame from another origin still gets the default mode.
 */
export async function analyzeAccessibility(page: Page, tags?: readonly string[]): Promise<AxeResults> {
  const builder = tags === undefined ? new AxeBuilder({ page }) : new AxeBuilder({ page }).withTags([...tags]);
  return (onlyOwnFrames(page) ? builder.setLegacyMode() : builder).analyze();
}

function onlyOwnFrames(page: Page): boolean {
  const own = new URL(page.url()).origin;
  return page.frames().every((frame) => frame === page.mainFrame() || frame.url() === 'about:blank' || frame.url() === 'about:srcdoc' || new URL(frame.url()).origin === own);
}
