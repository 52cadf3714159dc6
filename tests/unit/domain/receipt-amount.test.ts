import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trailingAmount } from '../../../domain/scanning/receipt-amount';

describe('trailingAmount', () => {
  it.each([
    ['CHEESE START £5.95', 595, 'CHEESE START'],
    ['Lobster Tail 38.00', 3800, 'Lobster Tail'],
    ['Subtotal 290,00', 29000, 'Subtotal'],
    ['TOTAL SO FAR £70 .65', 7065, 'TOTAL SO FAR'],
    ['Tax $2, 03', 203, 'Tax'],
    ['Gourmet Society 502 £-14.30', -1430, 'Gourmet Society 502'],
    ['Voucher 5.00-', -500, 'Voucher'],
    ['-£1.50', -150, ''],
    ['Wine 1,234.50', 123450, 'Wine'],
    ['Nasi Goreng 60.000', 6000000, 'Nasi Goreng'],
    ['Coke £2.95 A', 295, 'Coke'],
    ['Skewer Lamb £5.25    7', 525, 'Skewer Lamb'],
    ['Mineral Water 2.50 2.80 8', 280, 'Mineral Water 2.50'],
    ['Total 12.50 EUR', 1250, 'Total'],
  ])('%s → %i pence', (line, amount, before) => {
    expect(trailingAmount(line)).toMatchObject({ pence: amount, before });
  });

  it('reads a 5 that OCR turned into $ or S when no digit is left', () => {
    expect(trailingAmount('Fachinger natur $.30')?.pence).toBe(530);
    expect(trailingAmount('Fachinger natur S.30')?.pence).toBe(530);
    expect(trailingAmount('BB SAVINGS.60')?.pence).not.toBe(560);
  });

  it('reads cents printed without a leading 0, as US receipts do', () => {
    expect(trailingAmount('1ZAPPS REGULAR 2Z .99B')).toMatchObject({ pence: 99, before: '1ZAPPS REGULAR 2Z' });
    expect(trailingAmount('CHANGE .18')?.pence).toBe(18);
    expect(trailingAmount('Coupon -.50')?.pence).toBe(-50);
  });

  it('puts back a decimal point lost after a pound sign', () => {
    expect(trailingAmount('River Wild £ 2200')?.pence).toBe(2200);
  });

  it.each(['Table 13', 'Tel: 0121 454 5368', '22-11-2014 20:21', 'Thank you!', '', 'Order 44076'])('finds no amount in %j', (line) => {
    expect(trailingAmount(line)).toBeNull();
  });

  it('reads back any amount printed with a pound sign, a dollar sign or none', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_99, max: 99_999_99 }), fc.constantFrom('£', '$', ''), (amount, sign) => {
        const abs = Math.abs(amount);
        const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
        const line = `Some Dish ${amount < 0 ? '-' : ''}${sign}${text}`;
        expect(trailingAmount(line)?.pence).toBe(amount);
      }),
    );
  });
});
