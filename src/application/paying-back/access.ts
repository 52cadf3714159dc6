import { isSecretShaped } from '../../../domain/paying-back/secrets';
import { err, ok, type Result } from '../../../domain/result';
import type { StoredReceipt } from '../../../domain/sharing/stored-receipt';
import type { Clock } from '../../../ports/clock';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { Secrets } from '../../../ports/secrets';
import type { StoredBills } from '../../../ports/stored-bills';
import type { PayingBackError } from './errors';

const RECEIPT_ID = /^[a-z0-9]{1,40}$/;

/** The bill, if the caller holds its organiser's secret (compared by hash: the store has nothing else). */
export async function openAsOrganiser(
  deps: { readonly bills: StoredBills; readonly secrets: Secrets; readonly clock: Clock },
  receiptId: string,
  organiserSecret: string,
): Promise<Result<StoredReceipt, PayingBackError>> {
  if (!RECEIPT_ID.test(receiptId)) return err({ code: 'bill_not_found' });
  const found = await deps.bills.find(receiptId, deps.clock.now());
  if (found === null || found.organiserSecretHash === null) return err({ code: 'bill_not_found' });
  if (!isSecretShaped(organiserSecret) || deps.secrets.hash(organiserSecret) !== found.organiserSecretHash) return err({ code: 'not_organiser' });
  return ok(found.bill);
}

/** The bill and the diner a link opens (their capability, or a plain diner id on receipts stored through the API). */
export async function openAsDiner(
  deps: { readonly bills: StoredBills; readonly secrets: Secrets; readonly clock: Clock },
  receiptId: string | undefined,
  dinerKey: string | undefined,
): Promise<Result<{ bill: StoredReceipt; dinerId: string; expiresAt: Date | null }, PayingBackError>> {
  if (!receiptId || !dinerKey || !RECEIPT_ID.test(receiptId) || !/^[a-z0-9]{1,60}$/.test(dinerKey)) return err({ code: 'bill_not_found' });
  const found = await deps.bills.find(receiptId, deps.clock.now());
  if (found === null) return err({ code: 'bill_not_found' });
  const dinerId = await deps.bills.dinerFor(receiptId, { capabilityHash: deps.secrets.hash(dinerKey), plainId: dinerKey });
  return dinerId === null ? err({ code: 'diner_not_found' }) : ok({ bill: found.bill, dinerId, expiresAt: found.expiresAt });
}

/** Per client and per bill, so one noisy phone cannot mark a table's worth of bills, nor hammer one bill. */
export async function withinLimits(limiter: RateLimiter, checks: readonly (readonly [key: string, limit: RateLimit])[]): Promise<Result<true, PayingBackError>> {
  for (const [key, limit] of checks) {
    const decision = await limiter.hit(key, limit);
    if (!decision.allowed) return err({ code: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds });
  }
  return ok(true);
}
