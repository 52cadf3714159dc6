import { unassignedMessage } from './adds-up';
import type { Pence } from './money';

export interface ValidatableReceipt {
  readonly items: readonly { readonly assignedTo: readonly string[]; readonly kind?: string }[];
  readonly diners: readonly unknown[];
  readonly subtotalPence: Pence;
  readonly tipPence: Pence;
}

export interface ReceiptValidation {
  readonly valid: boolean;
  readonly errors: readonly string[];
}

/** The receipt checks of the specification, with their messages word for word. */
export function validateReceipt(receipt: ValidatableReceipt): ReceiptValidation {
  const errors: string[] = [];
  if (receipt.items.length === 0) errors.push('No items in receipt');
  if (receipt.diners.length === 0) errors.push('No diners specified');
  if (receipt.subtotalPence < 0) errors.push('Subtotal cannot be negative');
  if (receipt.tipPence < 0) errors.push('Tip cannot be negative');
  const unassigned = receipt.items.filter((i) => i.kind !== 'vat' && i.assignedTo.length === 0).length;
  if (unassigned > 0) errors.push(unassignedMessage(unassigned));
  return { valid: errors.length === 0, errors };
}
