import type { ReceiptReading } from '../../domain/scanning/receipt-line';
import { err, type Result } from '../../domain/result';
import type { ReadFailure, ReceiptImage, ReceiptReader } from '../../ports/receipt-reader';
import { PooledWorker, type PooledWorkerOptions } from './pooled-worker';

export interface ReaderPoolOptions extends Omit<PooledWorkerOptions, 'residentMemory'> {
  /** Worker threads, each reading one photo at a time. */
  readonly workers: number;
  /** The process's resident memory in bytes (tests pass their own). */
  readonly residentMemory?: () => number;
}

/**
 * The local reader run in a pool of worker threads (the reading-worker.ts script), so that
 * onnxruntime's synchronous model runs never hold up the server's event loop. The scanning use
 * case's bounded queue runs at most as many readings as there are workers; a reading beyond that
 * (a script calling it directly) waits here for a free worker.
 */
export class ReaderPool implements ReceiptReader {
  private readonly workers: PooledWorker[];
  private readonly idle: PooledWorker[];
  private readonly waiting: ((worker: PooledWorker) => void)[] = [];

  constructor(options: ReaderPoolOptions) {
    const perWorker = { ...options, residentMemory: options.residentMemory ?? (() => process.memoryUsage.rss()) };
    this.workers = Array.from({ length: options.workers }, () => new PooledWorker(perWorker));
    this.idle = [...this.workers];
  }

  async read(image: ReceiptImage, signal?: AbortSignal): Promise<Result<ReceiptReading, ReadFailure>> {
    if (signal?.aborted) return err('timeout');
    const worker = this.idle.pop() ?? (await new Promise<PooledWorker>((take) => this.waiting.push(take)));
    try {
      return await worker.read(image);
    } finally {
      const next = this.waiting.shift();
      if (next) next(worker);
      else this.idle.push(worker);
    }
  }

  /** Starts every worker and resolves once each has loaded its models (the server does this as it starts). */
  async warm(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.warm()));
  }

  /** Stops every worker (their models released); a later reading starts them again. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
