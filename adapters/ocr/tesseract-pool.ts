import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createScheduler, createWorker, OEM, PSM, type Block, type Scheduler } from 'tesseract.js';

// The English model ships in the @tesseract.js-data/eng npm package; reading it from there means
// nothing is ever downloaded (tesseract.js would otherwise fetch it from a CDN).
const require = createRequire(import.meta.url);
const ENGLISH_DATA = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface OcrWord {
  readonly text: string;
  readonly confidence: number;
  readonly box: Box;
}

/** One printed row as tesseract read it; its text keeps the column gaps between words. */
export interface OcrLine {
  readonly text: string;
  readonly words: readonly OcrWord[];
}

/** The text tesseract read on a page, row by row, and its mean word confidence (0–100). */
export interface PageText {
  readonly text: string;
  readonly confidence: number;
  readonly lines: readonly OcrLine[];
}

/** What the local reader needs from an OCR engine (tesseract here, a fake in tests). */
export interface OcrEngine {
  recognise(image: Buffer): Promise<PageText>;
  readAmount(image: Buffer): Promise<{ text: string; confidence: number }>;
  close(): Promise<void>;
}

/** Default pool size: one worker per CPU (each tesseract worker is single-threaded). */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(availableParallelism(), 4));
}

// Characters an amount is printed with: a re-read cannot turn a price into letters.
const AMOUNT_CHARACTERS = '0123456789.,£$€-';

/**
 * A pool of tesseract workers, started on first use. Each receipt goes to the next free worker.
 * PSM 6 (one uniform block) keeps a name and its price on one line, which suits receipts.
 * A second, smaller set of workers reads single amounts cut out of a page (PSM 7, digits only).
 */
export class TesseractPool implements OcrEngine {
  private pages: Promise<Scheduler> | null = null;
  private amounts: Promise<Scheduler> | null = null;

  constructor(private readonly size: number = defaultPoolSize()) {}

  async recognise(image: Buffer): Promise<PageText> {
    this.pages ??= this.startWorkers({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1' });
    const { data } = await (await this.pages).addJob('recognize', image, {}, { text: true, blocks: true });
    return { text: data.text, confidence: data.confidence, lines: linesOf(data.blocks ?? []) };
  }

  /** Reads one amount from an image of it alone; the text and its confidence. */
  async readAmount(image: Buffer): Promise<{ text: string; confidence: number }> {
    this.amounts ??= this.startWorkers({ tessedit_pageseg_mode: PSM.SINGLE_LINE, tessedit_char_whitelist: AMOUNT_CHARACTERS });
    const { data } = await (await this.amounts).addJob('recognize', image);
    return { text: data.text.trim(), confidence: data.confidence };
  }

  async close(): Promise<void> {
    const started = [this.pages, this.amounts];
    this.pages = null;
    this.amounts = null;
    await Promise.all(started.map(async (scheduler) => (await scheduler?.catch(() => null))?.terminate()));
  }

  private startWorkers(parameters: Record<string, string>): Promise<Scheduler> {
    const started = this.createScheduler(parameters);
    started.catch(() => {
      // A failed start is not kept: the next call tries again.
      if (this.pages === started) this.pages = null;
      if (this.amounts === started) this.amounts = null;
    });
    return started;
  }

  private async createScheduler(parameters: Record<string, string>): Promise<Scheduler> {
    const scheduler = createScheduler();
    const workers = await Promise.all(Array.from({ length: this.size }, () => createWorker('eng', OEM.LSTM_ONLY, { langPath: ENGLISH_DATA, gzip: true, cacheMethod: 'none' })));
    for (const worker of workers) {
      await worker.setParameters({ ...parameters, user_defined_dpi: '300' });
      scheduler.addWorker(worker);
    }
    return scheduler;
  }
}

function linesOf(blocks: readonly Block[]): OcrLine[] {
  return blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((l) => ({ text: l.text, words: l.words.map((w) => ({ text: w.text, confidence: w.confidence, box: w.bbox })) }))));
}
