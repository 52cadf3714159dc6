import { rowsOf } from '../../domain/receipt-layout';
import { NO_HEADER, type ReceiptReading } from '../../domain/receipt-line';
import { withMisreadWordsFixed } from '../../domain/misread-words';
import { parseReceiptText } from '../../domain/receipt-parser';
import { err, ok, type Result } from '../../domain/result';
import type { ReadFailure, ReceiptImage, ReceiptReader } from '../../ports/receipt-reader';
import { englishWordRanks } from './english-words';
import { PaddleOcr } from './paddle-ocr';
import type { TextFinder } from './text-finder';

const NOTHING_READ: ReceiptReading = { lines: [], totalPence: null, ...NO_HEADER };

/**
 * Reads receipts on this server: PaddleOCR finds the text and its boxes, the boxes are laid back
 * out as printed rows (receipt-layout), the domain's parser prices them, and item names have the
 * recogniser's usual misreadings put right against an English word list (misread-words).
 */
export class LocalReceiptReader implements ReceiptReader {
  // Loading the word list takes about a second: begun with the reader, not on its first receipt.
  private readonly wordRanks = englishWordRanks();

  constructor(private readonly ocr: TextFinder = new PaddleOcr()) {}

  async read(image: ReceiptImage, signal?: AbortSignal): Promise<Result<ReceiptReading, ReadFailure>> {
    if (signal?.aborted) return err('timeout');
    const words = await this.ocr.read(image.bytes);
    if (signal?.aborted) return err('timeout');
    // The bytes passed the type check but do not decode: nothing readable in them.
    if (words === null) return ok(NOTHING_READ);
    return ok(withMisreadWordsFixed(parseReceiptText(rowsOf(words).join('\n')), await this.wordRanks));
  }

  close(): Promise<void> {
    return this.ocr.close();
  }
}
