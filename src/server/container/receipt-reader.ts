import { availableParallelism } from 'node:os';
import { ReaderPool } from '../../../adapters/ocr/reader-pool';
import { OpenAiReceiptReader } from '../../../adapters/openai/openai-receipt-reader';
import type { ReceiptReader } from '../../../ports/receipt-reader';
import type { Config } from '../config';
import { readingWorkerScript } from './reading-worker-script';

/**
 * A worker's models and buffers go after this many readings, whatever a long run may leak; a new
 * worker loads its models in about a second, so this costs a fraction of a percent of reading time.
 */
const READINGS_PER_WORKER = 200;
/**
 * A worker is replaced once the process has grown this much since its first reading: with the
 * server at 0.8–1.0 GB once a worker is warm (PGlite included), a leak in reading cannot take it
 * far past 1.2 GB.
 */
const MEMORY_GROWTH_BYTES = 256 * 1024 * 1024;

/** The receipt reader RECEIPT_ENGINE asks for; the CLI overrides the engine. */
export function createReceiptReader(config: Pick<Config, 'receiptEngine' | 'receiptReaders' | 'openai'>): ReceiptReader & { close?(): Promise<void> } {
  if (config.receiptEngine === 'openai') return new OpenAiReceiptReader(config.openai);
  return new ReaderPool({
    script: readingWorkerScript(),
    workers: config.receiptReaders,
    // The workers share the cores the event loop leaves them.
    threadsPerWorker: Math.max(1, Math.floor((availableParallelism() - 1) / config.receiptReaders)),
    readingsPerWorker: READINGS_PER_WORKER,
    memoryGrowthBytes: MEMORY_GROWTH_BYTES,
  });
}
