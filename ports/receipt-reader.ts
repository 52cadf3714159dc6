import type { ReceiptReading } from '../domain/scanning/receipt-line';
import type { Result } from '../domain/result';

/** An uploaded receipt photo whose type has been checked from its bytes. */
export interface ReceiptImage {
  readonly bytes: Uint8Array;
  readonly mediaType: 'image/jpeg' | 'image/png' | 'image/webp';
}

/**
 * Why a reading failed, when that is an expected outcome rather than a bug:
 * the engine was unreachable or failed, took too long, declined, or answered something unusable.
 */
export type ReadFailure = 'unavailable' | 'timeout' | 'refused' | 'malformed';

/** Reads the priced lines, and the printed total, off a receipt photo. */
export interface ReceiptReader {
  read(image: ReceiptImage, signal?: AbortSignal): Promise<Result<ReceiptReading, ReadFailure>>;
  /** Loads what reading needs (models, word lists) before the first photo, where that takes time. */
  warm?(): Promise<void>;
}
