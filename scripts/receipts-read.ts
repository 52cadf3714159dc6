/**
 * Reads receipt photos in one process and prints one JSON line per image (file, merchant, date,
 * currency and whether it was only guessed from the place (`currencyDoubtful`), lines, totalPence,
 * ms). Every line says whether it is `doubtful`, and why (`doubt`: name, price, sum or line;
 * domain/scanning/receipt-doubt.ts). The median and p95 time per photo go to stderr at the end:
 *   npm run --silent receipts:read -- [--engine local|openai] <image>...
 */
import { readFile } from 'node:fs/promises';
import { lineDoubts } from '../domain/scanning/receipt-doubt';
import { fileArguments, readerFromEnvironment, receiptImage } from './receipts/engine';
import { percentile } from './receipts/score';

const argv = process.argv.slice(2);
const files = fileArguments(argv);
if (files.length === 0) {
  console.error('usage: npm run --silent receipts:read -- [--engine local|openai] <image>...');
  process.exit(64);
}
const reader = readerFromEnvironment(argv);
// As the server does when it starts: the first photo does not pay for loading the models.
await reader.warm?.();
let failures = 0;
const times: number[] = [];
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
  times.push(ms);
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
if (times.length > 0) console.error(`${times.length} photos read: median ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms`);
process.exitCode = failures > 0 ? 1 : 0;
