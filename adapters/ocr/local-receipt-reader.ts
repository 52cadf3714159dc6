import { parseReceiptText } from '../../domain/receipt-parser';
import type { ReceiptReading } from '../../domain/receipt-line';
import { err, ok, type Result } from '../../domain/result';
import type { ReadFailure, ReceiptImage, ReceiptReader } from '../../ports/receipt-reader';
import { prepareForOcr } from './prepare-image';
import { TesseractPool } from './tesseract-pool';

/** Reads receipts on this server: image preparation, tesseract OCR, then the domain's line parser. */
export class LocalReceiptReader implements ReceiptReader {
  constructor(private readonly pool: TesseractPool = new TesseractPool()) {}

  async read(image: ReceiptImage, signal?: AbortSignal): Promise<Result<ReceiptReading, ReadFailure>> {
    if (signal?.aborted) return err('timeout');
    let prepared: Buffer;
    try {
      prepared = await prepareForOcr(image.bytes);
    } catch {
      // The bytes passed the type check but do not decode: nothing readable in them.
      return ok({ lines: [], totalPence: null });
    }
    const text = await this.pool.recognise(prepared);
    if (signal?.aborted) return err('timeout');
    return ok(parseReceiptText(text));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
