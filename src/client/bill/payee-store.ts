import { atom, onMount } from 'nanostores';
import type { Payee } from '../../../domain/paying-back/payee';
import { readJson, writeJson } from './storage';

const KEY = 'whos-paying:payee';

/** The organiser's payment details, entered once and kept on this device only. */
export const $payee = atom<Payee | null>(null);
// Read from the device when first used (the summary's pay-back and the recent bills, both on demand).
onMount($payee, restorePayee);

function restorePayee(): void {
  const stored = readJson<Payee | null>(KEY, null);
  // Details kept before bank accounts were asked for have none.
  if (stored !== null && typeof stored.name === 'string') $payee.set({ ...stored, iban: stored.iban ?? null, bic: stored.bic ?? null, upi: stored.upi ?? null });
}

export function savePayee(payee: Payee): void {
  $payee.set(payee);
  writeJson(KEY, payee);
}
