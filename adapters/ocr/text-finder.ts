import type { PrintedWord } from '../../domain/scanning/receipt-layout';

/** What the local reader needs from an OCR engine (PaddleOCR here, a fake in tests). */
export interface TextFinder {
  /** The text on the photo with its boxes, or null when the bytes do not decode as an image. */
  read(bytes: Uint8Array): Promise<PrintedWord[] | null>;
  /** Loads the models before the first photo (the server does this as it starts). */
  warm?(): Promise<void>;
  close(): Promise<void>;
}
