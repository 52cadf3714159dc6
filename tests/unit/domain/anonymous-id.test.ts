import { describe, expect, it } from 'vitest';
import { isUuid, parseAnonymousUserId } from '../../../domain/anonymous-id';

describe('anonymous user id', () => {
  it('accepts a UUID and returns it in lowercase', () => {
    expect(parseAnonymousUserId(' 3F2B8A4E-8A1B-4C3D-9E0F-123456789ABC ')).toEqual({ ok: true, value: '3f2b8a4e-8a1b-4c3d-9e0f-123456789abc' });
    expect(isUuid('3f2b8a4e-8a1b-4c3d-9e0f-123456789abc')).toBe(true);
  });

  it.each([undefined, null, 42, '', 'abc', '3f2b8a4e-8a1b-4c3d-9e0f-123456789ab', '3f2b8a4e8a1b4c3d9e0f123456789abc', "'; drop table x; --", '3f2b8a4e-8a1b-4c3d-9e0f-123456789abcd'])(
    'refuses %j',
    (value) => {
      expect(parseAnonymousUserId(value)).toEqual({ ok: false, error: 'anonymousUserId must be a UUID' });
    },
  );
});
