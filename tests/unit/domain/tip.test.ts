import { describe, expect, it } from 'vitest';
import { minorUnits } from '../../../domain/money';
import { readTipAmount, readTipPercent, TIP_INPUT_MESSAGES, tipFromAmount, tipFromPercent, tipPercentOf } from '../../../domain/tip';
import { defaultTipPercent } from '../../../domain/tip-default';
import { GBP } from '../../../domain/currency';

describe('tip', () => {
  it('takes a percentage of the subtotal, rounded to pence', () => {
    expect(tipFromPercent(minorUnits(1198), 10)).toBe(120);
    expect(tipFromPercent(minorUnits(1005), 12.5)).toBe(126);
    expect(tipFromPercent(minorUnits(999), 0)).toBe(0);
  });

  it('clamps the percentage to 0–100 and to steps of 0.1', () => {
    expect(tipFromPercent(minorUnits(1000), 150)).toBe(1000);
    expect(tipFromPercent(minorUnits(1000), -5)).toBe(0);
    expect(tipFromPercent(minorUnits(1000), 12.34)).toBe(123);
  });

  it('reads an amount in pounds, never negative', () => {
    expect(tipFromAmount(2.5, GBP)).toBe(250);
    expect(tipFromAmount(-1, GBP)).toBe(0);
    expect(tipFromAmount(Number.NaN, GBP)).toBe(0);
  });

  it('reports the tip as a percentage of the subtotal', () => {
    expect(tipPercentOf(minorUnits(150), minorUnits(1000))).toBe(15);
    expect(tipPercentOf(minorUnits(150), minorUnits(0))).toBe(0);
  });

  it('starts at no extra tip when the bill has a service charge, else at the documents’ 10%', () => {
    expect(defaultTipPercent(true)).toBe(0);
    expect(defaultTipPercent(false)).toBe(10);
  });

  it('refuses a typed percentage outside 0–100 or not a number, instead of quietly charging another figure', () => {
    expect(readTipPercent('12.5')).toEqual({ ok: true, percent: 12.5 });
    expect(readTipPercent('100')).toEqual({ ok: true, percent: 100 });
    for (const text of ['150', '-3', '', 'abc', 'Infinity']) expect(readTipPercent(text)).toEqual({ ok: false, message: TIP_INPUT_MESSAGES.percent });
  });

  it('refuses a negative or non-numeric amount, instead of charging £0.00', () => {
    expect(readTipAmount('2.50', GBP)).toEqual({ ok: true, pence: 250 });
    expect(readTipAmount('£3', GBP)).toEqual({ ok: true, pence: 300 });
    expect(readTipAmount('0', GBP)).toEqual({ ok: true, pence: 0 });
    for (const text of ['-3', '', 'ten', '1e9']) expect(readTipAmount(text, GBP)).toEqual({ ok: false, message: 'Enter an amount of £0.00 or more.' });
  });
});
