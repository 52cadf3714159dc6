import { Worker } from 'node:worker_threads';
import type { ReceiptReading } from '../../domain/scanning/receipt-line';
import type { Result } from '../../domain/result';
import type { ReadFailure, ReceiptImage } from '../../ports/receipt-reader';
import type { FromReadingWorker, ToReadingWorker } from './reading-messages';
import type { ReadingWorkerData } from './reading-worker';

/**
 * The reading worker's JavaScript heap. Its tensors and decoded photos live outside the heap and are
 * freed only when the heap is collected, which V8 puts off while a heap far below its default
 * limit grows: with this bound the server held 940 MiB after 61 readings instead of 1199 (256 MiB:
 * 1115), at the same reading time. A worker that outgrows it fails that one reading, refunded.
 */
const WORKER_HEAP_MIB = 128;
/** A worker thread's script: the built file, or TypeScript source with the loader that runs it. */
export interface WorkerScript {
  readonly url: URL;
  readonly execArgv: readonly string[];
}

export interface PooledWorkerOptions {
  readonly script: WorkerScript;
  /** CPU threads the worker's models may use. */
  readonly threadsPerWorker: number;
  /** The worker is replaced after this many readings (whatever a long run leaks goes with it)... */
  readonly readingsPerWorker: number;
  /**
   * ...or once the process's resident memory has grown by more than this since the worker's first
   * reading (its models loaded). Not a ceiling on the whole process: memory a worker frees stays
   * with the process (the allocator keeps it for the next worker), so a rule on the total would
   * replace the worker after every reading once the total is high, without lowering it.
   */
  readonly memoryGrowthBytes: number;
  readonly residentMemory: () => number;
}

/** A stopped worker that has not exited this long after `stop` is terminated. */
const STOP_GRACE_MS = 5_000;

/**
 * One place in the reader pool: a worker thread started on the first reading, replaced after a
 * crash, after its share of readings, or when memory grows under it. It reads one photo at a time (the
 * pool sees to that). A replacement starts only once the thread before it has exited, so two copies
 * of the models are never in memory for one place.
 */
export class PooledWorker {
  private thread: Worker | null = null;
  private readings = 0;
  /** Resident memory after the thread's first reading. */
  private warmedAt = 0;
  /** Settles when the last thread started has exited. */
  private exited: Promise<void> = Promise.resolve();
  /** Settles when the current thread has loaded its models (or failed to). */
  private warmed: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: PooledWorkerOptions) {}

  /** The reading's outcome; rejects when the thread crashed or exited mid-reading (that reading alone fails). */
  async read(image: ReceiptImage): Promise<Result<ReceiptReading, ReadFailure>> {
    this.closed = false;
    const thread = await this.started();
    // An idle thread must not keep the process alive; one that is reading must.
    thread.ref();
    try {
      const outcome = await replyOf(thread, image);
      const memory = this.options.residentMemory();
      this.readings += 1;
      if (this.readings === 1) this.warmedAt = memory;
      if (this.readings >= this.options.readingsPerWorker || memory - this.warmedAt > this.options.memoryGrowthBytes) this.replace();
      return outcome;
    } catch (failure) {
      // A thread that crashed is ending; one whose reading threw may hold broken state. Either way
      // it is replaced.
      if (this.thread === thread) this.replace();
      throw failure;
    } finally {
      // A thread still in place goes back to idle; one going away stays held (stop) until it has exited.
      if (this.thread === thread) thread.unref();
    }
  }

  /** Starts the thread, if none runs, and resolves once its models are loaded and have read once. */
  async warm(): Promise<void> {
    this.closed = false;
    await this.started();
    await this.warmed;
  }

  /** Asks the thread to release its models and end; resolves once it has. A later reading or warm-up starts another. */
  close(): Promise<void> {
    this.closed = true;
    return this.stop();
  }

  /**
   * Stops the thread and, once it has exited, starts and warms the next at once, so the next
   * reading finds a worker ready rather than waiting for one to go and another to load.
   */
  private replace(): void {
    void this.stop().then(() => (this.closed || this.thread !== null ? undefined : this.warm().catch(() => undefined)));
  }

  private stop(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    if (thread !== null) {
      thread.ref(); // whoever awaits the stop is kept waiting for it
      thread.postMessage({ stop: true } satisfies ToReadingWorker);
      setTimeout(() => void thread.terminate(), STOP_GRACE_MS).unref();
    }
    return this.exited;
  }

  private async started(): Promise<Worker> {
    if (this.thread !== null) return this.thread;
    await this.exited;
    // A warm-up and a reading may both have waited for the same exit: the first starts the thread.
    if (this.thread !== null) return this.thread;
    const thread = new Worker(this.options.script.url, {
      workerData: { threads: this.options.threadsPerWorker } satisfies ReadingWorkerData,
      execArgv: [...this.options.script.execArgv],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MIB },
    });
    thread.unref();
    // A crash is the reading's failure (replyOf), never an unhandled 'error' event that ends the process.
    thread.on('error', () => undefined);
    this.exited = new Promise((done) =>
      thread.once('exit', () => {
        if (this.thread === thread) this.thread = null;
        done();
      }),
    );
    this.warmed = warmedOf(thread);
    this.thread = thread;
    this.readings = 0;
    return thread;
  }
}

/** Asks a new thread to load its models and read once; settles when it has, or has ended (a reading then fails as it would). */
function warmedOf(thread: Worker): Promise<void> {
  return new Promise((done) => {
    const settle = () => {
      thread.off('message', onMessage);
      thread.off('exit', settle);
      done();
    };
    const onMessage = (reply: FromReadingWorker) => {
      if ('warmed' in reply) settle();
    };
    thread.on('message', onMessage).once('exit', settle);
    thread.postMessage({ warm: true } satisfies ToReadingWorker);
  });
}

function replyOf(thread: Worker, image: ReceiptImage): Promise<Result<ReceiptReading, ReadFailure>> {
  return new Promise((resolve, reject) => {
    const done = () => {
      thread.off('message', onMessage);
      thread.off('error', onError);
      thread.off('exit', onExit);
    };
    const onMessage = (reply: FromReadingWorker) => {
      if ('warmed' in reply) return;
      done();
      if ('fault' in reply) reject(new Error(`receipt reading failed in its worker: ${reply.fault}`));
      else resolve(reply.outcome);
    };
    const onError = (error: Error) => {
      done();
      reject(new Error('the receipt reading worker crashed mid-reading', { cause: error }));
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`the receipt reading worker exited mid-reading (code ${code})`));
    };
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    thread.postMessage({ read: { bytes: image.bytes, mediaType: image.mediaType } } satisfies ToReadingWorker);
  });
}
