import type { AnonymousId } from '../../../domain/anonymous-id';
import type { UsageSummary } from '../../../domain/scan-credits/freemium';
import { anonymousIdentity } from '../scan-credits/anonymous-identity';
import { meteringClient } from '../scan-credits/metering-client';
import { $metering } from '../scan-credits/metering-store';
import { DEFAULT_USAGE, usageShown } from './usage';

// What the scan step asks the server about usage; apart from usage.ts, which the first screen's
// header reads, so the metering client's code is not part of the first load.

/** Fresh figures after something changed them (a scan, a new bill). */
export async function refreshUsage(): Promise<UsageSummary> {
  const client = meteringClient();
  client.invalidate();
  return (await client.loadUsage({ force: true })) ?? usageShown($metering.get()) ?? DEFAULT_USAGE;
}

export async function anonymousUserId(): Promise<AnonymousId> {
  return (await anonymousIdentity().current()).id;
}
