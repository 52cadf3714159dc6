import { describe, expect, it } from 'vitest';
import { acceptDinerName, dinerColour, dinerInitial, DINER_COLOURS } from '../../../domain/diners';

describe('diner rules', () => {
  it('trims names and accepts 1 to 20 characters', () => {
    expect(acceptDinerName('  Alice ', 0)).toEqual({ ok: true, value: 'Alice' });
    expect(acceptDinerName('x'.repeat(20), 0)).toEqual({ ok: true, value: 'x'.repeat(20) });
    expect(acceptDinerName('x'.repeat(21), 0)).toEqual({ ok: false, error: 'too long' });
    expect(acceptDinerName('   ', 0)).toEqual({ ok: false, error: 'empty' });
  });

  it('seats at most 8', () => {
    expect(acceptDinerName('Ben', 7).ok).toBe(true);
    expect(acceptDinerName('Ben', 8)).toEqual({ ok: false, error: 'table full' });
  });

  it('cycles the 8 colours by position and shows the uppercase initial', () => {
    expect(new Set(DINER_COLOURS).size).toBe(8);
    expect(dinerColour(8)).toBe(dinerColour(0));
    expect(dinerColour(9)).toBe(DINER_COLOURS[1]);
    expect(dinerInitial(' émile')).toBe('É');
  });
});
