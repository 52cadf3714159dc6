import type { AnonymousId } from '../../../domain/anonymous-id';
import { newRecoveryCode, recoverTokens, revokeRecoveryCodes } from '../../contracts/scan-credits-recovery';
import { callEndpointWith } from '../call-endpoint';
import { anonymousIdentity, type AnonymousIdentity } from './anonymous-identity';
import { meteringClient, type MeteringClient } from './metering-client';

// The recovery dialog's outcomes, word for word.
const recoveredMessage = (tokens: number) => `Successfully recovered ${tokens} tokens!`;
export const NO_TOKENS_MESSAGE = 'No tokens found to recover. If you recently purchased tokens, please contact support.';
export const RECOVERY_FAILED_MESSAGE = 'Failed to recover tokens. Please check your internet connection and try again.';
export const AUTO_RECOVERY_KEY = 'whos-paying.token-recovery-attempted';
// Our own texts (revoking codes is beyond the documents).
export const CODES_REVOKED_MESSAGE = 'Your recovery codes were revoked: they no longer restore your tokens.';
export const NO_CODES_TO_REVOKE_MESSAGE = 'This device has no recovery codes in force.';
export const REVOKE_FAILED_MESSAGE = 'Could not revoke your recovery codes. Please check your internet connection and try again.';

export type RecoveryOutcome = { readonly ok: true; readonly tokens: number; readonly message: string } | { readonly ok: false; readonly message: string };

export interface RecoveryEnvironment {
  readonly metering: MeteringClient;
  readonly identity: AnonymousIdentity;
  readonly session: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/** Token recovery in the browser: from the server balance, from this device's unreported purchases, or by recovery code. */
export class TokenRecoveryClient {
  constructor(private readonly env: RecoveryEnvironment) {}

  /**
   * 'Recover My Tokens': first the server balance for this device's id; then purchases this device
   * could not report are sent again (the server credits only what the provider confirmed) and the
   * balance is read once more.
   */
  async recover(): Promise<RecoveryOutcome> {
    const { id } = await this.env.identity.current();
    let answer = await this.ask(id);
    if (answer.ok && answer.value.tokens === 0 && (await this.env.metering.resendLocalPurchases(id)) > 0) answer = await this.ask(id);
    return answer.ok ? this.outcome(answer.value.tokens) : { ok: false, message: RECOVERY_FAILED_MESSAGE };
  }

  /** A recovery code from a purchase: this device takes the buyer's identity, and so the balance. */
  async redeem(code: string): Promise<RecoveryOutcome> {
    try {
      const { id } = await this.env.identity.current();
      const answer = await callEndpointWith({ fetch: this.env.metering.send }, recoverTokens, [], { anonymousUserId: id, recoveryCode: code });
      // A refused code is explained by the server's text (unknown, expired, used, too many tries); no answer by our own.
      if (!answer.ok) return { ok: false, message: answer.error ?? RECOVERY_FAILED_MESSAGE };
      if (answer.value.anonymousUserId !== id) await this.env.identity.adopt(answer.value.anonymousUserId);
      this.env.metering.invalidate();
      await this.env.metering.loadUsage({ force: true });
      return this.outcome(answer.value.tokens);
    } catch {
      // The device refuses to take an id that is no UUID.
      return { ok: false, message: RECOVERY_FAILED_MESSAGE };
    }
  }

  /**
   * When tokens are 0 and an anonymous id exists, try once per browser session.
   * Returns the outcome, or null when it was not tried (already tried, or tokens are held).
   */
  async recoverOncePerSession(tokens: number): Promise<RecoveryOutcome | null> {
    if (tokens !== 0 || this.attempted()) return null;
    try {
      this.env.session?.setItem(AUTO_RECOVERY_KEY, '1');
    } catch {
      // Without session storage the attempt still happens; it may repeat on the next page load.
    }
    return this.recover();
  }

  /** A fresh recovery code for a device with a confirmed purchase (to show after paying), or null. */
  async newRecoveryCode(): Promise<string | null> {
    const { id } = await this.env.identity.current();
    const answer = await callEndpointWith({ fetch: this.env.metering.send }, newRecoveryCode, [], { anonymousUserId: id });
    return answer.ok ? answer.value.recoveryCode : null;
  }

  /** Revokes every recovery code of this device's identity still in force (e.g. one was seen by someone else). */
  async revokeCodes(): Promise<{ readonly ok: boolean; readonly message: string }> {
    const { id } = await this.env.identity.current();
    const answer = await callEndpointWith({ fetch: this.env.metering.send }, revokeRecoveryCodes, [], { anonymousUserId: id });
    if (!answer.ok) return { ok: false, message: REVOKE_FAILED_MESSAGE };
    return { ok: true, message: answer.value.revoked > 0 ? CODES_REVOKED_MESSAGE : NO_CODES_TO_REVOKE_MESSAGE };
  }

  private attempted(): boolean {
    try {
      return this.env.session?.getItem(AUTO_RECOVERY_KEY) === '1';
    } catch {
      return false;
    }
  }

  /** This device's balance on the server. */
  private ask(anonymousUserId: AnonymousId) {
    return callEndpointWith({ fetch: this.env.metering.send }, recoverTokens, [], { anonymousUserId });
  }

  private outcome(tokens: number): RecoveryOutcome {
    this.env.metering.setTokens(tokens);
    return tokens > 0 ? { ok: true, tokens, message: recoveredMessage(tokens) } : { ok: false, message: NO_TOKENS_MESSAGE };
  }
}

let shared: TokenRecoveryClient | null = null;

/** The page's one recovery client (created on first use, so server rendering never touches `window`). */
export function tokenRecovery(): TokenRecoveryClient {
  shared ??= new TokenRecoveryClient({
    metering: meteringClient(),
    identity: anonymousIdentity(),
    session: typeof sessionStorage === 'undefined' ? null : sessionStorage,
  });
  return shared;
}

/**
 * Call once when the app page starts (e.g. in the header island's effect): loads the usage from
 * the server, then, when tokens are 0, makes the once-per-session recovery attempt. The outcome of
 * an attempt that recovered tokens is passed on, e.g. for a toast.
 */
export async function startMetering(onRecovered?: (outcome: RecoveryOutcome & { ok: true }) => void): Promise<void> {
  const usage = await meteringClient().loadUsage();
  if (!usage) return;
  const outcome = await tokenRecovery().recoverOncePerSession(usage.tokens);
  if (outcome?.ok) onRecovered?.(outcome);
}
