import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TextFinder } from '../../adapters/ocr/text-finder';
import type { PrintedWord } from '../../domain/scanning/receipt-layout';

/**
 * A TextFinder that keeps what the OCR found per image on disk, so parser changes can be measured
 * without reading every photo again. Entries are keyed by the image's bytes and a fingerprint of
 * the OCR's settings (the source of the OCR adapter), so changing the OCR never reuses old output.
 * For the benchmark only: timings measured through a warm cache are the parser's, not the reader's.
 */
export class CachedTextFinder implements TextFinder {
  constructor(
    private readonly inner: TextFinder,
    private readonly dir: string,
    private readonly fingerprint: string,
  ) {}

  async read(bytes: Uint8Array): Promise<PrintedWord[] | null> {
    const key = createHash('sha256').update(this.fingerprint).update(bytes).digest('hex').slice(0, 32);
    const file = join(this.dir, `${key}.json`);
    const cached = await readFile(file, 'utf8').catch(() => null);
    if (cached !== null) return JSON.parse(cached) as PrintedWord[] | null;
    const words = await this.inner.read(bytes);
    await mkdir(this.dir, { recursive: true });
    await writeFile(file, JSON.stringify(words));
    return words;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** A fingerprint of the OCR's settings: the adapter's source files and anything the environment tunes. */
export async function ocrFingerprint(files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) hash.update(await readFile(file));
  for (const [name, value] of Object.entries(process.env).sort()) if (name.startsWith('PADDLE_')) hash.update(`${name}=${value}`);
  return hash.digest('hex');
}
