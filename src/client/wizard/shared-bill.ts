import { currencyCode, GBP } from '../../../domain/currency';
import { pence } from '../../../domain/money';
import { defaultKind, SHARED_KINDS, type SharedKind } from '../../../domain/sharing/share-packet';
import { TIP_SPLITS, type TipSplit } from '../../../domain/split';
import { loadSharedBill, type SharedBill } from './bill-store';
import { toast } from './toasts';

const INVALID = 'Invalid share packet format';

/**
 * Opening /app with a data parameter loads a shared receipt straight into the summary step.
 * The server verifies the signed token (GET /api/shares/{token}); the parameter is
 * then dropped from the address so a reload keeps the bill as the person edits it.
 */
export async function openSharedBillFromUrl(): Promise<void> {
  const url = new URL(location.href);
  const token = url.searchParams.get('data');
  if (!token) return;
  url.searchParams.delete('data');
  history.replaceState(history.state, '', url);
  try {
    const response = await fetch(`/api/shares/${encodeURIComponent(token)}`);
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) return toast(errorOf(body) ?? INVALID, 'error');
    const bill = asSharedBill(body);
    if (bill === null) return toast(INVALID, 'error');
    loadSharedBill(bill);
  } catch (error) {
    console.error('could not open the shared bill', error);
    toast(INVALID, 'error');
  }
}

function errorOf(body: unknown): string | null {
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : null;
}

function asSharedBill(body: unknown): SharedBill | null {
  if (typeof body !== 'object' || body === null) return null;
  const { diners, items, tipPence, tipSplit = 'equal', currency = GBP } = body as Record<string, unknown>;
  if (!Array.isArray(diners) || !Array.isArray(items) || typeof tipPence !== 'number' || !Number.isSafeInteger(tipPence)) return null;
  if (!TIP_SPLITS.includes(tipSplit as TipSplit) || currencyCode(currency) === null) return null;
  const okDiners = diners.every((d) => typeof d?.id === 'string' && typeof d?.name === 'string');
  const okItems = items.every((i) => typeof i?.name === 'string' && Number.isSafeInteger(i?.pricePence) && Array.isArray(i?.assignedTo));
  if (!okDiners || !okItems) return null;
  return {
    currency: currencyCode(currency)!,
    diners: diners.map((d: { id: string; name: string }) => ({ id: d.id, name: d.name })),
    items: items.map((i: { name: string; pricePence: number; kind?: unknown; assignedTo: string[] }) => ({
      name: i.name,
      pricePence: pence(i.pricePence),
      kind: SHARED_KINDS.includes(i.kind as SharedKind) ? (i.kind as SharedKind) : defaultKind(i.pricePence),
      assignedTo: i.assignedTo.map(String),
    })),
    tipPence: pence(tipPence),
    tipSplit: tipSplit as TipSplit,
  };
}
