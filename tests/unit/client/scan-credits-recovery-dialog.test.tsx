// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecoveryCodeNotice } from '../../../src/client/scan-credits/RecoveryCodeNotice';
import { TokenRecoveryClient } from '../../../src/client/scan-credits/token-recovery';
import { TokenRecoveryDialog } from '../../../src/client/scan-credits/TokenRecoveryDialog';
import { browserWorld, MemoryStorage, usageOf, type Route } from '../../support/browser-fakes';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function mount(routes: Record<string, Route>, props: { onClose?: () => void; onRecovered?: (message: string) => void } = {}) {
  const w = browserWorld(routes);
  const recovery = new TokenRecoveryClient({ metering: w.metering, identity: w.identity, session: new MemoryStorage() });
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<TokenRecoveryDialog open onClose={props.onClose ?? (() => {})} onRecovered={props.onRecovered} metering={w.metering} recovery={recovery} />));
  return { w, host };
}

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);
const settle = () => act(async () => new Promise((r) => setTimeout(r, 20)));
/** Under a loaded machine a fixed pause is not enough: wait (bounded) until the screen shows what comes next. */
async function settleUntil(ready: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  do await settle();
  while (!ready() && Date.now() < deadline);
}

describe('Token Recovery dialog', () => {
  it('shows tokens and free bills used, recovers, and says so', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const recovered = vi.fn();
    mount(
      {
        '/api/usage': () => ({ status: 200, body: usageOf(0, 2) }),
        '/api/recovery': async (body) => (await gate, { status: 200, body: { anonymousUserId: body.anonymousUserId, tokens: 25 } }),
      },
      { onRecovered: recovered },
    );
    await settleUntil(() => document.querySelector('dialog')?.textContent?.includes('Current tokens0') === true);
    const dialog = document.querySelector('dialog')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Current tokens0');
    expect(dialog.textContent).toContain('Free bills used2 of 3');
    expect(dialog.textContent).toContain('Recovery only works for purchases made on this device.');
    act(() => button('Recover My Tokens')!.click());
    expect(button('Recovering Tokens...')?.disabled).toBe(true);
    release();
    await settleUntil(() => document.querySelector('[role="status"]') !== null && recovered.mock.calls.length > 0);
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Successfully recovered 25 tokens!');
    expect(dialog.textContent).toContain('Current tokens25');
    expect(recovered).toHaveBeenCalledWith('Successfully recovered 25 tokens!');
  });

  it('shows the failure texts', async () => {
    mount({ '/api/usage': () => ({ status: 200, body: usageOf(0) }), '/api/recovery': (b) => ({ status: 200, body: { anonymousUserId: b.anonymousUserId, tokens: 0 } }) });
    await settle();
    act(() => button('Recover My Tokens')!.click());
    await settleUntil(() => document.querySelector('[role="alert"]') !== null);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('No tokens found to recover. If you recently purchased tokens, please contact support.');
  });

  it('takes a recovery code', async () => {
    const buyer = '55555555-5555-4555-8555-555555555555';
    const { w } = mount({
      '/api/usage': (_, _url, headers) => ({ status: 200, body: usageOf(headers.get('x-anonymous-id') === buyer ? 40 : 0) }),
      '/api/recovery': () => ({ status: 200, body: { anonymousUserId: buyer, tokens: 40 } }),
    });
    await settle();
    const input = document.querySelector('input')!;
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Recovery code');
    expect(button('Use Recovery Code')?.disabled).toBe(true);
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
      setter.call(input, 'abcd-efgh-jkmn-pqrs');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => button('Use Recovery Code')!.click());
    await settleUntil(() => document.querySelector('[role="status"]') !== null);
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Successfully recovered 40 tokens!');
    expect((await w.identity.current()).id).toBe(buyer);
    expect(w.net.calls.find((c) => c.body?.recoveryCode)?.body.recoveryCode).toBe('abcd-efgh-jkmn-pqrs');
  });

  it('closes with Close and with Escape', async () => {
    const onClose = vi.fn();
    mount({ '/api/usage': () => ({ status: 200, body: usageOf(0) }) }, { onClose });
    await settle();
    act(() => button('Close')!.click());
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('Recovery code notice', () => {
  it('shows a fresh code with a Copy button', async () => {
    const w = browserWorld({ '/api/recovery-code': () => ({ status: 200, body: { recoveryCode: 'ABCD-EFGH-JKMN-PQRS', expiresAt: '2027-11-22T12:00:00.000Z' } }) });
    const recovery = new TokenRecoveryClient({ metering: w.metering, identity: w.identity, session: null });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root!.render(<RecoveryCodeNotice recovery={recovery} />));
    await settleUntil(() => host.querySelector('code') !== null);
    expect(host.querySelector('code')?.textContent).toBe('ABCD-EFGH-JKMN-PQRS');
    act(() => button('Copy')!.click());
    await settleUntil(() => writeText.mock.calls.length > 0);
    expect(writeText).toHaveBeenCalledWith('ABCD-EFGH-JKMN-PQRS');
    expect(button('Copied')).toBeDefined();
  });
});
