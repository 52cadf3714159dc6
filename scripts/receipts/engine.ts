import { readConfig } from '../../src/server/config';
import { createReceiptReader } from '../../src/server/container/receipt-reader';
import type { ReceiptImage } from '../../ports/receipt-reader';
import { imageTypeOf } from '../../domain/image-upload';

/** The reader the server would use (RECEIPT_ENGINE and friends), or the one `--engine` names. */
export function readerFromEnvironment(argv: readonly string[]) {
  const at = argv.indexOf('--engine');
  const engine = at >= 0 ? argv[at + 1] : undefined;
  if (engine !== undefined && engine !== 'local' && engine !== 'openai') throw new Error(`--engine must be local or openai, not ${engine}`);
  const result = readConfig(engine ? { ...process.env, RECEIPT_ENGINE: engine } : process.env);
  if (!result.ok) throw new Error(`invalid configuration:\n  ${result.problems.join('\n  ')}`);
  return createReceiptReader(result.config);
}

/** Files named on the command line, without the options. */
export function fileArguments(argv: readonly string[]): string[] {
  return argv.filter((arg, i) => !arg.startsWith('--') && argv[i - 1] !== '--engine' && argv[i - 1] !== '--dir');
}

export function receiptImage(bytes: Uint8Array): ReceiptImage | null {
  const mediaType = imageTypeOf(bytes);
  return mediaType === null ? null : { bytes, mediaType };
}
