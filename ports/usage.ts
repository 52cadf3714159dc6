import type { AnonymousId } from '../domain/anonymous-id';
import type { UsageSummary } from '../domain/scan-credits/freemium';

/** The free allowance and token balance of one anonymous user, as of now. */
export interface UsageQuery {
  usageFor(anonymousUserId: AnonymousId): Promise<UsageSummary>;
}
