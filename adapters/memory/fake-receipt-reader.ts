import { NO_HEADER, type ReceiptReading } from '../../domain/scanning/receipt-line';
import { ok, type Result } from '../../domain/result';
import type { ReadFailure, ReceiptImage, ReceiptReader } from '../../ports/receipt-reader';

/** A receipt reader that answers what the test tells it to, and remembers what it was shown. */
export class FakeReceiptReader implements ReceiptReader {
  readonly images: ReceiptImage[] = [];

  constructor(private answer: () => Promise<Result<ReceiptReading, ReadFailure>> = async () => ok({ lines: [], totalPence: null, ...NO_HEADER })) {}

  answers(answer: () => Promise<Result<ReceiptReading, ReadFailure>>): this {
    this.answer = answer;
    return this;
  }

  async read(image: ReceiptImage): Promise<Result<ReceiptReading, ReadFailure>> {
    this.images.push(image);
    return this.answer();
  }
}
