import { describe, expect, it } from 'vitest';
import { billName, chosenBillName, londonDay, nameSaysDate, shortDate } from '../../../domain/bill-name';

describe('billName', () => {
  it('names the bill by the restaurant and the date printed on the receipt', () => {
    expect(billName('The Olive Tree', '2026-11-25', '2026-11-30')).toBe('The Olive Tree · 25 Nov 2026');
  });

  it('names it by the restaurant alone when no date was read', () => {
    expect(billName('  The   Olive Tree ', null, '2026-11-30')).toBe('The Olive Tree');
  });

  it('is "Bill of" the receipt date when no restaurant was read, else of today', () => {
    expect(billName(null, '2026-11-25', '2026-11-30')).toBe('Bill of 25 Nov 2026');
    expect(billName('   ', null, '2026-11-30')).toBe('Bill of 30 Nov 2026');
    expect(billName(undefined, undefined, '2027-01-02')).toBe('Bill of 2 Jan 2027');
  });

  it('leaves out a date that is not a real one', () => {
    expect(billName('Nando’s', '2026-02-30', '2026-11-30')).toBe('Nando’s');
    expect(shortDate('25/11/2026')).toBeNull();
  });
});

describe('chosenBillName', () => {
  it('keeps what the person typed, tidied, and falls back when they cleared it', () => {
    expect(chosenBillName('  Ben’s   birthday ', 'Bill of 25 Nov 2026')).toBe('Ben’s birthday');
    expect(chosenBillName('', 'Bill of 25 Nov 2026')).toBe('Bill of 25 Nov 2026');
    expect(chosenBillName(null, 'The Olive Tree')).toBe('The Olive Tree');
    expect(chosenBillName('x'.repeat(300), 'f')).toHaveLength(80);
  });
});

describe('nameSaysDate and londonDay', () => {
  it('tells whether the name already carries the date', () => {
    expect(nameSaysDate('The Olive Tree · 25 Nov 2026', '2026-11-25')).toBe(true);
    expect(nameSaysDate('Ben’s birthday', '2026-11-25')).toBe(false);
    expect(nameSaysDate('Ben’s birthday', null)).toBe(false);
  });

  it('gives the London day, which is a day on from UTC late on a summer evening', () => {
    expect(londonDay(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(londonDay(new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-25');
  });
});
