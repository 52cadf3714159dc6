// A reader pool worker script for tests: it reads a photo as one item named after its thread (so a
// test can tell workers apart), and crashes its thread mid-reading, with an exception nobody
// catches, when the photo is wider than it is tall; a square photo makes the reading throw.
import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { serveReadings } from '../../adapters/ocr/serve-readings';
import { minorUnits } from '../../domain/money';
import { ok } from '../../domain/result';

serveReadings({
  async read(image) {
    const { width, height } = await sharp(image.bytes).metadata();
    if (width > height) {
      setImmediate(() => {
        throw new Error('the reading worker fell over');
      });
      return new Promise(() => undefined);
    }
    if (width === height) throw new Error('the reading went wrong');
    return ok({ lines: [{ raw: `Soup 6.50`, label: `Soup from thread ${threadId}`, pricePence: minorUnits(650), kind: 'item' }], totalPence: null, merchant: null, date: null, currency: null });
  },
  close: async () => undefined,
});
