import { workerData } from 'node:worker_threads';
import { LocalReceiptReader } from './local-receipt-reader';
import { PaddleOcr } from './paddle-ocr';
import { serveReadings } from './serve-readings';

/** The script of a reader pool's worker thread: PaddleOCR with the CPU threads the pool gives each worker. */
export interface ReadingWorkerData {
  readonly threads: number;
}

serveReadings(new LocalReceiptReader(new PaddleOcr({ threads: (workerData as ReadingWorkerData).threads })));
