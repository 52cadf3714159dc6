import { parentPort } from 'node:worker_threads';
import type { ReceiptImage, ReceiptReader } from '../../ports/receipt-reader';
import type { FromReadingWorker, ToReadingWorker } from './reading-messages';

/**
 * A worker thread's side of the reader pool (reader-pool.ts): reads each photo the pool sends with
 * the reader it is given, one at a time, and on `stop` releases the reader and lets the thread end.
 */
export function serveReadings(reader: ReceiptReader & { close(): Promise<void> }): void {
  const pool = parentPort;
  if (pool === null) throw new Error('serveReadings runs in a worker thread');
  pool.on('message', (message: ToReadingWorker) => {
    if ('stop' in message) void reader.close().finally(() => pool.close());
    // A warm-up that fails leaves the failure to the first reading, which reports it.
    else if ('warm' in message) void (reader.warm?.() ?? Promise.resolve()).catch(() => undefined).then(() => pool.postMessage({ warmed: true } satisfies FromReadingWorker));
    else void answer(reader, message.read).then((reply) => pool.postMessage(reply));
  });
}

async function answer(reader: ReceiptReader, image: ReceiptImage): Promise<FromReadingWorker> {
  try {
    return { outcome: await reader.read(image) };
  } catch (error) {
    return { fault: error instanceof Error ? error.message : String(error) };
  }
}
