import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canUse, clampBillsUsed, currentCounter, daysUntilReset, londonDate, monthStart, paymentForNextScan, remainingBills, summarizeUsage } from '../../../../domain/scan-credits/freemium';

describe('freemium rules', () => {
  it('reads dates in Europe/London, whatever the instant in UTC', () => {
    expect(londonDate(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01'); // BST: already July
    expect(londonDate(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31'); // GMT: still December
    expect(monthStart(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });

  it('resets billsUsed when the stored reset date is in another month or year', () => {
    const now = new Date('2027-01-05T10:00:00Z');
    expect(currentCounter({ billsUsed: 3, lastResetDate: '2026-12-01' }, now)).toEqual({ billsUsed: 0, lastResetDate: '2027-01-01' });
    expect(currentCounter({ billsUsed: 2, lastResetDate: '2026-01-01' }, now)).toEqual({ billsUsed: 0, lastResetDate: '2027-01-01' });
    expect(currentCounter({ billsUsed: 2, lastResetDate: '2027-01-01' }, now)).toEqual({ billsUsed: 2, lastResetDate: '2027-01-01' });
    expect(currentCounter(null, now)).toEqual({ billsUsed: 0, lastResetDate: '2027-01-01' });
  });

  it('clamps billsUsed to 0..3', () => {
    expect([-2, 0, 2, 3, 7, Number.NaN, 2.7].map(clampBillsUsed)).toEqual([0, 0, 2, 3, 3, 0, 2]);
    expect(currentCounter({ billsUsed: 9, lastResetDate: '2026-11-01' }, new Date('2026-11-22T12:00:00Z')).billsUsed).toBe(3);
  });

  it('counts the days to the first day of the month after the last reset date', () => {
    expect(daysUntilReset('2026-11-01', new Date('2026-11-22T12:00:00Z'))).toBe(9);
    expect(daysUntilReset('2026-11-01', new Date('2026-11-30T23:59:00Z'))).toBe(1);
    expect(daysUntilReset('2026-12-01', new Date('2026-12-01T00:00:00Z'))).toBe(31);
    expect(daysUntilReset('2026-02-01', new Date('2026-02-01T09:00:00Z'))).toBe(28);
    expect(daysUntilReset('2026-03-01', new Date('2026-03-29T12:00:00Z'))).toBe(3); // across the clock change
  });

  it('may be used while a free bill remains or a token is held', () => {
    expect(canUse(0, 0)).toBe(true);
    expect(canUse(2, 0)).toBe(true);
    expect(canUse(3, 0)).toBe(false);
    expect(canUse(3, 1)).toBe(true);
  });

  it('pays a scan with a free bill first, then a token, else refuses', () => {
    expect(paymentForNextScan(2, 5)).toBe('free bill');
    expect(paymentForNextScan(3, 5)).toBe('token');
    expect(paymentForNextScan(3, 0)).toBeNull();
  });

  it('the badge shows free bills left plus tokens', () => {
    expect(remainingBills({ billsUsed: 1, maxFreeBills: 3, tokens: 4 })).toBe(6);
    expect(remainingBills({ billsUsed: 3, maxFreeBills: 3, tokens: 0 })).toBe(0);
  });

  it('a summary is consistent for any counter, balance and instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 10 }), fc.nat(100), fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }), (used, tokens, now) => {
        const s = summarizeUsage({ billsUsed: used, lastResetDate: monthStart(now) }, tokens, now);
        expect(s.billsUsed).toBeGreaterThanOrEqual(0);
        expect(s.billsUsed).toBeLessThanOrEqual(s.maxFreeBills);
        expect(s.canUse).toBe(s.billsUsed < 3 || tokens > 0);
        expect(s.daysUntilReset).toBeGreaterThanOrEqual(1);
        expect(s.daysUntilReset).toBeLessThanOrEqual(31);
        expect(s.lastResetDate).toMatch(/^\d{4}-\d{2}-01$/);
      }),
    );
  });
});
