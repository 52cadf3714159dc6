import { describe, expect, it } from 'vitest';
import { billIdOf, dinerKeyOf, liveKeyOf } from '../../../domain/bill-ids';

describe('the ids and keys a bill’s links carry', () => {
  it('takes ids and keys as the server makes them', () => {
    expect(billIdOf('gs24zsd4rez6g4')).toBe('gs24zsd4rez6g4');
    expect(dinerKeyOf('23mf282d')).toBe('23mf282d');
    expect(liveKeyOf('AbC-def_ghi0123456789xyz')).toBe('AbC-def_ghi0123456789xyz');
  });

  it('refuses anything else, before it can reach a store', () => {
    for (const bad of ['', 'A1', 'x'.repeat(41), '../etc', 'abc def', "1'--", null, 42, undefined]) expect(billIdOf(bad)).toBeNull();
    for (const bad of ['', 'UPPER', 'k'.repeat(61), 'a/b']) expect(dinerKeyOf(bad)).toBeNull();
    for (const bad of ['short', 'k'.repeat(65), 'has space in it and is long enough', 'plus+sign+is+not+url+safe+base64']) expect(liveKeyOf(bad)).toBeNull();
  });
});
