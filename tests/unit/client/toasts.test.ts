import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, MAX_TOASTS, toast, TOAST_MS } from '../../../src/client/wizard/toasts';

describe('toasts (seed 000 §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it('shows at most 3, the oldest leaving first', () => {
    for (const message of ['one', 'two', 'three', 'four']) toast(message);
    expect(MAX_TOASTS).toBe(3);
    expect($toasts.get().map((t) => t.message)).toEqual(['two', 'three', 'four']);
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
