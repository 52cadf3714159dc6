import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalReceiptReader } from '../../adapters/ocr/local-receipt-reader';
import { PaddleOcr } from '../../adapters/ocr/paddle-ocr';
import { tinyImage } from '../support/images';

// Real receipts live outside the repository (never copied in); the test reads one when present.
const RECEIPTS = join(import.meta.dirname, '..', '..', '..', 'shared', 'receipts', 'wildreceipt');
const sample = existsSync(RECEIPTS) ? readdirSync(RECEIPTS).find((f) => f.startsWith('wr11_') && !f.endsWith('.json')) : undefined;

const reader = new LocalReceiptReader(new PaddleOcr({ threads: 1 }));
afterAll(() => reader.close());

describe('LocalReceiptReader (PaddleOCR through onnxruntime-node, models from npm)', () => {
  it.skipIf(sample === undefined)('reads the items, the printed total, the merchant and the date of a real receipt photo', async () => {
    const result = await reader.read({ bytes: new Uint8Array(readFileSync(join(RECEIPTS, sample!))), mediaType: 'image/jpeg' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const items = result.value.lines.filter((l) => l.kind === 'item');
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.map((i) => i.label)).toContain('Lobster Tail');
    expect(result.value.totalPence).toBe(31349);
    // Printed "10/21/2014": a US receipt, month first.
    expect(result.value).toMatchObject({ merchant: 'Gordon Ramsay Steak', date: '2014-10-21' });
  });

  it('finds nothing on a blank image', async () => {
    const result = await reader.read({ bytes: new Uint8Array(await tinyImage('png', 300, 400)), mediaType: 'image/png' });
    expect(result).toEqual({ ok: true, value: { lines: [], totalPence: null, merchant: null, date: null, currency: null } });
  });

  it('finds nothing in bytes that only look like an image', async () => {
    const result = await reader.read({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), mediaType: 'image/jpeg' });
    expect(result).toEqual({ ok: true, value: { lines: [], totalPence: null, merchant: null, date: null, currency: null } });
  });
});
