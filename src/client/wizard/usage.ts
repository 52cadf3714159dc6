import { MAX_FREE_BILLS, type UsageSummary } from '../../../domain/scan-credits/freemium';
import type { MeteringState } from '../scan-credits/metering-store';

// The wizard's view of the metering state (src/client/scan-credits): the server's usage, null until
// the first answer. If the server cannot be reached at all the documents' defaults are shown
// (errors are logged and defaults used), and scanning then reports its own error.
export const DEFAULT_USAGE: UsageSummary = { billsUsed: 0, maxFreeBills: MAX_FREE_BILLS, tokens: 0, lastResetDate: '', canUse: true, daysUntilReset: 0 };

export const usageShown = (state: MeteringState): UsageSummary | null => state.usage ?? (state.status === 'error' ? DEFAULT_USAGE : null);

export const freeBillsLeft = (u: UsageSummary): number => Math.max(0, u.maxFreeBills - u.billsUsed);
