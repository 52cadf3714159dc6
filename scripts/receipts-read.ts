/**
 * Reads receipt photos and prints one JSON line per image (file, merchant, date, currency and
 * whether it was only guessed from the place (`currencyDoubtful`), lines, totalPence, ms). Every line says whether it is
 * `doubtful`, and why (`doubt`: name, price or sum; domain/receipt-doubt.ts):
 *   npm run --silent receipts:read -- [--engine local|openai] <image>...
 */
import { readFile } from 'node:fs/promises';
import { lineDoubts } from '../domain/receipt-doubt';
import { fileArguments, readerFromEnvironment, receiptImage } from './receipts/engine';

const argv = process.argv.slice(2);
const files = fileArguments(argv);
if (files.length === 0) {
  console.error('usage: npm run --silent receipts:read -- [--engine local|openai] <image>...');
  process.exit(64);
}
const reader = readerFromEnvironment(argv);
let failures = 0;
for (const file of files) {
  const started = performance.now();
  const image = receiptImage(new Uint8Array(await readFile(file)));
  if (image === null) {
    failures += 1;
    console.log(JSON.stringify({ file, error: 'not a JPEG, PNG or WebP image' }));
    continue;
  }
  const reading = await reader.read(image);
  const ms = Math.round(performance.now() - started);
  if (!reading.ok) {
    failures += 1;
    console.log(JSON.stringify({ file, error: reading.error, ms }));
    continue;
  }
  const { merchant, date, currency, currencyDoubtful = false, totalPence } = reading.value;
  const doubts = lineDoubts(reading.value.lines, totalPence);
  const lines = reading.value.lines.map(({ label, pricePence, kind }, i) => ({ label, pricePence, kind, doubtful: doubts[i] !== null, ...(doubts[i] === null ? {} : { doubt: doubts[i] }) }));
  console.log(JSON.stringify({ file, merchant, date, currency, currencyDoubtful, lines, totalPence, ms }));
}
await reader.close?.();
process.exitCode = failures > 0 ? 1 : 0;
