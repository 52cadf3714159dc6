import type { AnonymousId } from '../domain/anonymous-id';
import type { RecoveryCodeRefusal } from '../domain/scan-credits/recovery-code';
import type { Result } from '../domain/result';

export interface IssuedRecoveryCode {
  /** The code as shown, XXXX-XXXX-XXXX-XXXX. */
  readonly code: string;
  readonly expiresAt: Date;
}

/**
 * Recovery codes: a short code shown after a purchase that, typed on any
 * device, gives it the buyer's anonymous identity and so the balance. Codes are stored hashed,
 * expire, work once on another device (domain/scan-credits/recovery-code.ts `redemptionOf`) and can be revoked.
 */
export interface RecoveryCodes {
  /** A fresh code valid until `expiresAt` for a user who has a confirmed purchase (earlier codes stay valid), else null. */
  issue(anonymousUserId: AnonymousId, expiresAt: Date): Promise<IssuedRecoveryCode | null>;
  /** Redeems a canonical code (see domain/scan-credits/recovery-code.ts) for `redeemerId`: the owner's id, or why not. Atomic under concurrent redemptions. */
  redeem(canonicalCode: string, redeemerId: AnonymousId): Promise<Result<AnonymousId, RecoveryCodeRefusal>>;
  /** Revokes the owner's codes still in force (only `canonicalCode`, when given); how many were revoked. */
  revoke(ownerId: string, canonicalCode: string | null): Promise<number>;
}
