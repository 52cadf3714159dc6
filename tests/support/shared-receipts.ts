import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// Real receipt photos live beside the repository (../shared/receipts), never copied into it.
const WILDRECEIPT = join(import.meta.dirname, '..', '..', '..', 'shared', 'receipts', 'wildreceipt');

/**
 * The path of a real restaurant receipt photo the tests read (wildreceipt's wr11 unless another is
 * named), or undefined on a clone without ../shared, saying which test skips and why.
 */
export function realReceiptPhoto(usedBy: string, prefix = 'wr11_'): string | undefined {
  const found = existsSync(WILDRECEIPT) ? readdirSync(WILDRECEIPT).find((f) => f.startsWith(prefix) && !f.endsWith('.json')) : undefined;
  if (found === undefined) console.warn(`[skipped] ${usedBy}: it needs the real receipt photos at ${WILDRECEIPT}, which this clone does not have`);
  return found === undefined ? undefined : join(WILDRECEIPT, found);
}
