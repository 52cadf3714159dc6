import { join } from 'node:path';
import { readConfig } from '../../src/server/config';
import { createReceiptReader, threadsPerReader } from '../../src/server/container/receipt-reader';
import type { ReceiptImage } from '../../ports/receipt-reader';
import { imageTypeOf } from '../../domain/scanning/image-upload';
import { LocalReceiptReader } from '../../adapters/ocr/local-receipt-reader';
import { PaddleOcr } from '../../adapters/ocr/paddle-ocr';
import { CachedTextFinder, ocrFingerprint } from './ocr-cache';

const OPTIONS_WITH_VALUES = ['--engine', '--dir', '--only', '--half', '--ocr-cache'];

/** The reader the server would use (RECEIPT_ENGINE and friends), or the one `--engine` names. */
export function readerFromEnvironment(argv: readonly string[]) {
  return createReceiptReader(configFrom(argv));
}

function configFrom(argv: readonly string[]) {
  const at = argv.indexOf('--engine');
  const engine = at >= 0 ? argv[at + 1] : undefined;
  if (engine !== undefined && engine !== 'local' && engine !== 'openai') throw new Error(`--engine must be local or openai, not ${engine}`);
  const result = readConfig(engine ? { ...process.env, RECEIPT_ENGINE: engine } : process.env);
  if (!result.ok) throw new Error(`invalid configuration:\n  ${result.problems.join('\n  ')}`);
  return result.config;
}

/**
 * With `--ocr-cache <dir>` and the local engine, the local reader with its OCR output kept in
 * <dir> (keyed by image and OCR settings): for measuring parser changes without re-reading photos.
 */
export async function benchReader(argv: readonly string[], projectRoot: string) {
  const at = argv.indexOf('--ocr-cache');
  const config = configFrom(argv);
  if (at < 0 || config.receiptEngine !== 'local') return createReceiptReader(config);
  const sources = ['paddle-ocr.ts', 'text-boxes.ts', 'ctc-decoding.ts', 'ctc-word-search.ts', 'lexicon-decoding.ts'].map((f) => join(projectRoot, 'adapters', 'ocr', f));
  // In this process: with the OCR output cached, the parser's time is what is measured.
  return new LocalReceiptReader(new CachedTextFinder(new PaddleOcr({ threads: readingThreads(argv) }), argv[at + 1]!, await ocrFingerprint(sources)));
}

/** The CPU threads each of the server's readers gives its models, as the server would set them. */
export function readingThreads(argv: readonly string[]): number {
  return threadsPerReader(configFrom(argv).receiptReaders);
}

/** Files named on the command line, without the options. */
export function fileArguments(argv: readonly string[]): string[] {
  return argv.filter((arg, i) => !arg.startsWith('--') && !OPTIONS_WITH_VALUES.includes(argv[i - 1] ?? ''));
}

export function receiptImage(bytes: Uint8Array): ReceiptImage | null {
  const mediaType = imageTypeOf(bytes);
  return mediaType === null ? null : { bytes, mediaType };
}
