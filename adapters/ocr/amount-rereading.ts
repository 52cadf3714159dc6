import sharp from 'sharp';
import type { Box, OcrLine, OcrWord, PageText } from './tesseract-pool';

/** Amount words read with less confidence than this are read again on their own. */
const REREAD_BELOW_CONFIDENCE = 85;
/** At most this many per page (the least confident first), to bound the time a receipt takes. */
const MAX_REREADS = 12;
const SCALE = 2;

// A word shaped like a price, possibly with letters where digits were: "£12.50", "2.8O", "$450.00".
const PRICE_LIKE = /^[£$€(-]?[\dlIOoS$]{1,7}[.,][\dlIOo]{2}[-)]?$/;
// What a re-read must look like to be believed.
const WELL_FORMED = /^[£$€]?-?\d{1,7}[.,]\d\d-?$/;

export interface WordAt {
  readonly line: number;
  readonly word: number;
}

/** The price-like words of a page that deserve a second look, least confident first. */
export function wordsToReread(lines: readonly OcrLine[]): WordAt[] {
  const doubtful = lines.flatMap((l, line) =>
    l.words.flatMap((w, word) => (PRICE_LIKE.test(w.text) && /\d/.test(w.text) && w.confidence < REREAD_BELOW_CONFIDENCE ? [{ line, word, confidence: w.confidence }] : [])),
  );
  return doubtful
    .sort((a, b) => a.confidence - b.confidence)
    .slice(0, MAX_REREADS)
    .map(({ line, word }) => ({ line, word }));
}

/** A re-read this much less confident than the first reading is not believed. */
const MAX_CONFIDENCE_DROP = 10;

export interface Reading {
  readonly text: string;
  readonly confidence: number;
}

/**
 * The re-read replaces the word only when it is a well-formed amount and not clearly less sure
 * than the first reading (alone, a £ is sometimes read as a 9: "£5.75" → "£95.75", with less confidence).
 */
export function acceptedReread(first: Reading, reread: Reading): string | null {
  return WELL_FORMED.test(reread.text) && reread.confidence >= first.confidence - MAX_CONFIDENCE_DROP ? reread.text : null;
}

/** A line's text with some of its words replaced, column gaps kept. */
export function replaceWords(line: OcrLine, replacements: ReadonlyMap<number, string>): string {
  let text = '';
  let from = 0;
  line.words.forEach((w: OcrWord, i) => {
    const at = line.text.indexOf(w.text, from);
    if (at < 0) return;
    text += line.text.slice(from, at) + (replacements.get(i) ?? w.text);
    from = at + w.text.length;
  });
  return text + line.text.slice(from);
}

/**
 * Reads the doubtful amounts of a page again, each cut out of the page with a margin, enlarged and
 * read as a single line of digits: alone, "28.50" comes out as the printed "26.50" more often.
 */
export async function rereadAmounts(page: PageText, image: Buffer, readAmount: (crop: Buffer) => Promise<Reading>): Promise<string> {
  const targets = wordsToReread(page.lines);
  if (targets.length === 0) return page.text;
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const rereads = await Promise.all(
    targets.map(async (t) => {
      const word = page.lines[t.line]!.words[t.word]!;
      const crop = await cropWord(image, word.box, width, height);
      return { ...t, text: crop === null ? null : acceptedReread(word, await readAmount(crop)) };
    }),
  );
  const byLine = new Map<number, Map<number, string>>();
  for (const r of rereads) if (r.text !== null) byLine.set(r.line, (byLine.get(r.line) ?? new Map<number, string>()).set(r.word, r.text));
  return page.lines.map((l, i) => (byLine.has(i) ? replaceWords(l, byLine.get(i)!) : l.text)).join('');
}

async function cropWord(image: Buffer, box: Box, width: number, height: number): Promise<Buffer | null> {
  const margin = Math.round((box.y1 - box.y0) * 0.3);
  const left = Math.max(0, box.x0 - margin);
  const top = Math.max(0, box.y0 - margin);
  const cropWidth = Math.min(width - left, box.x1 - box.x0 + 2 * margin);
  const cropHeight = Math.min(height - top, box.y1 - box.y0 + 2 * margin);
  if (cropWidth < 4 || cropHeight < 4) return null;
  return sharp(image)
    .extract({ left, top, width: cropWidth, height: cropHeight })
    .resize({ width: cropWidth * SCALE, kernel: 'lanczos3' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
