import { aPacket, type BillSketch } from '../../support/share-packets';
import { storedReceiptOf } from '../../support/stored-receipts';
import { describe, expect, it } from 'vitest';
import { exportBill } from '../../../domain/export';
import { receiptIdFor } from '../../../domain/receipt';
import { aReceipt, EXPORT_STAMP } from '../../support/receipts';

describe('receipt validation, on a shared link and a stored receipt alike', () => {
  const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
  const problemOf = (request: BillSketch) => {
    const shared = aPacket(request, 0);
    // As POST /api/receipts takes it: the documents' body, lines with no kind of their own.
    const stored = storedReceiptOf(
      { diners: [...request.diners], tipPence: request.tipPence, items: request.items.map(({ name, pricePence, assignedTo }) => ({ name, pricePence, assignedTo: [...assignedTo] })) },
      random,
    );
    expect(shared.ok ? null : shared.error).toBe(stored.ok ? null : stored.error);
    return shared.ok ? null : shared.error;
  };
  const alice = [{ id: 'a', name: 'Alice' }];

  it('accepts a complete receipt, a discount included', () => {
    expect(
      problemOf({
        diners: alice,
        items: [
          { name: 'Pizza', pricePence: 899, assignedTo: ['a'] },
          { name: 'Voucher', pricePence: -899, assignedTo: ['a'] },
        ],
        tipPence: 0,
      }),
    ).toBeNull();
  });

  it('refuses with the documents’ messages: no items, no diners, a negative subtotal, a negative tip', () => {
    const pizza = [{ name: 'Pizza', pricePence: 899, assignedTo: ['a'] }];
    expect(problemOf({ diners: alice, items: [], tipPence: 0 })).toBe('No items in receipt');
    expect(problemOf({ diners: [], items: pizza.map((i) => ({ ...i, assignedTo: [] })), tipPence: 0 })).toBe('No diners specified');
    expect(problemOf({ diners: alice, items: [...pizza, { name: 'Voucher', pricePence: -900, assignedTo: ['a'] }], tipPence: 0 })).toBe('Subtotal cannot be negative');
    expect(problemOf({ diners: alice, items: pizza, tipPence: -5 })).toBe('Tip cannot be negative');
  });
});

describe('export', () => {
  const receipt = aReceipt()
    .withDiner('a', 'Alice')
    .withDiner('b', 'Ben')
    .withItem('Pizza, large', 899, ['a'])
    .withItem('Wine', 1000, ['a', 'b'])
    .withItem('=HYPERLINK("x")', 100)
    .withTip(200)
    .build();

  it('writes csv with the documents’ columns and rows', () => {
    const file = exportBill(receipt, EXPORT_STAMP, 'csv');
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    expect(file.value.content.split('\r\n')).toEqual([
      'Item,Price,Assigned To,Share Amount',
      '"Pizza, large",8.99,Alice,8.99',
      'Wine,10.00,"Alice, Ben","5.00, 5.00"',
      `"'=HYPERLINK(""x"")",1.00,Unassigned,`,
      'Subtotal,19.99,,',
      'Tip,2.00,,',
      'Total,21.99,,',
      '',
    ]);
  });

  it('gives each diner’s share of a line as the summary splits it, to the penny', () => {
    const three = aReceipt()
      .withDiner('a', 'Alice')
      .withDiner('b', 'Ben')
      .withDiner('c', 'Cat')
      .withItem('Wine', 1000, ['a', 'b', 'c'])
      .withPortionedItem('Peroni', 1650, { by: 'units', quantity: 3, counts: { a: 2, c: 1 } })
      .build();
    const file = exportBill(three, EXPORT_STAMP, 'csv');
    if (!file.ok) throw new Error(file.error);
    expect(file.value.content.split('\r\n').slice(1, 3)).toEqual(['Wine,10.00,"Alice, Ben, Cat","3.34, 3.33, 3.33"', 'Peroni,16.50,"Alice, Cat","11.00, 5.50"']);
  });

  it('writes json whose diner totals add up to the total less unassigned items', () => {
    const file = exportBill(receipt, EXPORT_STAMP, 'json');
    if (!file.ok) throw new Error(file.error);
    const parsed = JSON.parse(file.value.content) as { diners: { totalPence: number }[]; totalPence: number };
    expect(parsed.diners.reduce((a, d) => a + d.totalPence, 0)).toBe(parsed.totalPence - 100);
  });

  it('refuses other formats with the documents’ message', () => {
    expect(exportBill(receipt, EXPORT_STAMP, 'pdf')).toEqual({ ok: false, error: 'Unsupported export format: pdf' });
  });
});

describe('receipt ids', () => {
  it('are receipt_{time}_{six characters}', () => {
    expect(receiptIdFor(new Date(1_700_000_000_000), new Uint8Array([0, 1, 2, 35, 36, 255]))).toBe('receipt_1700000000000_abc9ad');
  });
});
