import { billIdOf, dinerKeyOf } from '../../../domain/bill-ids';
import { isSecretShaped, newSecret } from '../../../domain/paying-back/secrets';
import { err, ok, type Result } from '../../../domain/result';
import type { StoredBill } from '../../../domain/paying-back/stored-bill';
import type { Clock } from '../../../ports/clock';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { Secrets } from '../../../ports/secrets';
import type { StoredBills } from '../../../ports/stored-bills';
import type { PayingBackError } from './errors';

/** The bill, if the caller holds its organiser's secret (compared by hash: the store has nothing else). */
export async function openAsOrganiser(
  deps: { readonly bills: StoredBills; readonly secrets: Secrets; readonly clock: Clock },
  receiptId: string,
  organiserSecret: string,
): Promise<Result<StoredBill, PayingBackError>> {
  const id = billIdOf(receiptId);
  if (id === null) return err({ code: 'bill_not_found' });
  const found = await deps.bills.find(id, deps.clock.now());
  if (found === null || found.organiserSecretHash === null) return err({ code: 'bill_not_found' });
  if (!isSecretShaped(organiserSecret) || deps.secrets.hash(organiserSecret) !== found.organiserSecretHash) return err({ code: 'not_organiser' });
  return ok(found.stored);
}

/**
 * The bill and the diner a link opens: by their capability, or read only by a plain diner id on
 * receipts stored through the API (the documents' short links).
 */
export async function openAsDiner(
  deps: { readonly bills: StoredBills; readonly secrets: Secrets; readonly clock: Clock },
  receiptId: string | undefined,
  dinerKey: string | undefined,
): Promise<Result<{ stored: StoredBill; dinerId: string; byCapability: boolean; expiresAt: Date | null }, PayingBackError>> {
  const [id, key] = [billIdOf(receiptId), dinerKeyOf(dinerKey)];
  if (id === null || key === null) return err({ code: 'bill_not_found' });
  const found = await deps.bills.find(id, deps.clock.now());
  if (found === null) return err({ code: 'bill_not_found' });
  const opened = await deps.bills.dinerFor(id, { capabilityHash: deps.secrets.hash(key), plainId: key });
  return opened === null ? err({ code: 'diner_not_found' }) : ok({ stored: found.stored, ...opened, expiresAt: found.expiresAt });
}

/**
 * A new capability for each of these diners (the link to send them, only ever given out once) and
 * its hash (all the store keeps), by diner id.
 */
export function newCapabilities(secrets: Secrets, dinerIds: readonly string[]): { readonly capabilities: ReadonlyMap<string, string>; readonly hashes: ReadonlyMap<string, string> } {
  const capabilities = new Map(dinerIds.map((id) => [id, newSecret((n) => secrets.randomBytes(n))]));
  return { capabilities, hashes: new Map([...capabilities].map(([id, capability]) => [id, secrets.hash(capability)])) };
}

/** Per client and per bill, so one noisy phone cannot mark a table's worth of bills, nor hammer one bill. */
export async function withinLimits(limiter: RateLimiter, checks: readonly (readonly [key: string, limit: RateLimit])[]): Promise<Result<true, PayingBackError>> {
  for (const [key, limit] of checks) {
    const decision = await limiter.hit(key, limit);
    if (!decision.allowed) return err({ code: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds });
  }
  return ok(true);
}
