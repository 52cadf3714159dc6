// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { $metering } from '../../../src/client/metering/metering-client';
import { RecoverTokensButton } from '../../../src/client/metering/RecoverTokensButton';
import { fakeFetch, usageOf } from '../../support/browser-fakes';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => vi.unstubAllGlobals());

it("shows 'Recover tokens' only when tokens are 0, and opens the Token Recovery dialog", async () => {
  vi.stubGlobal('fetch', fakeFetch({ '/api/usage': () => ({ status: 200, body: usageOf(0) }) }).fetch);
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
  expect(host.querySelector('[role="dialog"]')).toBeNull();
  await act(async () => recoverButton()!.click());
  expect(host.querySelector('[role="dialog"] h2')?.textContent).toBe('Token Recovery');
  act(() => root.unmount());
});
