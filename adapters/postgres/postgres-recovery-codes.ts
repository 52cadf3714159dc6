import type { AnonymousId } from '../../domain/anonymous-id';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { normalizeRecoveryCode, RECOVERY_CODE_BYTES, recoveryCodeFromBytes, redemptionOf, type RecoveryCodeRefusal } from '../../domain/scan-credits/recovery-code';
import { err, ok, type Result } from '../../domain/result';
import type { Clock } from '../../ports/clock';
import type { IssuedRecoveryCode, RecoveryCodes } from '../../ports/recovery-codes';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import type { Database } from './database';

// 80 random bits make a slow password hash unnecessary: a plain SHA-256 cannot be reversed by search.
const hashOf = (canonicalCode: string) => createHash('sha256').update(canonicalCode).digest('hex');

@injectable()
export class PostgresRecoveryCodes implements RecoveryCodes {
  constructor(
    @inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>,
    @inject(INJECTION_KEYS.Clock) private readonly clock: Clock,
  ) {}

  async issue(anonymousUserId: string, expiresAt: Date): Promise<IssuedRecoveryCode | null> {
    const purchase = await this.db.selectFrom('token_purchases').select('id').where('anonymous_user_id', '=', anonymousUserId).limit(1).executeTakeFirst();
    if (!purchase) return null;
    const code = recoveryCodeFromBytes(randomBytes(RECOVERY_CODE_BYTES));
    const canonical = normalizeRecoveryCode(code);
    if (!canonical.ok) throw new Error('a generated recovery code must be valid');
    await this.db
      .insertInto('recovery_codes')
      .values({ code_hash: hashOf(canonical.value), anonymous_user_id: anonymousUserId, created_at: this.clock.now(), expires_at: expiresAt })
      .execute();
    return { code, expiresAt };
  }

  /** Under the code's row lock, so two devices redeeming one code at once cannot both have it. */
  async redeem(canonicalCode: string, redeemerId: AnonymousId): Promise<Result<AnonymousId, RecoveryCodeRefusal>> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('recovery_codes').selectAll().where('code_hash', '=', hashOf(canonicalCode)).forUpdate().executeTakeFirst();
      if (!row) return err('unknown');
      const redemption = redemptionOf({ ownerId: row.anonymous_user_id, expiresAt: row.expires_at, redeemedBy: row.redeemed_by, revokedAt: row.revoked_at }, redeemerId, now);
      if (!redemption.ok) return redemption;
      if (redemption.value === 'first') {
        await tx.updateTable('recovery_codes').set({ redeemed_by: redeemerId, redeemed_at: now }).where('code_hash', '=', row.code_hash).execute();
      }
      // Only ids parsed at the edge are ever stored.
      return ok(row.anonymous_user_id as AnonymousId);
    });
  }

  async revoke(ownerId: string, canonicalCode: string | null): Promise<number> {
    const now = this.clock.now();
    let query = this.db.updateTable('recovery_codes').set({ revoked_at: now }).where('anonymous_user_id', '=', ownerId).where('revoked_at', 'is', null).where('expires_at', '>', now);
    if (canonicalCode !== null) query = query.where('code_hash', '=', hashOf(canonicalCode));
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
