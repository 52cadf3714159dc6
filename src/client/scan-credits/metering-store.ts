import { atom } from 'nanostores';
import type { UsageSummary } from '../../../domain/scan-credits/freemium';

// The metering state apart from the client that fills it (metering-client.ts): the first screen
// shows it, while the client's code arrives after the first paint. What is read from it is worked
// out by plain functions, not computed stores, which would add their code to that first load.
export interface MeteringState {
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly usage: UsageSummary | null;
  readonly anonymousUserId: string | null;
}

export const newMeteringStore = () => atom<MeteringState>({ status: 'idle', usage: null, anonymousUserId: null });

/**
 * The server's free allowance and balance for this device: `{ status, usage, anonymousUserId }`.
 * Filled by `meteringClient().loadUsage()`; `status` is 'loading' until the first answer.
 */
export const $metering = newMeteringStore();

/** Tokens held (null until usage is known); the 'Recover tokens' button shows when this is 0. */
export const tokensHeld = (state: MeteringState): number | null => state.usage?.tokens ?? null;
