import { describe, expect, it } from 'vitest';
import { pence } from '../../../domain/money';
import { tipFromAmount, tipFromPercent, tipPercentOf } from '../../../domain/tip';

describe('tip', () => {
  it('takes a percentage of the subtotal, rounded to pence', () => {
    expect(tipFromPercent(pence(1198), 10)).toBe(120);
    expect(tipFromPercent(pence(1005), 12.5)).toBe(126);
    expect(tipFromPercent(pence(999), 0)).toBe(0);
  });

  it('clamps the percentage to 0–100 and to steps of 0.1', () => {
    expect(tipFromPercent(pence(1000), 150)).toBe(1000);
    expect(tipFromPercent(pence(1000), -5)).toBe(0);
    expect(tipFromPercent(pence(1000), 12.34)).toBe(123);
  });

  it('reads an amount in pounds, never negative', () => {
    expect(tipFromAmount(2.5)).toBe(250);
    expect(tipFromAmount(-1)).toBe(0);
    expect(tipFromAmount(Number.NaN)).toBe(0);
  });

  it('reports the tip as a percentage of the subtotal', () => {
    expect(tipPercentOf(pence(150), pence(1000))).toBe(15);
    expect(tipPercentOf(pence(150), pence(0))).toBe(0);
  });
});
