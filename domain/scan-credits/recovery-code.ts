import { err, ok, type Result } from '../result';

// Recovery codes restore a balance on another device. 16 symbols from
// Crockford's base-32 alphabet carry 80 random bits: unguessable even without the rate limit.
// The alphabet leaves out I, L, O and U, so a code read aloud or copied by hand survives; when
// typed back, look-alikes are mapped (O→0, I/L→1), case and separators are ignored.

export const RECOVERY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECOVERY_CODE_LENGTH = 16;
/** Random bytes needed for one code (5 bits per symbol). */
export const RECOVERY_CODE_BYTES = (RECOVERY_CODE_LENGTH * 5) / 8;

export const INVALID_RECOVERY_CODE_MESSAGE = 'A recovery code has 16 letters and digits, like ABCD-EFGH-JKMN-PQRS.';

/** Formats 10 random bytes as XXXX-XXXX-XXXX-XXXX. */
export function recoveryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== RECOVERY_CODE_BYTES) throw new RangeError(`A recovery code needs ${RECOVERY_CODE_BYTES} random bytes`);
  let bits = 0;
  let value = 0;
  let symbols = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      symbols += RECOVERY_CODE_ALPHABET[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return symbols.match(/.{4}/g)!.join('-');
}

/** What a person typed, in canonical form (16 symbols, no separators), or why it cannot be a code. */
export function normalizeRecoveryCode(typed: string): Result<string, typeof INVALID_RECOVERY_CODE_MESSAGE> {
  const symbols = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (symbols.length !== RECOVERY_CODE_LENGTH || [...symbols].some((c) => !RECOVERY_CODE_ALPHABET.includes(c))) return err(INVALID_RECOVERY_CODE_MESSAGE);
  return ok(symbols);
}

/** How long a new code stays usable unless configured otherwise. */
export const DEFAULT_RECOVERY_CODE_DAYS = 365;

/** Why a well-formed code cannot be redeemed; the edge maps each to a status and one of the texts below. */
export type RecoveryCodeRefusal = 'unknown' | 'expired' | 'used' | 'revoked';

export const RECOVERY_CODE_REFUSAL_MESSAGES: Record<RecoveryCodeRefusal, string> = {
  unknown: 'That recovery code was not found. Check it and try again.',
  expired: 'That recovery code has expired.',
  used: 'That recovery code has already been used on another device.',
  revoked: 'That recovery code was revoked.',
};

/** A stored code, as far as redeeming it is concerned. */
export interface RecoveryCodeRecord {
  readonly ownerId: string;
  readonly expiresAt: Date;
  /** The other device that redeemed it, once it has been. */
  readonly redeemedBy: string | null;
  readonly revokedAt: Date | null;
}

/**
 * Whether `redeemer` may take the owner's identity with this code at `now`. A code works once on
 * another device: `first` marks it used by that device; the same device asking again (its answer
 * lost on the way) gets `again`; the owner's own device uses it freely and never spends it.
 */
export function redemptionOf(record: RecoveryCodeRecord, redeemer: string, now: Date): Result<'owner' | 'first' | 'again', RecoveryCodeRefusal> {
  if (record.revokedAt !== null) return err('revoked');
  if (now.getTime() >= record.expiresAt.getTime()) return err('expired');
  if (redeemer === record.ownerId) return ok('owner');
  if (record.redeemedBy === null) return ok('first');
  return record.redeemedBy === redeemer ? ok('again') : err('used');
}

/** When a code issued at `issuedAt` stops working. */
export function recoveryCodeExpiry(issuedAt: Date, validForDays: number): Date {
  return new Date(issuedAt.getTime() + validForDays * 24 * 60 * 60 * 1000);
}
