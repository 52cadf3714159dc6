// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { $metering } from '../../../src/client/scan-credits/metering-store';
import { RecoverTokensButton, tokenRecoveryDialog } from '../../../src/client/scan-credits/RecoverTokensButton';
import { fakeFetch, usageOf } from '../../support/browser-fakes';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.unstubAllGlobals());

it("shows 'Recover tokens' only when tokens are 0, and opens the Token Recovery dialog", async () => {
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      '/api/usage': () => ({ status: 200, body: usageOf(0) }),
      '/api/recovery': (body) => ({ status: 200, body: { anonymousUserId: body.anonymousUserId, tokens: 8 } }),
    }).fetch,
  );
  // The dialog's code arrives on demand; here it has (as after the idle prefetch).
  await tokenRecoveryDialog.load();
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(<RecoverTokensButton />));
  const recoverButton = () => host.querySelector('button[aria-label="Recover tokens"]') as HTMLButtonElement | null;
  expect(recoverButton()).toBeNull(); // usage not known yet
  act(() => $metering.set({ status: 'ready', usage: usageOf(4), anonymousUserId: null }));
  expect(recoverButton()).toBeNull();
  act(() => $metering.set({ status: 'ready', usage: usageOf(0), anonymousUserId: null }));
  expect(recoverButton()).not.toBeNull();
  expect(host.querySelector('dialog')).toBeNull();
  await act(async () => recoverButton()!.click());
  expect(host.querySelector('dialog h2')?.textContent).toBe('Token Recovery');
  const recoverMine = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Recover My Tokens')!;
  await act(async () => {
    recoverMine.click();
    await new Promise((r) => setTimeout(r, 50));
  });
  expect(recoverButton()).toBeNull(); // tokens arrived: the header button hides
  expect(host.querySelector('[role="status"]')?.textContent).toBe('Successfully recovered 8 tokens!');
  // A later re-render of the header (another figure changes) keeps the dialog's message.
  act(() => $metering.set({ status: 'ready', usage: usageOf(0), anonymousUserId: null }));
  act(() => $metering.set({ status: 'ready', usage: usageOf(9), anonymousUserId: null }));
  expect(host.querySelector('[role="status"]')?.textContent).toBe('Successfully recovered 8 tokens!');
  act(() => root.unmount());
});
