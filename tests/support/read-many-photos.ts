// Reads `count` photos one after another through a reader pool whose worker is replaced every
// `share` readings, in a process that nothing else keeps alive (as `receipts:read` runs), and prints
// one line per reading. Used by the reader pool's tests as a child process.
import { ReaderPool } from '../../adapters/ocr/reader-pool';
import { tinyImage } from './images';

const [count, share] = process.argv.slice(2).map(Number) as [number, number];
const pool = new ReaderPool({
  script: { url: new URL('./crashing-reading-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] },
  workers: 1,
  threadsPerWorker: 1,
  readingsPerWorker: share,
  memoryGrowthBytes: 1024 ** 3,
});
const photo = { bytes: new Uint8Array(await tinyImage('png', 40, 60)), mediaType: 'image/png' as const };
for (let n = 1; n <= count; n++) {
  const read = await pool.read(photo);
  console.log(`${n} ${read.ok ? read.value.lines[0]!.label : read.error}`);
}
await pool.close();
