import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISMISS_FOR_MS, shouldShowInstallPrompt, storeFor } from '../../../src/client/pwa/install-rules';

const NOW = Date.UTC(2026, 10, 22, 12);
const offered = { offered: true, due: true, standalone: false, dismissedAt: null, now: NOW };

describe('install prompt', () => {
  it('stays hidden until the browser offers installation', () => {
    expect(shouldShowInstallPrompt({ ...offered, offered: false })).toBe(false);
    expect(shouldShowInstallPrompt(offered)).toBe(true);
  });

  it("waits for the page's moment (in the app, a split bill) even when the browser offers", () => {
    expect(shouldShowInstallPrompt({ ...offered, due: false })).toBe(false);
  });

  it('is never shown in the installed app', () => {
    expect(shouldShowInstallPrompt({ ...offered, standalone: true })).toBe(false);
  });

  it('stays hidden for 24 hours after a dismissal, then returns', () => {
    expect(shouldShowInstallPrompt({ ...offered, dismissedAt: String(NOW - 1000) })).toBe(false);
    expect(shouldShowInstallPrompt({ ...offered, dismissedAt: String(NOW - DISMISS_FOR_MS + 1) })).toBe(false);
    expect(shouldShowInstallPrompt({ ...offered, dismissedAt: String(NOW - DISMISS_FOR_MS) })).toBe(true);
  });

  it('ignores a stored value that is not a past time', () => {
    expect(shouldShowInstallPrompt({ ...offered, dismissedAt: 'yes' })).toBe(true);
    expect(shouldShowInstallPrompt({ ...offered, dismissedAt: String(NOW + 60_000) })).toBe(true);
  });

  it('is hidden exactly when dismissed less than 24 hours ago', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * DISMISS_FOR_MS }), (ago) => {
        expect(shouldShowInstallPrompt({ ...offered, dismissedAt: String(NOW - ago) })).toBe(ago >= DISMISS_FOR_MS);
      }),
    );
  });
});

describe('app store for the device', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 5, 'apple'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 5, 'apple'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15', 5, 'apple'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/130 Safari/537.36', 0, 'google'],
    ['Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36', 5, 'google'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130 Safari/537.36', 0, 'google'],
  ] as const)('%s → %s', (ua, touch, store) => {
    expect(storeFor(ua, touch)).toBe(store);
  });
});
