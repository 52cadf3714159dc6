import type { AnonymousId } from '../../../domain/anonymous-id';
import { normalizeRecoveryCode, recoveryCodeExpiry, type RecoveryCodeRefusal } from '../../../domain/scan-credits/recovery-code';
import { err, ok, type Result } from '../../../domain/result';
import type { Clock } from '../../../ports/clock';
import type { RateLimit, RateLimiter } from '../../../ports/rate-limiter';
import type { IssuedRecoveryCode, RecoveryCodes } from '../../../ports/recovery-codes';
import type { ScanCredits } from '../../../ports/scan-credits';

export interface Recovered {
  /** The identity whose balance this device should use from now on. */
  readonly anonymousUserId: AnonymousId;
  readonly tokens: number;
}

export type RecoveryFailure =
  { readonly code: 'invalid_code' | 'unknown_code' | 'expired_code' | 'used_code' | 'revoked_code' | 'no_purchase' } | { readonly code: 'rate_limited'; readonly retryAfterSeconds: number };

const REFUSALS: Record<RecoveryCodeRefusal, RecoveryFailure> = {
  unknown: { code: 'unknown_code' },
  expired: { code: 'expired_code' },
  used: { code: 'used_code' },
  revoked: { code: 'revoked_code' },
};

// Codes carry 80 bits, so the limits are about abuse and load, not about guessing odds.
const ATTEMPTS_PER_DEVICE: RateLimit = { max: 5, windowSeconds: 15 * 60 };
const ATTEMPTS_PER_CLIENT: RateLimit = { max: 20, windowSeconds: 60 * 60 };
const CODES_PER_DEVICE: RateLimit = { max: 10, windowSeconds: 60 * 60 };
const CODES_PER_CLIENT: RateLimit = { max: 30, windowSeconds: 60 * 60 };
// A balance read is cheap, but a script walking ids is not a device recovering its own.
const READS_PER_DEVICE: RateLimit = { max: 30, windowSeconds: 15 * 60 };
const READS_PER_CLIENT: RateLimit = { max: 120, windowSeconds: 15 * 60 };

/** Token recovery: from the server balance of this device's id, or by a recovery code on another device. */
export class TokenRecovery {
  constructor(
    private readonly codes: RecoveryCodes,
    private readonly credits: ScanCredits,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    /** How many days a new recovery code stays usable (RECOVERY_CODE_DAYS). */
    private readonly codeDays: number,
  ) {}

  /** The balance the server holds for this device's own anonymous id. */
  async recoverOnThisDevice(anonymousUserId: AnonymousId, clientKey: string): Promise<Result<Recovered, RecoveryFailure>> {
    const limited = await this.limit([`recovery-read:device:${anonymousUserId}`, READS_PER_DEVICE], [`recovery-read:client:${clientKey}`, READS_PER_CLIENT]);
    if (limited) return err(limited);
    return ok({ anonymousUserId, tokens: await this.credits.balance(anonymousUserId) });
  }

  /** A typed recovery code gives this device the buyer's identity, and so the balance. */
  async redeem(anonymousUserId: AnonymousId, typedCode: string, clientKey: string): Promise<Result<Recovered, RecoveryFailure>> {
    const limited = await this.limit([`recovery:device:${anonymousUserId}`, ATTEMPTS_PER_DEVICE], [`recovery:client:${clientKey}`, ATTEMPTS_PER_CLIENT]);
    if (limited) return err(limited);
    const canonical = normalizeRecoveryCode(typedCode);
    if (!canonical.ok) return err({ code: 'invalid_code' });
    const owner = await this.codes.redeem(canonical.value, anonymousUserId);
    if (!owner.ok) return err(REFUSALS[owner.error]);
    return ok({ anonymousUserId: owner.value, tokens: await this.credits.balance(owner.value) });
  }

  /**
   * A fresh recovery code to show the buyer after a confirmed purchase (the payments capability
   * calls this, or the browser through POST /api/recovery-code). Earlier codes stay valid until
   * they expire, are used on another device or are revoked.
   */
  async recoveryCodeFor(anonymousUserId: AnonymousId, clientKey: string): Promise<Result<IssuedRecoveryCode, RecoveryFailure>> {
    const limited = await this.limit([`recovery-code:${anonymousUserId}`, CODES_PER_DEVICE], [`recovery-code:client:${clientKey}`, CODES_PER_CLIENT]);
    if (limited) return err(limited);
    const code = await this.codes.issue(anonymousUserId, recoveryCodeExpiry(this.clock.now(), this.codeDays));
    return code === null ? err({ code: 'no_purchase' }) : ok(code);
  }

  /** The holder revokes their codes still in force (or just `typedCode`): how many were revoked. */
  async revoke(anonymousUserId: AnonymousId, typedCode: string | null, clientKey: string): Promise<Result<number, RecoveryFailure>> {
    const limited = await this.limit([`recovery-code:${anonymousUserId}`, CODES_PER_DEVICE], [`recovery-code:client:${clientKey}`, CODES_PER_CLIENT]);
    if (limited) return err(limited);
    if (typedCode === null) return ok(await this.codes.revoke(anonymousUserId, null));
    const canonical = normalizeRecoveryCode(typedCode);
    if (!canonical.ok) return err({ code: 'invalid_code' });
    return ok(await this.codes.revoke(anonymousUserId, canonical.value));
  }

  /** Counts a hit on every key (per device, per client address); the first one over its limit refuses. */
  private async limit(...keys: readonly (readonly [string, RateLimit])[]): Promise<RecoveryFailure | null> {
    for (const [key, limit] of keys) {
      const decision = await this.limiter.hit(key, limit);
      if (!decision.allowed) return { code: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
    }
    return null;
  }
}
