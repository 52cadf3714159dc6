import { describe, expect, it } from 'vitest';
import { LocalReceiptReader } from '../../../adapters/ocr/local-receipt-reader';
import type { OcrEngine, PageText } from '../../../adapters/ocr/tesseract-pool';
import { tinyImage } from '../../support/images';

/** An OCR engine that reads the given pages in turn and counts its calls. */
function engineReading(...pages: PageText[]) {
  const calls = { pages: 0, amounts: 0 };
  const engine: OcrEngine = {
    recognise: async () => pages[calls.pages++]!,
    readAmount: async () => {
      calls.amounts += 1;
      return { text: '4.00', confidence: 90 };
    },
    close: async () => undefined,
  };
  return { engine, calls };
}

const page = (text: string, confidence: number): PageText => ({ text, confidence, lines: [{ text, words: [] }] });
const box = { x0: 10, y0: 10, x1: 60, y1: 30 };
const image = async () => ({ bytes: new Uint8Array(await tinyImage('png', 300, 400)), mediaType: 'image/png' as const });

describe('LocalReceiptReader', () => {
  it('reads a garbled page again in black and white and keeps the more confident reading', async () => {
    const { engine, calls } = engineReading(page('Gu1nnes Pie 1A.5O\n', 30), page('Guinness Pie 14.50\nTOTAL 14.50\n', 71));
    const result = await new LocalReceiptReader(engine).read({ bytes: new Uint8Array(await tinyImage('png', 300, 400)), mediaType: 'image/png' });
    expect(calls.pages).toBe(2);
    expect(result.ok && result.value.totalPence).toBe(1450);
  });

  it('keeps the first reading when the second is no more confident', async () => {
    const { engine } = engineReading(page('Soup 4.00\nTOTAL 4.00\n', 40), page('S0up\n', 20));
    const result = await new LocalReceiptReader(engine).read({ bytes: new Uint8Array(await tinyImage('png', 300, 400)), mediaType: 'image/png' });
    expect(result.ok && result.value.totalPence).toBe(400);
  });

  it('reads doubtful amounts again when the lines do not add up to the total, and not when they do', async () => {
    const text = 'Soup 4.60\nTOTAL 4.00\n';
    const doubtful: PageText = {
      text,
      confidence: 80,
      lines: [
        {
          text: 'Soup 4.60\n',
          words: [
            { text: 'Soup', confidence: 90, box },
            { text: '4.60', confidence: 50, box },
          ],
        },
        { text: 'TOTAL 4.00\n', words: [] },
      ],
    };
    const wrong = engineReading(doubtful);
    const result = await new LocalReceiptReader(wrong.engine).read(await image());
    expect(wrong.calls.amounts).toBe(1);
    expect(result.ok && result.value.lines[0]?.pricePence).toBe(400);

    const adding = engineReading({ ...doubtful, text: 'Soup 4.00\nTOTAL 4.00\n' });
    await new LocalReceiptReader(adding.engine).read(await image());
    expect(adding.calls.amounts).toBe(0);
  });

  it('reads a confident page once', async () => {
    const { engine, calls } = engineReading(page('Soup 4.00\nTOTAL 4.00\n', 80));
    await new LocalReceiptReader(engine).read({ bytes: new Uint8Array(await tinyImage('png', 300, 400)), mediaType: 'image/png' });
    expect(calls.pages).toBe(1);
  });
});
