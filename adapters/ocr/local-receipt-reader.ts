import { withReadingDoubts } from '../../domain/scanning/receipt-doubt';
import { laidOutRows } from '../../domain/scanning/receipt-layout';
import { NO_HEADER, type ReceiptReading } from '../../domain/scanning/receipt-line';
import { parseReceiptRows } from '../../domain/scanning/receipt-parser';
import { err, ok, type Result } from '../../domain/result';
import type { ReadFailure, ReceiptImage, ReceiptReader } from '../../ports/receipt-reader';
import { PaddleOcr } from './paddle-ocr';
import type { TextFinder } from './text-finder';

const NOTHING_READ: ReceiptReading = { lines: [], totalPence: null, ...NO_HEADER };

/**
 * Reads receipts on this server: PaddleOCR finds the text and its boxes (its words read against an
 * English lexicon), the boxes are laid back out as printed rows (receipt-layout), and the domain's
 * parser prices them.
 */
export class LocalReceiptReader implements ReceiptReader {
  constructor(private readonly ocr: TextFinder = new PaddleOcr()) {}

  async read(image: ReceiptImage, signal?: AbortSignal): Promise<Result<ReceiptReading, ReadFailure>> {
    if (signal?.aborted) return err('timeout');
    const words = await this.ocr.read(image.bytes);
    if (signal?.aborted) return err('timeout');
    // The bytes passed the type check but do not decode: nothing readable in them.
    if (words === null) return ok(NOTHING_READ);
    const rows = laidOutRows(words);
    return ok(withReadingDoubts(parseReceiptRows(rows.map((row) => row.text)), rows));
  }

  async warm(): Promise<void> {
    await this.ocr.warm?.();
  }

  close(): Promise<void> {
    return this.ocr.close();
  }
}
