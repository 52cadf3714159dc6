import { atom } from 'nanostores';

export interface Toast {
  readonly id: number;
  readonly message: string;
  readonly tone: 'info' | 'error' | 'success';
}

/**
 * One at a time (issue 28, beyond the specification's three): a stack of them covered the next rows' Send and
 * Mark paid and the sticky Share Bill. The newest replaces the one showing.
 */
export const MAX_TOASTS = 1;
export const TOAST_MS = 4000;

export const $toasts = atom<readonly Toast[]>([]);
let nextId = 1;

/** At most one visible (the newest), each gone after 4000 ms. */
export function toast(message: string, tone: Toast['tone'] = 'info', durationMs = TOAST_MS): void {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, message, tone }].slice(-MAX_TOASTS));
  setTimeout(() => dismissToast(id), durationMs);
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
