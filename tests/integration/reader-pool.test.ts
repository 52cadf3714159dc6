import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryDailyQuotas } from '../../adapters/memory/memory-daily-quotas';
import { MemoryScanCredits } from '../../adapters/memory/memory-scan-credits';
import { MemoryRateLimiter } from '../../adapters/memory/memory-rate-limiter';
import { LocalReceiptReader } from '../../adapters/ocr/local-receipt-reader';
import { PaddleOcr } from '../../adapters/ocr/paddle-ocr';
import { ReaderPool, type ReaderPoolOptions } from '../../adapters/ocr/reader-pool';
import type { ReceiptReader } from '../../ports/receipt-reader';
import { AnalyzeReceipt, DEFAULT_ANALYZE_LIMITS } from '../../src/application/scanning/analyze-receipt';
import { readingWorkerScript } from '../../src/server/container/reading-worker-script';
import { tinyImage } from '../support/images';
import { RecordingLog } from '../support/log';
import { aNamedAnonymousId } from '../support/builders';

const clock = { now: () => new Date('2026-11-22T12:00:00Z') };
const CRASHING_WORKER = { url: new URL('../support/crashing-reading-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
const RECEIPTS = join(import.meta.dirname, '..', '..', '..', 'shared', 'receipts', 'wildreceipt');
const receipt = existsSync(RECEIPTS) ? readdirSync(RECEIPTS).find((f) => f.startsWith('wr11_') && !f.endsWith('.json')) : undefined;

const pools: ReaderPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(options: Partial<ReaderPoolOptions> = {}): ReaderPool {
  const made = new ReaderPool({ script: CRASHING_WORKER, workers: 1, threadsPerWorker: 1, readingsPerWorker: 100, memoryGrowthBytes: 1024 ** 3, ...options });
  pools.push(made);
  return made;
}

const photo = async () => ({ bytes: new Uint8Array(await tinyImage('png', 40, 60)), mediaType: 'image/png' as const });
/** The thread that read a photo, as the test worker names it. */
async function readerThread(reader: ReceiptReader): Promise<string> {
  const read = await reader.read(await photo());
  if (!read.ok) throw new Error(`reading failed: ${read.error}`);
  return read.value.lines[0]!.label;
}

const DEVICE = aNamedAnonymousId('device-1');

describe('ReaderPool: the local reader in worker threads', () => {
  it('fails and refunds only the scan whose worker crashed mid-reading; the next scan is read by a new worker', async () => {
    const metering = new MemoryScanCredits(clock);
    const scanning = new AnalyzeReceipt(pool(), metering, new MemoryRateLimiter(clock), DEFAULT_ANALYZE_LIMITS, new RecordingLog(), new MemoryDailyQuotas(), clock);
    // The test worker crashes on a landscape photo.
    const scan = async (width: number, height: number) => scanning.scan({ image: new Uint8Array(await tinyImage('png', width, height)), anonymousUserId: DEVICE, clientIp: '10.0.0.1' });
    const freeBillsLeft = async () => {
      const usage = await metering.usageFor(DEVICE);
      return usage.maxFreeBills - usage.billsUsed;
    };

    const crashed = await scan(60, 40);
    expect(crashed).toEqual({ ok: false, error: { code: 'read_failed' } });
    expect(await freeBillsLeft()).toBe(3);

    const next = await scan(40, 60);
    expect(next).toMatchObject({ ok: true, value: { paidWith: 'free bill', reading: { lines: [{ pricePence: 650 }] } } });
    expect(await freeBillsLeft()).toBe(2);
  });

  it('fails a reading that threw in its worker, and reads the next one in a new worker', async () => {
    const reader = pool();
    const before = await readerThread(reader);
    await expect(reader.read({ bytes: new Uint8Array(await tinyImage('png', 50, 50)), mediaType: 'image/png' })).rejects.toThrow(/the reading went wrong/);
    expect(await readerThread(reader)).not.toBe(before);
  });

  it('replaces a worker after its share of readings, and once memory has grown under it', async () => {
    const counted = pool({ readingsPerWorker: 2 });
    const [first, second, third] = [await readerThread(counted), await readerThread(counted), await readerThread(counted)];
    expect(second).toBe(first);
    expect(third).not.toBe(first);

    // 100 MB after each worker's first reading, then 150, 250, ...: replaced when 100 MB over its first.
    const memory = [100, 150, 250, 300, 330];
    const growing = pool({ memoryGrowthBytes: 100, residentMemory: () => memory.shift()! });
    const threads = [];
    for (let i = 0; i < 5; i++) threads.push(await readerThread(growing));
    expect(threads[1]).toBe(threads[0]);
    expect(threads[2]).toBe(threads[0]); // grown by 150: replaced after this reading
    expect(threads[3]).not.toBe(threads[0]);
    expect(threads[4]).toBe(threads[3]); // 30 over the new worker's first reading
  });

  it('reads more photos than one worker reads before it is replaced, in a process nothing else keeps alive (as receipts:read runs)', async () => {
    // Before, the third reading waited for the replaced worker's exit with nothing holding the process open: exit 13.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'support', 'read-many-photos.ts'), '7', '2']);
    const threads = stdout
      .trim()
      .split('\n')
      .map((line) => line.replace(/^\d+ /, ''));
    expect(threads).toHaveLength(7);
    expect(new Set(threads).size).toBe(4);
  });

  it('reads the rendered receipt with the real reading worker three times over two workers, in such a process', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'support', 'read-many-photos.ts'), '3', '2', 'real']);
    expect(stdout.trim().split('\n')).toEqual(['1 Caesar Salad, Tiramisu, TOTAL', '2 Caesar Salad, Tiramisu, TOTAL', '3 Caesar Salad, Tiramisu, TOTAL']);
  });

  it('warms its workers before the first photo: the models load once, and the first reading finds them ready', async () => {
    const warmed = pool();
    await warmed.warm();
    const first = await readerThread(warmed);
    expect(await readerThread(warmed)).toBe(first);
  });

  it('reads as many photos at once as it has workers, the rest waiting their turn', async () => {
    const two = pool({ workers: 2 });
    const threads = await Promise.all(Array.from({ length: 6 }, () => readerThread(two)));
    expect(new Set(threads).size).toBe(2);
  });

  it.skipIf(receipt === undefined)('reads a real receipt off the main thread: the event loop keeps turning while PaddleOCR runs', async () => {
    const image = { bytes: new Uint8Array(readFileSync(join(RECEIPTS, receipt!))), mediaType: 'image/jpeg' as const };
    const inWorkers = pool({ script: readingWorkerScript() });
    const inProcess = new LocalReceiptReader(new PaddleOcr({ threads: 1 }));
    try {
      // Counted in turns of the event loop, not in milliseconds, so a busy machine slows both alike.
      const pooled = await loopTurns(() => inWorkers.read(image));
      const inline = await loopTurns(() => inProcess.read(image));
      expect(pooled.result).toEqual(inline.result);
      expect(pooled.result).toMatchObject({ ok: true, value: { totalPence: 31349 } });
      // In the process, each model run holds the loop; in a worker, the loop keeps turning the whole time.
      expect(pooled.turns).toBeGreaterThan(5 * inline.turns);
    } finally {
      await inProcess.close();
    }
  });
});

/** How many times the event loop came round (a setImmediate chain) while `work` ran, and the work's result. */
async function loopTurns<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    turns++;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}
