/**
 * Scores the receipt reader on the real receipts in ../shared/receipts (see its README):
 *   npm run bench:receipts [-- --engine local|openai] [--dir <receipts dir>] [--verbose]
 * Prints figures; never fails on them.
 */
import { loadavg } from 'node:os';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readerFromEnvironment, receiptImage } from './receipts/engine';
import { f1, median, scoreItems, type ItemScore, type TruthItem } from './receipts/score';
import { emitRows, say } from './bench-output.mjs';

interface Truth {
  readonly file: string;
  readonly items: readonly TruthItem[];
  readonly total: number | null;
}

const argv = process.argv.slice(2);
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dirAt = argv.indexOf('--dir');
const receiptsDir = dirAt >= 0 ? resolve(argv[dirAt + 1]!) : join(projectRoot, '..', 'shared', 'receipts');
const verbose = argv.includes('--verbose');
const FOLDERS = ['wildreceipt', 'cord', 'sroie'] as const;

const reader = readerFromEnvironment(argv);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
say(`receipts: ${receiptsDir}\nload average at start: ${load()}`);

const items: ItemScore[] = [];
const times: number[] = [];
const totals = new Map<string, { found: number; printed: number }>();
for (const folder of FOLDERS) {
  const dir = join(receiptsDir, folder);
  const truthFiles = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const tally = { found: 0, printed: 0 };
  totals.set(folder, tally);
  for (const truthFile of truthFiles) {
    const truth = JSON.parse(await readFile(join(dir, truthFile), 'utf8')) as Truth;
    const image = receiptImage(new Uint8Array(await readFile(join(dir, truth.file))));
    if (image === null) throw new Error(`${truth.file} is not a JPEG, PNG or WebP image`);
    const started = performance.now();
    const reading = await reader.read(image);
    times.push(performance.now() - started);
    const lines = reading.ok ? reading.value.lines : [];
    const totalPence = reading.ok ? reading.value.totalPence : null;
    const score = scoreItems(lines, truth.items);
    if (folder === 'wildreceipt') items.push(score);
    const found = truth.total !== null && totalPence === Math.round(truth.total * 100);
    if (truth.total !== null) {
      tally.printed += 1;
      if (found) tally.found += 1;
    }
    if (verbose)
      say(
        `${truth.file.slice(0, 16).padEnd(16)} items ${score.matched}/${score.expected} (read ${score.extracted}) total ${found ? 'found' : `${totalPence} ≠ ${truth.total}`}${reading.ok ? '' : ` error ${reading.error}`} ${Math.round(times.at(-1)!)} ms`,
      );
  }
}
await reader.close?.();

const sum = items.reduce((a, s) => ({ matched: a.matched + s.matched, extracted: a.extracted + s.extracted, expected: a.expected + s.expected }), { matched: 0, extracted: 0, expected: 0 });
const { precision, recall, f1: itemF1 } = f1(sum);
const all = [...totals.values()].reduce((a, t) => ({ found: a.found + t.found, printed: a.printed + t.printed }), { found: 0, printed: 0 });
const rate = (t: { found: number; printed: number }) => `${t.found}/${t.printed} = ${(t.printed === 0 ? 0 : (100 * t.found) / t.printed).toFixed(1)}%`;
say(`wildreceipt items: precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}  F1 ${itemF1.toFixed(3)}  (${sum.matched} matched, ${sum.extracted} read, ${sum.expected} expected)`);
say(`total found: all ${rate(all)}  ${FOLDERS.map((f) => `${f} ${rate(totals.get(f)!)}`).join('  ')}`);
say(`median ${Math.round(median(times))} ms per image over ${times.length} images (load average at end: ${load()})`);
const percent = (t: { found: number; printed: number }) => Math.round(t.printed === 0 ? 0 : (1000 * t.found) / t.printed) / 10;
emitRows([
  { name: 'receipts: wildreceipt item precision', figure: Number(precision.toFixed(3)), unit: '', note: `${sum.matched} matched of ${sum.extracted} read` },
  { name: 'receipts: wildreceipt item recall', figure: Number(recall.toFixed(3)), unit: '', note: `${sum.matched} matched of ${sum.expected} expected` },
  { name: 'receipts: wildreceipt item F1', figure: Number(itemF1.toFixed(3)), unit: '', note: '' },
  { name: 'receipts: total found, all', figure: percent(all), unit: '%', note: `${all.found}/${all.printed}` },
  ...FOLDERS.map((f) => ({ name: `receipts: total found, ${f}`, figure: percent(totals.get(f)!), unit: '%', note: `${totals.get(f)!.found}/${totals.get(f)!.printed}` })),
  { name: 'receipts: median time per image', figure: Math.round(median(times)), unit: 'ms', note: `${times.length} images, load average ${load()}` },
]);
