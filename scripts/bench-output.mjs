// The two outputs of every benchmark script: tables for people (the default), or with `--json` one
// JSON array of { name, figure, unit, note } rows on stdout, which `npm run bench` collects.

export const jsonMode = process.argv.includes('--json');

/** console.log, for the human output only. */
export function say(...args) {
  if (!jsonMode) console.log(...args);
}

/**
 * Prints the rows in JSON mode (and nothing otherwise).
 * @param {{ name: string, figure: number | string, unit: string, note?: string }[]} rows
 */
export function emitRows(rows) {
  if (jsonMode) console.log(JSON.stringify(rows.map((r) => ({ note: '', ...r }))));
}
