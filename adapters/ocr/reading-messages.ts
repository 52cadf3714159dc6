import type { ReceiptReading } from '../../domain/scanning/receipt-line';
import type { Result } from '../../domain/result';
import type { ReadFailure, ReceiptImage } from '../../ports/receipt-reader';

/** What the reader pool sends a reading worker: load the models now, one photo to read, or the word to release its models and stop. */
export type ToReadingWorker = { readonly warm: true } | { readonly read: ReceiptImage } | { readonly stop: true };

/** What a reading worker answers: warmed up, the reading's outcome, or the exception the reading threw. */
export type FromReadingWorker = { readonly warmed: true } | { readonly outcome: Result<ReceiptReading, ReadFailure> } | { readonly fault: string };
