import { atom } from 'nanostores';

export interface Toast {
  readonly id: number;
  readonly message: string;
  readonly tone: 'info' | 'error' | 'success';
}

export const MAX_TOASTS = 3;
export const TOAST_MS = 4000;

export const $toasts = atom<readonly Toast[]>([]);
let nextId = 1;

/** At most 3 visible (the oldest goes first), each gone after 4000 ms (seed 000 §9). */
export function toast(message: string, tone: Toast['tone'] = 'info', durationMs = TOAST_MS): void {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, message, tone }].slice(-MAX_TOASTS));
  setTimeout(() => dismissToast(id), durationMs);
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
