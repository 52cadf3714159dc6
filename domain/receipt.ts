import type { MinorUnits } from './money';
import type { Portions } from './portions';
import type { ItemKind } from './split';

export interface BillItem {
  readonly id: string;
  readonly name: string;
  readonly pricePence: MinorUnits;
  readonly kind: ItemKind;
  readonly assignedTo: readonly string[];
  /** Split by units or uneven shares; equal between assignedTo when absent. */
  readonly portions?: Portions | undefined;
  /** Units on the line, printed ("3 x Peroni") or typed; offered for a split by units. */
  readonly quantity?: number | undefined;
}

export interface Diner {
  readonly id: string;
  readonly name: string;
  readonly color: string;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** receipt_{time}_{six random characters}; randomness comes from the caller so this stays pure. */
export function receiptIdFor(time: Date, randomBytes: Uint8Array): string {
  if (randomBytes.length < 6) throw new RangeError('need six random bytes');
  const suffix = Array.from(randomBytes.slice(0, 6), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
  return `receipt_${time.getTime()}_${suffix}`;
}
