import { computed } from 'nanostores';
import { MAX_FREE_BILLS, type UsageSummary } from '../../../domain/freemium';
import { anonymousIdentity } from '../metering/anonymous-identity';
import { $metering, meteringClient } from '../metering/metering-client';

// The wizard's view of the metering client (src/client/metering): the server's usage, null until
// the first answer. If the server cannot be reached at all the documents' defaults are shown
// (seed 000 §8: errors are logged and defaults used), and scanning then reports its own error.
const DEFAULTS: UsageSummary = { billsUsed: 0, maxFreeBills: MAX_FREE_BILLS, tokens: 0, lastResetDate: '', canUse: true, daysUntilReset: 0 };

export const $usage = computed($metering, (s): UsageSummary | null => s.usage ?? (s.status === 'error' ? DEFAULTS : null));

/** Fresh figures after something changed them (a scan, a new bill). */
export async function refreshUsage(): Promise<UsageSummary> {
  const client = meteringClient();
  client.invalidate();
  return (await client.loadUsage({ force: true })) ?? $usage.get() ?? DEFAULTS;
}

export async function anonymousUserId(): Promise<string> {
  return (await anonymousIdentity().current()).id;
}

export const freeBillsLeft = (u: UsageSummary): number => Math.max(0, u.maxFreeBills - u.billsUsed);
