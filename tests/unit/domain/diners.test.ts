import { describe, expect, it } from 'vitest';
import { acceptDinerName, dinerColour, sameDinerName, dinerInitial, DINER_COLOURS } from '../../../domain/diners';

describe('diner rules', () => {
  it('trims names and accepts 1 to 20 characters', () => {
    expect(acceptDinerName('  Alice ', [])).toEqual({ ok: true, value: 'Alice' });
    expect(acceptDinerName('x'.repeat(20), [])).toEqual({ ok: true, value: 'x'.repeat(20) });
    expect(acceptDinerName('x'.repeat(21), [])).toEqual({ ok: false, error: 'too long' });
    expect(acceptDinerName('   ', [])).toEqual({ ok: false, error: 'empty' });
  });

  it('seats at most 8', () => {
    const seven = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    expect(acceptDinerName('Ben', seven).ok).toBe(true);
    expect(acceptDinerName('Ben', [...seven, 'Gus'])).toEqual({ ok: false, error: 'table full' });
  });

  it('refuses a name already at the table, whatever its case and spaces', () => {
    expect(acceptDinerName('Cat', ['Alex', 'Cat'])).toEqual({ ok: false, error: 'taken' });
    expect(acceptDinerName(' cAT ', ['Cat'])).toEqual({ ok: false, error: 'taken' });
    expect(acceptDinerName('Mary Ann', ['maryann'])).toEqual({ ok: false, error: 'taken' });
    expect(acceptDinerName('Cath', ['Cat'])).toEqual({ ok: true, value: 'Cath' });
    expect(sameDinerName('Ben', 'Ben ')).toBe(true);
    expect(sameDinerName('Ben', 'Benn')).toBe(false);
  });

  it('cycles the 8 colours by position and shows the uppercase initial', () => {
    expect(new Set(DINER_COLOURS).size).toBe(8);
    expect(dinerColour(8)).toBe(dinerColour(0));
    expect(dinerColour(9)).toBe(DINER_COLOURS[1]);
    expect(dinerInitial(' émile')).toBe('É');
  });
});
