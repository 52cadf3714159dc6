/**
 * Scores the receipt reader on the real receipts in ../shared/receipts (see its README):
 *   npm run bench:receipts [-- --engine local|openai] [--dir <receipts dir>] [--only <folder>]
 *     [--half even|odd] [--ocr-cache <dir>] [--ratio] [--verbose] [--misses]
 * Prints, per folder, item precision / recall / F1, totals found, merchants named, currencies
 * right, median and p95 time per image, and the resident memory the reader adds. Prints figures;
 * never fails on them. wildreceipt-more is reported in two halves: the even-numbered receipts
 * (wx082, wx084, …) to develop on, the odd ones (wx081, wx083, …) held out.
 *
 * A merchant is named when the reading's merchant and the dataset's `store` agree as
 * `merchantNamed` (scripts/receipts/score.ts) says: one of the store's boxes in the reading, or the
 * reading in a box, with one character in five allowed wrong. A currency is right when it is the
 * ISO code the ground truth gives; both are counted over receipts whose truth has one.
 *
 * `--half even|odd` keeps only that half of wildreceipt-more. `--ocr-cache <dir>` keeps the OCR output per image (keyed by image and
 * OCR settings), so parser changes are measured in seconds; its times are then the parser's only.
 * `--misses` prints, per receipt, the expected items no line matched and the lines that matched none.
 *
 * `--ratio` (local engine) reads each photo a second time, right after the whole reading, with the
 * detector and the first recogniser alone (greedy decoding, no second opinion, no lexicon, no
 * layout or parser), in this process with the pool's threads per worker, and prints the whole
 * reading's time over theirs: what everything added to bare OCR costs. Those models are loaded in
 * this process too, so a run with `--ratio` says nothing of the reader's memory.
 *
 * Each item line is counted wrong when no expected item matched it, right otherwise, and the
 * share of each the reading marked doubtful (domain/scanning/receipt-doubt.ts) is printed per folder and
 * for all but the held-out half.
 */
import { loadavg } from 'node:os';
import { decodeCtc } from '../adapters/ocr/ctc-decoding';
import { PaddleOcr } from '../adapters/ocr/paddle-ocr';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchReader, readingThreads, receiptImage } from './receipts/engine';
import { lineDoubts } from '../domain/scanning/receipt-doubt';
import type { ReceiptLine } from '../domain/scanning/receipt-line';
import { f1, merchantNamed, missesOf, percentile, scoreItems, type ItemScore, type TruthItem } from './receipts/score';
import { emitRows, say } from './bench-output.mjs';

interface Truth {
  readonly file: string;
  readonly items: readonly TruthItem[];
  readonly total: number | null;
  readonly store?: string;
  readonly currency?: string | null;
}

interface DoubtCount {
  wrong: number;
  wrongDoubtful: number;
  right: number;
  rightDoubtful: number;
}

interface FolderScore {
  readonly folder: string;
  items: ItemScore;
  totalsFound: number;
  totalsPrinted: number;
  merchantsNamed: number;
  storesPrinted: number;
  currenciesRight: number;
  currenciesPrinted: number;
  /** Item lines no expected item matched (wrong) and those one did (right), and how many of each were doubtful. */
  doubt: DoubtCount;
  readonly times: number[];
  /** CPU time the process spent per image: what the reading costs, whatever else the machine is doing. */
  readonly cpu: number[];
  /** With --ratio: the detector and first recogniser alone on the same photos. */
  readonly bareTimes: number[];
}

const argv = process.argv.slice(2);
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const receiptsDir = resolve(option('--dir') ?? join(projectRoot, '..', 'shared', 'receipts'));
const verbose = argv.includes('--verbose');
const misses = argv.includes('--misses');
const half = option('--half');
if (half !== undefined && half !== 'even' && half !== 'odd') throw new Error(`--half must be even or odd, not ${half}`);
/** wildreceipt-more split by file number (wx081 is odd): the even half to develop on, the odd half held out. */
const inHalfNamed = (which: 'even' | 'odd', name: string) => Number(/^wx(\d+)/.exec(name)?.[1] ?? 0) % 2 === (which === 'odd' ? 1 : 0);
const inHalf = (folder: string, name: string) => half === undefined || folder !== 'wildreceipt-more' || inHalfNamed(half, name);
const FOLDERS = ['wildreceipt', 'wildreceipt-more', 'cord', 'sroie'].filter((f) => option('--only') === undefined || f === option('--only'));

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
const rssBefore = process.memoryUsage.rss();
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 50);
const reader = await benchReader(argv, projectRoot);
const bareOcr = argv.includes('--ratio') ? bareDetectorAndRecogniser() : null;
// As the server does when it starts: no photo pays for loading the models.
await Promise.all([reader.warm?.(), bareOcr?.warm()]);
say(`receipts: ${receiptsDir}\nload average at start: ${load()}`);

const scores = new Map<string, FolderScore>();
/** Each folder's score, wildreceipt-more's by half. */
const scoreOf = (folder: string, file: string): FolderScore => {
  const label = folder !== 'wildreceipt-more' ? folder : inHalfNamed('odd', file) ? `${folder} odd (held out)` : `${folder} even`;
  const score = scores.get(label) ?? {
    folder: label,
    items: { matched: 0, extracted: 0, expected: 0 },
    totalsFound: 0,
    totalsPrinted: 0,
    merchantsNamed: 0,
    storesPrinted: 0,
    currenciesRight: 0,
    currenciesPrinted: 0,
    doubt: { wrong: 0, wrongDoubtful: 0, right: 0, rightDoubtful: 0 },
    times: [],
    cpu: [],
    bareTimes: [],
  };
  scores.set(label, score);
  return score;
};
for (const folder of FOLDERS) {
  const dir = join(receiptsDir, folder);
  const truthFiles = (await readdir(dir)).filter((f) => f.endsWith('.json') && inHalf(folder, f)).sort();
  for (const truthFile of truthFiles) {
    const score = scoreOf(folder, truthFile);
    const truth = JSON.parse(await readFile(join(dir, truthFile), 'utf8')) as Truth;
    const image = receiptImage(new Uint8Array(await readFile(join(dir, truth.file))));
    if (image === null) throw new Error(`${truth.file} is not a JPEG, PNG or WebP image`);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const reading = await reader.read(image);
    score.times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    score.cpu.push((cpu.user + cpu.system) / 1000);
    if (bareOcr !== null) {
      const bareStarted = performance.now();
      await bareOcr.read(image.bytes);
      score.bareTimes.push(performance.now() - bareStarted);
    }
    const lines = reading.ok ? reading.value.lines : [];
    const totalPence = reading.ok ? reading.value.totalPence : null;
    const items = scoreItems(lines, truth.items);
    // Receipts whose truth lists no items (sroie/) cannot say which lines are wrong.
    if (truth.items.length > 0) countDoubts(score.doubt, lines, totalPence, truth.items);
    score.items = { matched: score.items.matched + items.matched, extracted: score.items.extracted + items.extracted, expected: score.items.expected + items.expected };
    const found = truth.total !== null && totalPence === Math.round(truth.total * 100);
    if (truth.total !== null) score.totalsPrinted += 1;
    if (found) score.totalsFound += 1;
    const merchant = reading.ok ? reading.value.merchant : null;
    const currency = reading.ok ? reading.value.currency : null;
    const named = truth.store !== undefined && merchantNamed(merchant, truth.store);
    if (truth.store !== undefined) score.storesPrinted += 1;
    if (named) score.merchantsNamed += 1;
    const currencyRight = truth.currency != null && currency === truth.currency;
    if (truth.currency != null) score.currenciesPrinted += 1;
    if (currencyRight) score.currenciesRight += 1;
    if (verbose)
      say(
        `${truth.file.slice(0, 16).padEnd(16)} items ${items.matched}/${items.expected} (read ${items.extracted}) total ${found ? 'found' : `${totalPence} ≠ ${truth.total}`}${reading.ok ? '' : ` error ${reading.error}`} ${Math.round(score.times.at(-1)!)} ms`,
      );
    // The odd half of wildreceipt-more is held out: its receipts' misses are never printed.
    if (misses && !(folder === 'wildreceipt-more' && !inHalfNamed('even', truth.file))) {
      const { missed, unmatched } = missesOf(lines, truth.items);
      for (const m of missed) say(`  ${truth.file.slice(0, 5)} missed   ${m.name} ${m.price}`);
      const doubts = lineDoubts(lines, totalPence);
      for (const u of unmatched)
        say(`  ${truth.file.slice(0, 5)} unpaired ${u.label} ${u.pricePence}${doubts[lines.indexOf(u as ReceiptLine)] === null ? '' : ` (doubtful: ${doubts[lines.indexOf(u as ReceiptLine)]})`}`);
      if (!found) say(`  ${truth.file.slice(0, 5)} total    ${totalPence} ≠ ${truth.total}`);
      if (truth.store !== undefined && !named) say(`  ${truth.file.slice(0, 5)} merchant ${merchant} ≠ ${truth.store}`);
      if (truth.currency != null && !currencyRight) say(`  ${truth.file.slice(0, 5)} currency ${currency} ≠ ${truth.currency}`);
    }
  }
}
/** PaddleOCR's detector and first recogniser with greedy decoding, nothing else, at the pool's threads per worker. */
function bareDetectorAndRecogniser(): PaddleOcr {
  return new PaddleOcr({ threads: readingThreads(argv), decoder: async () => decodeCtc });
}

/** Which item lines are wrong (no expected item matched them) and which of each kind the reading doubted. */
function countDoubts(count: DoubtCount, lines: readonly ReceiptLine[], totalPence: number | null, truth: readonly TruthItem[]): void {
  const doubts = lineDoubts(lines, totalPence as ReceiptLine['pricePence']);
  const wrong = new Set(missesOf(lines, truth).unmatched);
  lines.forEach((line, i) => {
    if (line.kind !== 'item') return;
    const doubtful = doubts[i] !== null;
    if (wrong.has(line)) [count.wrong, count.wrongDoubtful] = [count.wrong + 1, count.wrongDoubtful + (doubtful ? 1 : 0)];
    else [count.right, count.rightDoubtful] = [count.right + 1, count.rightDoubtful + (doubtful ? 1 : 0)];
  });
}

const rssWarm = process.memoryUsage.rss();
clearInterval(sampler);
await reader.close?.();
await bareOcr?.close();

const percent = (found: number, printed: number) => (printed === 0 ? 0 : Math.round((1000 * found) / printed) / 10);
say('');
const cell = (found: number, printed: number) => `${found}/${printed} (${percent(found, printed)}%)`.padEnd(15);
say(
  `${'folder'.padEnd(32)} ${'P'.padStart(6)} ${'R'.padStart(6)} ${'F1'.padStart(6)}  ${'totals found'.padEnd(15)} ${'merchant named'.padEnd(15)} ${'currency right'.padEnd(15)} ${'doubtful: wrong'.padEnd(16)} ${'right'.padEnd(15)} ${'median'.padStart(7)} ${'p95'.padStart(7)} ${'cpu/img'.padStart(8)}`,
);
for (const s of scores.values()) {
  const { precision, recall, f1: itemF1 } = f1(s.items);
  const itemCells = s.items.expected === 0 ? ['—', '—', '—'] : [precision, recall, itemF1].map((v) => v.toFixed(3));
  say(
    `${s.folder.padEnd(32)} ${itemCells.map((c) => c.padStart(6)).join(' ')}  ${cell(s.totalsFound, s.totalsPrinted)} ${cell(s.merchantsNamed, s.storesPrinted)} ${cell(s.currenciesRight, s.currenciesPrinted)} ${cell(s.doubt.wrongDoubtful, s.doubt.wrong)}  ${cell(s.doubt.rightDoubtful, s.doubt.right)} ${`${Math.round(percentile(s.times, 50))}ms`.padStart(7)} ${`${Math.round(percentile(s.times, 95))}ms`.padStart(7)} ${`${Math.round(percentile(s.cpu, 50))}ms`.padStart(8)}`,
  );
}
const developed = [...scores.values()].filter((s) => !s.folder.includes('held out'));
const sumOf = (pick: (d: DoubtCount) => number) => developed.reduce((sum, s) => sum + pick(s.doubt), 0);
say(
  `doubtful item lines, all but the held-out half: ${cell(
    sumOf((d) => d.wrongDoubtful),
    sumOf((d) => d.wrong),
  ).trim()} of the wrong ones (target ≥ 80%), ${cell(
    sumOf((d) => d.rightDoubtful),
    sumOf((d) => d.right),
  ).trim()} of the right ones (target ≤ 20%)`,
);
const allTimes = [...scores.values()].flatMap((s) => s.times);
const allBare = [...scores.values()].flatMap((s) => s.bareTimes);
const total = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0);
if (allBare.length > 0)
  say(
    `whole reading ÷ detector and recogniser alone: ${(total(allTimes) / total(allBare)).toFixed(2)} over all (median ${Math.round(percentile(allTimes, 50))} ms ÷ ${Math.round(
      percentile(allBare, 50),
    )} ms; ${(percentile(allTimes, 50) / percentile(allBare, 50)).toFixed(2)} by medians)`,
  );
say(
  `all ${allTimes.length} images: median ${Math.round(percentile(allTimes, 50))} ms, p95 ${Math.round(percentile(allTimes, 95))} ms, median CPU ${Math.round(
    percentile(
      [...scores.values()].flatMap((s) => s.cpu),
      50,
    ),
  )} ms per image (load average at end: ${load()})`,
);
say(
  `resident memory: ${megabytes(rssBefore)} MB before the reader, ${megabytes(rssWarm)} MB with it warmed, peak ${megabytes(rssPeak)} MB (the reader adds ${megabytes(rssWarm - rssBefore)} MB warmed, ${megabytes(rssPeak - rssBefore)} MB at peak)`,
);

emitRows([
  ...[...scores.values()].flatMap((s) => {
    const { precision, recall, f1: itemF1 } = f1(s.items);
    const itemRows =
      s.items.expected === 0
        ? []
        : [
            { name: `receipts: ${s.folder} item precision`, figure: Number(precision.toFixed(3)), unit: '', note: `${s.items.matched} matched of ${s.items.extracted} read` },
            { name: `receipts: ${s.folder} item recall`, figure: Number(recall.toFixed(3)), unit: '', note: `${s.items.matched} matched of ${s.items.expected} expected` },
            { name: `receipts: ${s.folder} item F1`, figure: Number(itemF1.toFixed(3)), unit: '', note: '' },
          ];
    return [
      ...itemRows,
      { name: `receipts: ${s.folder} total found`, figure: percent(s.totalsFound, s.totalsPrinted), unit: '%', note: `${s.totalsFound}/${s.totalsPrinted}` },
      ...(s.storesPrinted === 0
        ? []
        : [{ name: `receipts: ${s.folder} merchant named`, figure: percent(s.merchantsNamed, s.storesPrinted), unit: '%', note: `${s.merchantsNamed}/${s.storesPrinted}` }]),
      ...(s.doubt.wrong + s.doubt.right === 0
        ? []
        : [
            { name: `receipts: ${s.folder} wrong item lines doubtful`, figure: percent(s.doubt.wrongDoubtful, s.doubt.wrong), unit: '%', note: `${s.doubt.wrongDoubtful}/${s.doubt.wrong}` },
            { name: `receipts: ${s.folder} right item lines doubtful`, figure: percent(s.doubt.rightDoubtful, s.doubt.right), unit: '%', note: `${s.doubt.rightDoubtful}/${s.doubt.right}` },
          ]),
      ...(s.currenciesPrinted === 0
        ? []
        : [{ name: `receipts: ${s.folder} currency right`, figure: percent(s.currenciesRight, s.currenciesPrinted), unit: '%', note: `${s.currenciesRight}/${s.currenciesPrinted}` }]),
      { name: `receipts: ${s.folder} median time per image`, figure: Math.round(percentile(s.times, 50)), unit: 'ms', note: `${s.times.length} images` },
      { name: `receipts: ${s.folder} p95 time per image`, figure: Math.round(percentile(s.times, 95)), unit: 'ms', note: `${s.times.length} images` },
    ];
  }),
  { name: 'receipts: reader resident memory, warmed', figure: megabytes(rssWarm - rssBefore), unit: 'MB', note: `process ${megabytes(rssWarm)} MB, load average ${load()}` },
  { name: 'receipts: reader resident memory, peak', figure: megabytes(rssPeak - rssBefore), unit: 'MB', note: `process ${megabytes(rssPeak)} MB` },
]);
