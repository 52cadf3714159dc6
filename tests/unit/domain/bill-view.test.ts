import { describe, expect, it } from 'vitest';
import { billView } from '../../../domain/bill-view';
import { currencyCode, GBP } from '../../../domain/currency';
import { minorUnits } from '../../../domain/money';
import { evenUnitPrice } from '../../../domain/portions';
import { keepingSign, priceEditText } from '../../../domain/price-input';
import { tipSettingPence, tipSettingPercent } from '../../../domain/tip-setting';
import { aBill } from '../../support/builders';

const EUR = currencyCode('EUR')!;

describe('the one bill view the Summary and the share pages read', () => {
  it('gives the payer what the others owe, in both currencies at the rate, each adding up', () => {
    const bill = aBill().withDiners('ann', 'ben', 'cat').withItem('wine', 3001, ['ann', 'ben', 'cat']).withItem('soup', 650, ['ben']).withTip(365).inCurrency(EUR).paidBy('ann').build();
    const view = billView(bill, { payBackRate: { currency: GBP, rate: '0.86' } });
    const totals = view.seats.map((s) => s.totalPence);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(view.totalPence);
    expect(view.payer).toEqual({ seatId: 'ann', owedPence: view.totalPence - totals[0]! });
    const converted = view.converted!;
    expect(converted.currency).toBe(GBP);
    expect([...converted.totals.values()].reduce((a, b) => a + b, 0)).toBe(converted.total);
    expect(converted.payerOwed).toBe(converted.total - converted.totals.get('ann')!);
    expect(view.serviceChargePence).toBe(0);
  });

  it('lists what nobody pays and says the shares do not add up', () => {
    const view = billView(aBill().withDiners('ann').withItem('soup', 650, ['ann']).withItem('bread', 300, []).build());
    expect(view.addsUp.addsUp).toBe(false);
    expect(view.addsUp.lines.map((l) => l.itemId)).toEqual(['bread']);
    expect(view.split.unassignedPence).toBe(300);
  });
});

describe('the tip as the organiser set it', () => {
  const items = aBill().withItem('steak', 3000, []).withItem('service', 300, [], 'service').build().items;

  it('starts at no tip over a service charge, else at the documents’ 10%; a chosen percentage or amount wins', () => {
    const unchosen = { mode: 'percent' as const, percent: 10, amountText: '', chosen: false };
    expect(tipSettingPercent(unchosen, items)).toBe(0);
    expect(tipSettingPercent(unchosen, items.slice(0, 1))).toBe(10);
    expect(tipSettingPence(unchosen, items.slice(0, 1), GBP)).toBe(300);
    expect(tipSettingPence({ ...unchosen, percent: 15, chosen: true }, items, GBP)).toBe(495);
    expect(tipSettingPence({ mode: 'amount', percent: 10, amountText: '4.01', chosen: true }, items, GBP)).toBe(401);
  });
});

describe('a unit price', () => {
  it('is shown only when the price divides evenly among the units', () => {
    expect(evenUnitPrice(minorUnits(1500), 3)).toBe(500);
    expect(evenUnitPrice(minorUnits(-900), 3)).toBe(-300);
    expect(evenUnitPrice(minorUnits(1000), 3)).toBeNull();
  });
});

describe('a corrected price', () => {
  it('keeps the line’s sign', () => {
    expect(keepingSign(minorUnits(-500), minorUnits(300))).toBe(-300);
    expect(keepingSign(minorUnits(-500), minorUnits(-300))).toBe(-300);
    expect(keepingSign(minorUnits(500), minorUnits(300))).toBe(300);
  });

  it('is edited as its size: a discount’s field shows no minus', () => {
    expect(priceEditText(minorUnits(-500), GBP)).toBe('5.00');
    expect(priceEditText(minorUnits(1205), GBP)).toBe('12.05');
    expect(priceEditText(minorUnits(-1500), currencyCode('JPY')!)).toBe('1500');
  });
});
