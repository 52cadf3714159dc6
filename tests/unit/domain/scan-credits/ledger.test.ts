import { describe, expect, it } from 'vitest';
import { balanceOf, creditForPurchase, debitForScan, isWellFormed, refundForScan } from '../../../../domain/scan-credits/ledger';

describe('token ledger rules', () => {
  it('the balance is the sum of the entries', () => {
    expect(balanceOf([creditForPurchase(10), debitForScan(), debitForScan(), refundForScan()])).toBe(9);
    expect(balanceOf([])).toBe(0);
  });

  it('each kind carries its sign', () => {
    expect([creditForPurchase(5), debitForScan(), refundForScan()].every(isWellFormed)).toBe(true);
    expect(isWellFormed({ kind: 'credit', tokens: -5 })).toBe(false);
    expect(isWellFormed({ kind: 'debit', tokens: 1 })).toBe(false);
    expect(isWellFormed({ kind: 'refund', tokens: 0.5 })).toBe(false);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a credit of %d tokens', (tokens) => {
    expect(() => creditForPurchase(tokens)).toThrow(RangeError);
  });
});
