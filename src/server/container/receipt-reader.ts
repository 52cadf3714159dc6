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

/**
 * CPU threads each reader's models may use: the cores shared among the readers, the event loop's
 * core included. The threads sleep between operations rather than spin (paddle-ocr.ts), so the
 * event loop gets a core whenever it asks: on 2 cores, one reader on both read a photo in 850 ms
 * against 1088 on one, with /api/health's p99 at 33 ms against 30 while two clients scanned
 * (docs/receipt-reading.md, eleventh round).
 */
export function threadsPerReader(readers: number, cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / readers));
}

/**
 * Whether this process runs with the malloc the local reader needs (package.json's
 * `config.readerMalloc`, which `npm start` and the image set): without it, on a VM, every model
 * run faults its activations in anew and a reading takes about twice as long. Only glibc reads it.
 */
export function hasReaderMalloc(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform = process.platform): boolean {
  return platform !== 'linux' || (env['GLIBC_TUNABLES'] ?? '').includes('glibc.malloc.hugetlb=1');
}

/** The receipt reader RECEIPT_ENGINE asks for; the CLI overrides the engine. */
export function createReceiptReader(config: Pick<Config, 'receiptEngine' | 'receiptReaders' | 'openai'>): ReceiptReader & { close?(): Promise<void> } {
  if (config.receiptEngine === 'openai') return new OpenAiReceiptReader(config.openai);
  return new ReaderPool({
    script: readingWorkerScript(),
    workers: config.receiptReaders,
    threadsPerWorker: threadsPerReader(config.receiptReaders),
    readingsPerWorker: READINGS_PER_WORKER,
    memoryGrowthBytes: MEMORY_GROWTH_BYTES,
  });
}
