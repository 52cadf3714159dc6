import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { normalizeRecoveryCode, RECOVERY_CODE_BYTES, recoveryCodeFromBytes } from '../../domain/recovery-code';
import type { Clock } from '../../ports/clock';
import type { RecoveryCodes } from '../../ports/recovery-codes';
import { TOKENS } from '../../ports/tokens';
import type { Database } from './database';

// 80 random bits make a slow password hash unnecessary: a plain SHA-256 cannot be reversed by search.
const hashOf = (canonicalCode: string) => createHash('sha256').update(canonicalCode).digest('hex');

@injectable()
export class PostgresRecoveryCodes implements RecoveryCodes {
  constructor(
    @inject(TOKENS.Database) private readonly db: Kysely<Database>,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async issue(anonymousUserId: string): Promise<string | null> {
    const purchase = await this.db.selectFrom('token_purchases').select('id').where('anonymous_user_id', '=', anonymousUserId).limit(1).executeTakeFirst();
    if (!purchase) return null;
    const code = recoveryCodeFromBytes(randomBytes(RECOVERY_CODE_BYTES));
    const canonical = normalizeRecoveryCode(code);
    if (!canonical.ok) throw new Error('a generated recovery code must be valid');
    await this.db
      .insertInto('recovery_codes')
      .values({ code_hash: hashOf(canonical.value), anonymous_user_id: anonymousUserId, created_at: this.clock.now() })
      .execute();
    return code;
  }

  async ownerOf(canonicalCode: string): Promise<string | null> {
    const row = await this.db.selectFrom('recovery_codes').select('anonymous_user_id').where('code_hash', '=', hashOf(canonicalCode)).executeTakeFirst();
    return row?.anonymous_user_id ?? null;
  }
}
