import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalReceiptReader } from '../../adapters/ocr/local-receipt-reader';
import { decodeCtc, type CtcDecoder } from '../../adapters/ocr/ctc-decoding';
import { PaddleOcr } from '../../adapters/ocr/paddle-ocr';
import { tinyImage } from '../support/images';
import { renderReceipt } from '../support/rendered-receipt';
import { realReceiptPhoto } from '../support/shared-receipts';

const sample = realReceiptPhoto('LocalReceiptReader on a real receipt photo (the rendered receipt still runs)');

const reader = new LocalReceiptReader(new PaddleOcr({ threads: 1 }));
afterAll(() => reader.close());

describe('LocalReceiptReader (PaddleOCR through onnxruntime-node, models from npm)', () => {
  it.skipIf(sample === undefined)('reads the items, the printed total, the merchant and the date of a real receipt photo', async () => {
    const result = await reader.read({ bytes: new Uint8Array(readFileSync(sample!)), mediaType: 'image/jpeg' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const items = result.value.lines.filter((l) => l.kind === 'item');
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.map((i) => i.label)).toContain('Lobster Tail');
    expect(result.value.totalPence).toBe(31349);
    // Printed "10/21/2014": a US receipt, month first.
    expect(result.value).toMatchObject({ merchant: 'Gordon Ramsay Steak', date: '2014-10-21' });
  });

  it('reads a receipt the project renders itself: items, prices and the printed total', async () => {
    const image = await renderReceipt([
      'THE OLIVE TREE',
      '12 High Street, Bath',
      '',
      ['Margherita Pizza', '9.50'],
      ['Caesar Salad', '7.25'],
      ['Sparkling Water', '2.80'],
      ['Tiramisu', '5.95'],
      '',
      ['TOTAL', '25.50'],
    ]);
    const result = await reader.read({ bytes: new Uint8Array(image), mediaType: 'image/png' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const items = result.value.lines.filter((l) => l.kind === 'item').map((l) => [l.label, l.pricePence]);
    expect(items).toEqual([
      ['Margherita Pizza', 950],
      ['Caesar Salad', 725],
      ['Sparkling Water', 280],
      ['Tiramisu', 595],
    ]);
    expect(result.value.totalPence).toBe(2550);
    expect(result.value.merchant).toBe('THE OLIVE TREE');
  });

  it('finds nothing on a blank image', async () => {
    const result = await reader.read({ bytes: new Uint8Array(await tinyImage('png', 300, 400)), mediaType: 'image/png' });
    expect(result).toEqual({ ok: true, value: { lines: [], totalPence: null, merchant: null, date: null, currency: null } });
  });

  it('finds nothing in bytes that only look like an image', async () => {
    const result = await reader.read({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), mediaType: 'image/jpeg' });
    expect(result).toEqual({ ok: true, value: { lines: [], totalPence: null, merchant: null, date: null, currency: null } });
  });

  it('has the English recogniser read again only the boxes the first was in doubt about, for a second opinion', async () => {
    const secondReadings: string[] = [];
    // A decoder in doubt about one line: the line with "Tiramisu".
    const decoder: CtcDecoder = (first, second) => {
      const reading = decodeCtc(first);
      if (second !== undefined) secondReadings.push(decodeCtc(second).text);
      return { ...reading, doubtful: reading.text.includes('Tiramisu') };
    };
    const ocr = new PaddleOcr({ threads: 1, decoder: async () => decoder });
    try {
      const image = await renderReceipt(['THE OLIVE TREE', ['Caesar Salad', '7.25'], ['Tiramisu', '5.95'], ['TOTAL', '13.20']]);
      await ocr.read(new Uint8Array(image));
    } finally {
      await ocr.close();
    }
    expect(secondReadings).toHaveLength(1);
    expect(secondReadings[0]).toContain('Tiramisu');
  });
});
