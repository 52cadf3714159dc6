import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeRecoveryCode, RECOVERY_CODE_ALPHABET, recoveryCodeFromBytes } from '../../../domain/recovery-code';

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
