import { parseReceiptText } from '../../domain/receipt-parser';
import { reconcile } from '../../domain/receipt-reconcile';
import type { ReceiptReading } from '../../domain/receipt-line';
import { err, ok, type Result } from '../../domain/result';
import type { ReadFailure, ReceiptImage, ReceiptReader } from '../../ports/receipt-reader';
import { rereadAmounts } from './amount-rereading';
import { prepareBlackAndWhite, prepareForOcr } from './prepare-image';
import { TesseractPool, type OcrEngine } from './tesseract-pool';

/**
 * Under this mean word confidence the page was mostly misread (measured on the benchmark: the good
 * readings score 45–90, the garbled ones 20–45), so it is read again in black and white and the
 * more confident reading kept.
 */
const RETRY_BELOW_CONFIDENCE = 45;

/** Reads receipts on this server: image preparation, tesseract OCR, then the domain's line parser. */
export class LocalReceiptReader implements ReceiptReader {
  constructor(private readonly pool: OcrEngine = new TesseractPool()) {}

  async read(image: ReceiptImage, signal?: AbortSignal): Promise<Result<ReceiptReading, ReadFailure>> {
    if (signal?.aborted) return err('timeout');
    let prepared: Buffer;
    try {
      prepared = await prepareForOcr(image.bytes);
    } catch {
      // The bytes passed the type check but do not decode: nothing readable in them.
      return ok({ lines: [], totalPence: null });
    }
    let page = await this.pool.recognise(prepared);
    if (signal?.aborted) return err('timeout');
    if (page.confidence < RETRY_BELOW_CONFIDENCE) {
      const blackAndWhite = await prepareBlackAndWhite(image.bytes);
      const second = await this.pool.recognise(blackAndWhite);
      if (signal?.aborted) return err('timeout');
      if (second.confidence > page.confidence) [page, prepared] = [second, blackAndWhite];
    }
    // A reading whose lines add up to its printed total has its amounts right: no second look.
    const reading = parseReceiptText(page.text);
    if (reconcile(reading.lines, reading.totalPence).matches) return ok(reading);
    const text = await rereadAmounts(page, prepared, (crop) => this.pool.readAmount(crop));
    if (signal?.aborted) return err('timeout');
    return ok(parseReceiptText(text));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
