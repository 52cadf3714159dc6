import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, MAX_TOASTS, toast, TOAST_MS } from '../../../src/client/ui/toasts';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it('shows one at a time, the newest replacing the one showing (issue 28: a stack covered the actions)', () => {
    for (const message of ['one', 'two', 'three', 'four']) toast(message);
    expect(MAX_TOASTS).toBe(1);
    expect($toasts.get().map((t) => t.message)).toEqual(['four']);
  });

  it('each leaves after 4000 ms by default', () => {
    toast('saved', 'success');
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(TOAST_MS).toBe(4000);
    expect($toasts.get()).toHaveLength(0);
  });
});
