// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastSlot, Toasts } from '../../../src/client/ui/Toasts';
import { $toasts, toast } from '../../../src/client/ui/toasts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('where a toast shows', () => {
  let host: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
    host = document.createElement('div');
    document.body.append(host);
  });
  afterEach(() => {
    host.remove();
    vi.useRealTimers();
  });

  const pinned = () => host.querySelector('.wz-toasts')!.textContent;
  const inSlot = (at: string) => host.querySelector(`[data-slot="${at}"] .wz-toast-slot`)!.textContent;

  it("answers a row's tap in that row's slot, in the flow, never pinned over the other rows", async () => {
    const root = createRoot(host);
    await act(async () =>
      root.render(
        <>
          <div data-slot="row:ben">
            <ToastSlot at="row:ben" />
          </div>
          <div data-slot="row:cat">
            <ToastSlot at="row:cat" />
          </div>
          <Toasts />
        </>,
      ),
    );
    await act(async () => toast('Message for Ben copied: paste it into any chat', 'success', 'row:ben'));
    expect(inSlot('row:ben')).toContain('Message for Ben copied');
    expect(inSlot('row:cat')).toBe('');
    expect(pinned()).toBe('');
    // One at a time: Cat's answer replaces Ben's.
    await act(async () => toast('Message for Cat copied: paste it into any chat', 'success', 'row:cat'));
    expect(inSlot('row:ben')).toBe('');
    expect(inSlot('row:cat')).toContain('Message for Cat copied');
    await act(async () => root.unmount());
  });

  it('takes a toast away with its slot: leaving the step, its answer is no news on the next one', async () => {
    const root = createRoot(host);
    await act(async () =>
      root.render(
        <>
          <ToastSlot at="row:ben" />
          <Toasts />
        </>,
      ),
    );
    await act(async () => toast('Message for Ben copied: paste it into any chat', 'success', 'row:ben'));
    await act(async () => root.render(<Toasts />));
    expect(pinned()).toBe('');
    expect($toasts.get()).toEqual([]);
    await act(async () => root.unmount());
  });

  it('pins a toast whose slot is not on the screen yet, and one that names no slot', async () => {
    const root = createRoot(host);
    await act(async () => root.render(<Toasts />));
    await act(async () => toast('Tokens recovered', 'success', 'scan'));
    expect(pinned()).toContain('Tokens recovered');
    await act(async () => toast('Invalid share packet format', 'error'));
    expect(pinned()).toContain('Invalid share packet format');
    await act(async () => root.unmount());
  });
});
