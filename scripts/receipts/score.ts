/**
 * Scoring of a receipt reading against ground truth, as ../shared/receipts/README.md describes.
 */
export interface TruthItem {
  readonly name: string;
  readonly price: number;
}

export interface ReadLine {
  readonly label: string;
  readonly pricePence: number | null;
  readonly kind: string;
}

export interface ItemScore {
  readonly matched: number;
  readonly extracted: number;
  readonly expected: number;
}

function normalise(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Names agree once case, spaces and punctuation are gone; a 6-character prefix either way is enough. */
export function namesAgree(a: string, b: string): boolean {
  const x = normalise(a);
  const y = normalise(b);
  if (x === '' || y === '') return false;
  return x === y || y.startsWith(x.slice(0, 6)) || x.startsWith(y.slice(0, 6));
}

/** Item lines against expected items: same price to the penny and agreeing names; each line matches one item. */
export function scoreItems(lines: readonly ReadLine[], truth: readonly TruthItem[]): ItemScore {
  const items = lines.filter((l) => l.kind === 'item');
  const unmatched = truth.map((t) => ({ name: t.name, pence: Math.round(t.price * 100) }));
  let matched = 0;
  for (const line of items) {
    const at = unmatched.findIndex((t) => t.pence === line.pricePence && namesAgree(t.name, line.label));
    if (at >= 0) {
      unmatched.splice(at, 1);
      matched += 1;
    }
  }
  return { matched, extracted: items.length, expected: truth.length };
}

/** The expected items no line matched, and the item lines that matched none (for looking at failures). */
export function missesOf(lines: readonly ReadLine[], truth: readonly TruthItem[]): { missed: TruthItem[]; unmatched: ReadLine[] } {
  const missed = [...truth];
  const unmatched: ReadLine[] = [];
  for (const line of lines.filter((l) => l.kind === 'item')) {
    const at = missed.findIndex((t) => Math.round(t.price * 100) === line.pricePence && namesAgree(t.name, line.label));
    if (at >= 0) missed.splice(at, 1);
    else unmatched.push(line);
  }
  return { missed, unmatched };
}

export function f1(score: ItemScore): { precision: number; recall: number; f1: number } {
  const precision = score.extracted === 0 ? 0 : score.matched / score.extracted;
  const recall = score.expected === 0 ? 0 : score.matched / score.expected;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (0–100) by the nearest-rank method; the 50th of an even count is the median. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (p === 50) return median(values);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// Words any shop may print as its whole name box ("RESTAURANT" above "PICCADILLY"): naming one alone names no one.
const GENERIC_NAME_WORDS = new Set(['restaurant', 'ristorante', 'restoran', 'cafe', 'caffe', 'bar', 'the', 'hotel', 'pizzeria', 'grill', 'pub', 'kitchen', 'store', 'shop']);

/**
 * The merchant read names the dataset's `store` (its boxes joined with spaces): once case, spaces
 * and punctuation are gone, the reading holds one of the store's boxes, or a box holds the reading
 * (at least four characters and half the box), each with up to one character wrong in five (OCR's
 * slips: "DiSNEpPARKS" names DISNEYPARKS). A box that is only a generic word ("RESTAURANT") is not matched on.
 */
export function merchantNamed(read: string | null, store: string): boolean {
  const merchant = normalise(read ?? '');
  if (merchant.length < 3) return false;
  const boxes = store
    .split(/\s+/)
    .map(normalise)
    .filter((box) => box.length >= 3 && !GENERIC_NAME_WORDS.has(box));
  return boxes.some(
    (box) =>
      nearSubstring(box, merchant) <= Math.floor(box.length / 5) || (merchant.length >= 4 && 2 * merchant.length >= box.length && nearSubstring(merchant, box) <= Math.floor(merchant.length / 5)),
  );
}

/** The fewest edits that turn `needle` into some substring of `hay` (Sellers' approximate matching). */
export function nearSubstring(needle: string, hay: string): number {
  let previous = new Array<number>(hay.length + 1).fill(0);
  for (let i = 1; i <= needle.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hay.length; j += 1) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (needle[i - 1] === hay[j - 1] ? 0 : 1));
    previous = current;
  }
  return Math.min(...previous);
}
