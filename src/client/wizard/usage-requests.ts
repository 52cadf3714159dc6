import type { AnonymousId } from '../../../domain/anonymous-id';
import type { UsageSummary } from '../../../domain/freemium';
import { anonymousIdentity } from '../metering/anonymous-identity';
import { meteringClient } from '../metering/metering-client';
import { $metering } from '../metering/metering-store';
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
