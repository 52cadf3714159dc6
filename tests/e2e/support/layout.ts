import type { Page } from 'playwright-core';

/**
 * On how many lines each element matching `selector` draws `text` (its first occurrence; 0 where the
 * element does not contain it): a name or an amount that wraps inside itself ("Barthol/omew",
 * "-/£1.83") is drawn on 2.
 */
export function linesOf(page: Page, selector: string, text: string): Promise<number[]> {
  return page.evaluate(
    ([sel, t]) =>
      [...document.querySelectorAll(sel!)].map((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let full = '';
        const nodes: { node: Text; start: number }[] = [];
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          nodes.push({ node: n as Text, start: full.length });
          full += n.textContent;
        }
        const at = full.indexOf(t!);
        if (at < 0) return 0;
        const place = (offset: number, end: boolean) => {
          const hit = nodes.findLast((x) => (end ? x.start < offset : x.start <= offset))!;
          return [hit.node, offset - hit.start] as const;
        };
        const range = document.createRange();
        range.setStart(...place(at, false));
        range.setEnd(...place(at + t!.length, true));
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      }),
    [selector, text],
  );
}

/**
 * The actions (buttons, links, selects, fields) that the showing toast draws over, by their text or
 * label: none when the toast covers nothing anyone could tap. Its own dismiss button does not count.
 */
export function actionsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = document.querySelector('.wz-toast');
    if (toast === null) return [];
    const t = toast.getBoundingClientRect();
    const actions = [...document.querySelectorAll('button, a[href], select, input, textarea')].filter((el) => !toast.contains(el));
    return actions
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const drawn = r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        return drawn && r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
  });
}
