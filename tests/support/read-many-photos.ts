// Reads `count` photos one after another through a reader pool whose worker is replaced every
// `share` readings, in a process that nothing else keeps alive (as `receipts:read` runs), and prints
// one line per reading. With `real`, the pool runs the real reading worker on the project's rendered
// receipt; otherwise the test worker on a blank photo. Used by the reader pool's tests as a child process.
import { ReaderPool } from '../../adapters/ocr/reader-pool';
import { readingWorkerScript } from '../../src/server/container/reading-worker-script';
import { tinyImage } from './images';
import { renderReceipt } from './rendered-receipt';

const [count, share] = process.argv.slice(2, 4).map(Number) as [number, number];
const real = process.argv[4] === 'real';
const pool = new ReaderPool({
  script: real ? readingWorkerScript() : { url: new URL('./crashing-reading-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] },
  workers: 1,
  threadsPerWorker: 1,
  readingsPerWorker: share,
  memoryGrowthBytes: 1024 ** 3,
});
const bytes = real ? await renderReceipt(['THE OLIVE TREE', ['Caesar Salad', '7.25'], ['Tiramisu', '5.95'], ['TOTAL', '13.20']]) : await tinyImage('png', 40, 60);
const photo = { bytes: new Uint8Array(bytes), mediaType: 'image/png' as const };
for (let n = 1; n <= count; n++) {
  const read = await pool.read(photo);
  console.log(`${n} ${read.ok ? read.value.lines.map((l) => l.label).join(', ') : read.error}`);
}
await pool.close();
