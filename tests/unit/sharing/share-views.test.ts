import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aPacket, billOf } from '../../support/share-packets';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey } from '../../../adapters/crypto/signing-key-file';
import { packetView, dinerShareData, parseDinerShareData } from '../../../domain/sharing/packet-view';
import { shareSummary, shareText } from '../../../domain/sharing/share-text';
import { aReceipt, EXPORT_STAMP } from '../../support/receipts';
import { exportBill } from '../../../domain/export';
import { GBP } from '../../../domain/currency';
import { billSplit } from '../../../domain/bill';

const bill = {
  currency: GBP,
  diners: [
    { id: 'a', name: 'Alice' },
    { id: 'b', name: 'Ben' },
  ],
  items: [
    { name: 'Pizza', pricePence: 899, assignedTo: ['a'] },
    { name: 'Wine', pricePence: 2001, assignedTo: ['a', 'b'] },
  ],
  tipPence: 301,
};

// Wine 2001 / 2: Alice 1001, Ben 1000; tip 301 / 2: the odd penny to Ben, who is below his exact share.
describe('share dialog summary and text', () => {
  it('summarises one diner (items, total with tip) or the whole bill', () => {
    expect(shareSummary(billOf(bill), 'b')).toEqual({
      ok: true,
      value: { kind: 'individual', currency: 'GBP', dinerName: 'Ben', itemCount: 1, items: [{ name: 'Wine', sharePence: 1000 }], tipPence: 151, totalPence: 1151 },
    });
    expect(shareSummary(billOf(bill), null)).toEqual({
      ok: true,
      value: {
        kind: 'complete',
        currency: 'GBP',
        totalPence: 3201,
        people: 2,
        items: 2,
        tipPercent: 10.4,
        amounts: [
          { name: 'Alice', totalPence: 2050 },
          { name: 'Ben', totalPence: 1151 },
        ],
      },
    });
    expect(shareSummary(billOf(bill), 'zed')).toEqual({ ok: false, error: 'Selected diner not found' });
  });

  it('puts the amounts and the link in the text', () => {
    const s = shareSummary(billOf(bill), 'a');
    if (!s.ok) throw new Error(s.error);
    const text = shareText(s.value, 'https://x/b/T');
    expect(text).toContain('• Wine: £10.01');
    expect(text).toContain('Total: £20.50');
    expect(text.endsWith('https://x/b/T')).toBe(true);
  });

  it('never lists whoever paid the bill as owing: they are owed the others’ shares', () => {
    const s = shareSummary(billOf({ ...bill, payerId: 'a' }), null);
    if (!s.ok) throw new Error(s.error);
    const text = shareText(s.value, 'https://x/b/T');
    expect(text).toContain('• Alice paid the bill · owed £11.51');
    expect(text).not.toContain('• Alice: ');
    expect(text).toContain('• Ben: £11.51');
  });
});

describe('share text of a bill paid back in pounds at a rate', () => {
  it('gives every amount in both currencies, the shares adding up in pounds, and says the rate', () => {
    const euros = billOf({ ...bill, currency: 'EUR' });
    const whole = shareSummary(euros, null, '0.86');
    if (!whole.ok) throw new Error(whole.error);
    const text = shareText(whole.value, 'https://x/b/T');
    // €32.01 at 0.86 is £27.53; Alice €20.50 → £17.63, Ben €11.51 → £9.90 (£9.8986 rounds up: the shares add up to £27.53).
    expect(text).toContain('Total: €32.01 (£27.53)');
    expect(text).toContain('• Alice: €20.50 (£17.63)');
    expect(text).toContain('• Ben: €11.51 (£9.90)');
    expect(text).toContain('Paid back in GBP at 1 EUR = £0.86');
    const ben = shareSummary(euros, 'b', '0.86');
    if (!ben.ok) throw new Error(ben.error);
    const own = shareText(ben.value, 'https://x/b/T');
    expect(own).toContain('• Wine: €10.00 (£8.60)');
    expect(own).toContain('Total: €11.51 (£9.90)');
    expect(own).toContain('Paid back in GBP at 1 EUR = £0.86');
  });
});

describe('bill views from a packet', () => {
  it('gives every seat its items, tip share and total, summing to the bill', () => {
    const packet = aPacket(bill, 0);
    if (!packet.ok) throw new Error(packet.error);
    const view = packetView(packet.value);
    // Alice takes the odd penny of the wine, so Ben takes the odd penny of the tip.
    expect(view.seats.map((s) => s.totalPence)).toEqual([899 + 1001 + 150, 1000 + 151]);
    expect(view.seats.reduce((a, s) => a + s.totalPence, 0)).toBe(view.totalPence);
    expect(view.seats[1]!.items).toEqual([{ itemId: '1', name: 'Wine', pricePence: 2001, sharePence: 1000, sharedWith: 2, sharedNames: ['Alice', 'Ben'] }]);
    expect(parseDinerShareData(JSON.parse(JSON.stringify(dinerShareData(view, view.seats[0]!))))).toEqual(dinerShareData(view, view.seats[0]!));
  });

  it('names the bill and says what the payer is owed: the Grand Total less their own share', () => {
    const packet = aPacket({ ...bill, name: 'The Olive Tree · 25 Nov 2026', payerId: 'b' }, 0);
    if (!packet.ok) throw new Error(packet.error);
    const view = packetView(packet.value);
    expect(view.name).toBe('The Olive Tree · 25 Nov 2026');
    expect(view.payer).toEqual({ seatId: '2', owedPence: 2050 });
    expect(view.payer!.owedPence + view.seats[1]!.totalPence).toBe(view.totalPence);
    const unnamed = aPacket(bill, 0);
    expect(unnamed.ok && packetView(unnamed.value)).toMatchObject({ name: null, payer: null });
  });

  it('picks the seat a page shows on its own: the link’s diner, else the only seat with items', () => {
    const forBen = aPacket({ ...bill, dinerId: 'b' }, 0);
    const whole = aPacket(bill, 0);
    const aliceAlone = aPacket({ ...bill, items: [bill.items[0]!] }, 0);
    if (!forBen.ok || !whole.ok || !aliceAlone.ok) throw new Error('packet refused');
    expect([packetView(forBen.value).singleSeatId, packetView(whole.value).singleSeatId, packetView(aliceAlone.value).singleSeatId]).toEqual(['2', null, '1']);
  });

  it('says in pounds what the payer of a euro bill is owed: the converted total less their converted share', () => {
    const packet = aPacket({ ...bill, currency: 'EUR', payBackRate: '0.8571', payerId: 'a' }, 0);
    if (!packet.ok) throw new Error(packet.error);
    const converted = packetView(packet.value).converted!;
    expect(converted.currency).toBe('GBP');
    expect(converted.payerOwed).toBe(converted.total - converted.totals.get('1')!);
    expect(converted.payerOwed).toBe(converted.totals.get('2'));
  });

  it('gives a diner page of a bill paid back in pounds what to pay in pounds, and the payer what they are owed, surviving session storage', () => {
    const packet = aPacket({ ...bill, currency: 'EUR', payBackRate: '0.8571', payerId: 'a' }, 0);
    if (!packet.ok) throw new Error(packet.error);
    const view = packetView(packet.value);
    const [alice, ben] = [dinerShareData(view, view.seats[0]!), dinerShareData(view, view.seats[1]!)];
    expect(ben).toMatchObject({ payee: 'Alice', payBack: { currency: 'GBP', total: view.converted!.totals.get('2') } });
    expect(alice).toMatchObject({ owed: view.payer!.owedPence, payBack: { currency: 'GBP', owed: view.converted!.payerOwed } });
    for (const data of [alice, ben]) expect(parseDinerShareData(JSON.parse(JSON.stringify(data)))).toEqual(data);
  });

  it('shares the tip by what each had when the link says so, still summing to the bill', () => {
    const packet = aPacket({ ...bill, tipSplit: 'proportional' }, 0);
    if (!packet.ok) throw new Error(packet.error);
    const view = packetView(packet.value);
    // Alice had £18.995 of £29.00, Ben £10.005: tip 301 → 197.16 and 103.84, the odd penny to Ben.
    expect(view.seats.map((s) => s.tipPence)).toEqual([197, 104]);
    expect(view.seats.map((s) => s.totalPence)).toEqual([899 + 1001 + 197, 1000 + 104]);
    expect(view.seats.reduce((a, s) => a + s.totalPence, 0)).toBe(view.totalPence);
    expect(shareSummary(billOf({ ...bill, tipSplit: 'proportional' }), 'b')).toMatchObject({ ok: true, value: { tipPence: 104, totalPence: 1104 } });
  });

  it('splits a service charge and a discount on a link exactly as the summary does', () => {
    const withKinds = {
      diners: [...bill.diners, { id: 'c', name: 'Cat' }],
      items: [...bill.items, { name: 'Service Charge', pricePence: 455, kind: 'service' as const, assignedTo: [] }, { name: 'Voucher', pricePence: -500, assignedTo: [] }],
      tipPence: 301,
    };
    const packet = aPacket(withKinds, 0);
    if (!packet.ok) throw new Error(packet.error);
    const summary = billSplit(billOf(withKinds));
    const view = packetView(packet.value);
    expect(view.seats.map((s) => s.totalPence)).toEqual(summary.shares.map((s) => s.totalPence));
    // The service charge falls on Alice and Ben, who had items; Cat gets only her share of the voucher and tip.
    expect(summary.shares[2]!.servicePence).toBe(0);
    expect(view.totalPence).toBe(2001 + 899 + 455 - 500 + 301);
    // Unassigned, they still say whom they are split between (the share page lists these names).
    const line = (seat: number, name: string) => view.seats[seat]!.items.find((i) => i.name === name);
    expect(line(0, 'Service Charge')?.sharedNames).toEqual(['Alice', 'Ben']);
    expect(line(2, 'Voucher')?.sharedNames).toEqual(['Alice', 'Ben', 'Cat']);
    expect(line(1, 'Wine')?.sharedNames).toEqual(['Alice', 'Ben']);
  });

  it('rejects diner data without a name, items or a numeric total', () => {
    for (const bad of [
      null,
      'x',
      { dinerItems: [], total: 1 },
      { dinerName: 'A', total: 1 },
      { dinerName: 'A', dinerItems: [], total: '1' },
      { dinerName: 'A', dinerItems: [{ name: 'x', price: 1, shareCount: 0 }], total: 1 },
    ])
      expect(parseDinerShareData(bad)).toBeNull();
  });
});

describe('the generated signing key', () => {
  it('is created once with mode 0600 and reused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wp-key-'));
    const first = await loadOrCreateSigningKey(dir);
    const again = await loadOrCreateSigningKey(dir);
    expect(again).toEqual(first);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect((await stat(join(dir, 'share-signing-key.json'))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(join(dir, 'share-signing-key.json'), 'utf8'))).toEqual(first);
  });
});

describe('export downloads', () => {
  it('turn the shared bill into the documents’ csv and refuse other formats', () => {
    const receipt = aReceipt().withDiner('a', 'Alice').withDiner('b', 'Ben').withItem('Pizza', 899, ['a']).withItem('Wine', 2001, ['a', 'b']).withTip(301).build();
    const csv = exportBill(receipt, EXPORT_STAMP, 'csv');
    expect(csv.ok && csv.value.content.split('\r\n')[0]).toBe('Item,Price,Assigned To,Share Amount');
    expect(csv.ok && csv.value.content).toContain('Total,32.01');
    expect(exportBill(receipt, EXPORT_STAMP, 'pdf')).toEqual({ ok: false, error: 'Unsupported export format: pdf' });
  });
});
