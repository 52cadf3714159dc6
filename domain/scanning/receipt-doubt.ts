import { lineEvidence } from './receipt-doubt-evidence';
import { DOUBT_MODEL, doubtOf } from './receipt-doubt-model';
import type { LaidOutRow } from './receipt-layout';
import type { LineDoubt, ReceiptLine, ReceiptReading } from './receipt-line';
import { reconcile } from './receipt-reconcile';

/**
 * Each line's doubt from what the reader knows of the text it was read from (the row, or rows for a
 * name wrapped above its price, found by the words they share) and of the receipt's sum, weighed by
 * the doubt model fitted on the development receipts (receipt-doubt-model.ts). A line the parser
 * already doubted (a price put right by the sum) keeps its doubt.
 */
export function withReadingDoubts(reading: ReceiptReading, rows: readonly LaidOutRow[]): ReceiptReading {
  const evidence = lineEvidence(reading, rows);
  return {
    ...reading,
    lines: reading.lines.map((line, i) => {
      if (line.doubt !== undefined) return line;
      const doubt = doubtOf(DOUBT_MODEL, evidence[i]!);
      return doubt === null ? line : { ...line, doubt };
    }),
  };
}

/**
 * Every line's doubt, as the person is shown it: the reader's own, else a price that breaks the
 * sum to the printed total (reconcile's suspect lines). For any reader, local or remote.
 */
export function lineDoubts(lines: readonly ReceiptLine[], totalPence: ReceiptReading['totalPence']): (LineDoubt | null)[] {
  const suspects = new Set(reconcile(lines, totalPence).suspectLines);
  return lines.map((line, i) => (line.doubt === 'price' ? 'price' : suspects.has(i) ? 'sum' : (line.doubt ?? null)));
}
