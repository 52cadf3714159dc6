import { atom } from 'nanostores';

export interface Toast {
  readonly id: number;
  readonly message: string;
  readonly tone: 'info' | 'error' | 'success';
  /** The ToastSlot it shows in, beside the action it answers; absent: pinned clear of the sticky actions. */
  readonly at?: string | undefined;
}

/**
 * One at a time: a stack of them covered the next rows' Send and Mark paid and the sticky Share
 * Bill. The newest replaces the one showing.
 */
export const MAX_TOASTS = 1;
export const TOAST_MS = 4000;

/** The slots of answers to taps that are not on a list's rows: the scan step's (offline, tokens) and Assign's (opening to the table). */
export const SCAN_SLOT = 'scan';
export const OPEN_TO_TABLE_SLOT = 'open-to-table';

export const $toasts = atom<readonly Toast[]>([]);
let nextId = 1;

/**
 * At most one visible (the newest), each gone after 4000 ms. An answer to a tap on a list of rows
 * names its slot (`at`), so it shows in the page's flow beside that row and covers no other row's
 * actions, nor the payer's select, on a narrow phone.
 */
export function toast(message: string, tone: Toast['tone'] = 'info', at?: string): void {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, message, tone, at }].slice(-MAX_TOASTS));
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
