import type { Payee } from '../../../domain/paying-back/payee';
import type { PaymentStatus } from '../../../domain/paying-back/payments';
import { err, ok, type Result } from '../../../domain/result';
import type { ShareableBill } from '../../../domain/sharing/share-text';

/** A refusal as the API sends it: the client branches on `code`; `message` is for people. */
export interface ApiProblem {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}

export interface StoredBillAnswer {
  readonly receiptId: string;
  readonly organiserSecret: string;
  readonly expiresAt: string;
  readonly diners: readonly { readonly id: string; readonly dinerId: string; readonly capability: string | null; readonly url: string | null }[];
}

const OFFLINE: ApiProblem = { code: 'offline', message: 'Sharing needs a connection. Try again when you are online.' };
const ORGANISER_HEADER = 'x-organiser-secret';

async function call<T>(path: string, init: RequestInit): Promise<Result<T, ApiProblem>> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    return err(OFFLINE);
  }
  const body = (await response.json().catch(() => null)) as (T & { error?: string; code?: string; field?: string }) | null;
  if (response.ok && body !== null) return ok(body);
  return err({ code: body?.code ?? `http-${response.status}`, message: body?.error ?? `Request failed (${response.status})`, ...(body?.field ? { field: body.field } : {}) });
}

export function storeBill(
  bill: ShareableBill & { readonly payerId: string | null; readonly merchant: string; readonly diningDate: string | null; readonly payBackRate: string | null },
  payee: Payee,
  stored: { receiptId: string; organiserSecret: string; dinerIds: Record<string, string> } | null,
): Promise<Result<StoredBillAnswer, ApiProblem>> {
  return call('/api/bills', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      bill: {
        currency: bill.currency,
        payBackRate: bill.payBackRate,
        tipPence: bill.tipPence,
        tipSplit: bill.tipSplit,
        diners: bill.diners,
        items: bill.items,
        payerId: bill.payerId,
        merchant: bill.merchant,
        diningDate: bill.diningDate,
      },
      payee,
      ...(stored ? { stored } : {}),
    }),
  });
}

export function fetchPayments(receiptId: string, organiserSecret: string): Promise<Result<PaymentStatus, ApiProblem>> {
  return call(`/api/bills/${encodeURIComponent(receiptId)}/payments`, { headers: { [ORGANISER_HEADER]: organiserSecret } });
}

export function setPaid(receiptId: string, organiserSecret: string, dinerId: string, paid: boolean): Promise<Result<PaymentStatus, ApiProblem>> {
  return call(`/api/bills/${encodeURIComponent(receiptId)}/payments/${encodeURIComponent(dinerId)}`, { method: paid ? 'PUT' : 'DELETE', headers: { [ORGANISER_HEADER]: organiserSecret } });
}
