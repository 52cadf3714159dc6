// Every benchmark of the project in one run, with short bounded durations, and every figure in ONE
// table (name, figure, the baseline recorded from main before issue 19, unit, note). Each script runs with `--json`; a script that fails becomes a
// row saying so, and the others still run. Prints figures; never fails on them.
//   npm run bench                  (about five minutes: builds, then links, ledger, receipts, bundle, live, scan-load, load)
//   npm run bench -- --lighthouse  (adds Lighthouse's scores, a few minutes more)
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { BASELINE_LABEL, baselineOf } from './bench-baselines.mjs';

const root = resolve(import.meta.dirname, '..');
const env = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH}`, ASTRO_TELEMETRY_DISABLED: '1' };
const scratch = await mkdtemp(join(tmpdir(), 'wp-bench-'));
const loadFigures = join(scratch, 'load.json');

const BENCHMARKS = [
  { name: 'links', command: ['tsx', 'scripts/bench-links.ts', '--json'] },
  { name: 'ledger', command: ['tsx', 'scripts/bench-ledger.ts', '--json'], env: { BENCH_SECONDS: '2' } },
  { name: 'receipts', command: ['tsx', 'scripts/bench-receipts.ts', '--json'] },
  { name: 'tab', command: ['tsx', 'scripts/bench-tab.ts', '--json'] },
  { name: 'bundle', command: ['node', 'scripts/bench-bundle.mjs', '/app', '--json'] },
  { name: 'live', command: ['tsx', 'scripts/bench-live.ts', '--json'] },
  { name: 'scan-load', command: ['tsx', 'scripts/bench-scan-load.ts', '--json'] },
  { name: 'load', command: ['vitest', 'run', '--project', 'load'], env: { LOAD_SECONDS: '3', LOAD_FIGURES_FILE: loadFigures }, figuresFile: loadFigures },
  ...(process.argv.includes('--lighthouse') ? [{ name: 'lighthouse', command: ['node', 'scripts/bench-lighthouse.mjs', '--json'] }] : []),
];

const rows = [];
try {
  const build = await run(['astro', 'build']);
  if (build.code !== 0) throw new Error(`astro build failed:\n${build.output}`);
  for (const bench of BENCHMARKS) {
    process.stderr.write(`bench: ${bench.name}…\n`);
    const started = performance.now();
    const result = await run(bench.command, bench.env);
    const figures = result.code === 0 ? await figuresOf(bench, result.stdout) : null;
    if (figures === null) rows.push({ name: bench.name, figure: 'failed', unit: '', note: `exit ${result.code}: ${lastLine(result.output)}` });
    else rows.push(...figures);
    process.stderr.write(`bench: ${bench.name} took ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
console.log(table(rows));

/** The rows a script printed as its last JSON line (or wrote to its figures file), or null. */
async function figuresOf(bench, stdout) {
  const text = bench.figuresFile
    ? await readFile(bench.figuresFile, 'utf8').catch(() => null)
    : stdout
        .split('\n')
        .reverse()
        .find((line) => line.startsWith('['));
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function run([command, ...args], extraEnv = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      output += d;
    });
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => done({ code: -1, stdout, output: String(error) }));
    child.on('close', (code) => done({ code, stdout, output }));
  });
}

function lastLine(text) {
  return (
    text
      .trim()
      .split('\n')
      .filter((l) => l.trim() !== '')
      .at(-1)
      ?.slice(0, 160) ?? ''
  );
}

function table(all) {
  const cells = [['name', 'figure', BASELINE_LABEL, 'unit', 'note'], ...all.map((r) => [r.name, String(r.figure), String(baselineOf(r.name) ?? '-'), r.unit ?? '', r.note ?? ''])];
  const widths = cells[0].map((_, c) => Math.max(...cells.map((r) => r[c].length)));
  const line = (r) => `| ${r.map((cell, c) => (c === 1 || c === 2 ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join(' | ')} |`;
  return [line(cells[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}
