import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RECOVERY_CODE_DAYS, normalizeRecoveryCode, RECOVERY_CODE_ALPHABET, recoveryCodeExpiry, recoveryCodeFromBytes, redemptionOf } from '../../../../domain/scan-credits/recovery-code';

describe('recovery codes', () => {
  it('formats 80 bits as four groups of four symbols', () => {
    expect(recoveryCodeFromBytes(new Uint8Array(10))).toBe('0000-0000-0000-0000');
    expect(recoveryCodeFromBytes(new Uint8Array(10).fill(255))).toBe('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(RECOVERY_CODE_ALPHABET).toHaveLength(32);
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('distinct bytes give distinct codes (the encoding loses no bit)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 10, maxLength: 10 }), fc.uint8Array({ minLength: 10, maxLength: 10 }), (a, b) => {
        const same = a.every((x, i) => x === b[i]);
        expect(recoveryCodeFromBytes(a) === recoveryCodeFromBytes(b)).toBe(same);
      }),
    );
  });

  it('reads back what a person typed: any case, spaces or dashes, look-alike letters', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 10, maxLength: 10 }), (bytes) => {
        const code = recoveryCodeFromBytes(bytes);
        expect(normalizeRecoveryCode(` ${code.toLowerCase().replace(/-/g, ' ')} `)).toEqual({ ok: true, value: code.replace(/-/g, '') });
      }),
    );
    expect(normalizeRecoveryCode('oooo-iiii-llll-0000')).toEqual({ ok: true, value: '0000111111110000' });
  });

  it.each(['', 'ABCD-EFGH-JKMN', 'ABCD-EFGH-JKMN-PQRS-T', 'ABCD-EFGH-JKMN-PQR!', 'UUUU-UUUU-UUUU-UUUU'])('refuses %j', (typed) => {
    expect(normalizeRecoveryCode(typed).ok).toBe(false);
  });
});

describe('redeeming a recovery code', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const code = { ownerId: 'owner', expiresAt: new Date('2027-11-24T12:00:00Z'), redeemedBy: null, revokedAt: null };

  it('works once on another device, again for that device, always for the owner', () => {
    expect(redemptionOf(code, 'other', now)).toEqual({ ok: true, value: 'first' });
    expect(redemptionOf({ ...code, redeemedBy: 'other' }, 'other', now)).toEqual({ ok: true, value: 'again' });
    expect(redemptionOf({ ...code, redeemedBy: 'other' }, 'third', now)).toEqual({ ok: false, error: 'used' });
    expect(redemptionOf({ ...code, redeemedBy: 'other' }, 'owner', now)).toEqual({ ok: true, value: 'owner' });
  });

  it('refuses a revoked or expired code, even to its owner', () => {
    expect(redemptionOf({ ...code, revokedAt: now }, 'owner', now)).toEqual({ ok: false, error: 'revoked' });
    expect(redemptionOf(code, 'owner', code.expiresAt)).toEqual({ ok: false, error: 'expired' });
    expect(redemptionOf(code, 'owner', new Date(code.expiresAt.getTime() - 1))).toEqual({ ok: true, value: 'owner' });
  });

  it('expires the configured number of days after issue', () => {
    expect(recoveryCodeExpiry(now, DEFAULT_RECOVERY_CODE_DAYS)).toEqual(new Date('2027-11-24T12:00:00Z'));
  });
});
