import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createScheduler, createWorker, OEM, PSM, type Scheduler } from 'tesseract.js';

// The English model ships in the @tesseract.js-data/eng npm package; reading it from there means
// nothing is ever downloaded (tesseract.js would otherwise fetch it from a CDN).
const require = createRequire(import.meta.url);
const ENGLISH_DATA = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** The text tesseract read on a page, and its mean word confidence (0–100). */
export interface PageText {
  readonly text: string;
  readonly confidence: number;
}

/** Default pool size: one worker per CPU (each tesseract worker is single-threaded). */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(availableParallelism(), 4));
}

/**
 * A pool of tesseract workers, started on first use. Each receipt goes to the next free worker.
 * PSM 6 (one uniform block) keeps a name and its price on one line, which suits receipts.
 */
export class TesseractPool {
  private scheduler: Promise<Scheduler> | null = null;

  constructor(private readonly size: number = defaultPoolSize()) {}

  async recognise(image: Buffer): Promise<PageText> {
    const scheduler = await this.start();
    const { data } = await scheduler.addJob('recognize', image);
    return { text: data.text, confidence: data.confidence };
  }

  async close(): Promise<void> {
    const starting = this.scheduler;
    this.scheduler = null;
    if (starting) await (await starting).terminate();
  }

  private start(): Promise<Scheduler> {
    this.scheduler ??= this.startWorkers().catch((error: unknown) => {
      this.scheduler = null;
      throw error;
    });
    return this.scheduler;
  }

  private async startWorkers(): Promise<Scheduler> {
    const scheduler = createScheduler();
    const workers = await Promise.all(
      Array.from({ length: this.size }, () => createWorker('eng', OEM.LSTM_ONLY, { langPath: ENGLISH_DATA, gzip: true, cacheMethod: 'none' })),
    );
    for (const worker of workers) {
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1', user_defined_dpi: '300' });
      scheduler.addWorker(worker);
    }
    return scheduler;
  }
}
