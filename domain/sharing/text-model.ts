import { ArithmeticDecoder, ArithmeticEncoder, MAX_TOTAL, type SymbolRange } from './arithmetic-coder';
import { ByteFormatError } from './compact-bytes';
import { MENU_DICTIONARY } from './menu-dictionary';

/**
 * Names on menus the deflate dictionary has never seen ("peshwari naan", "ploughman's lunch") gain
 * nothing from deflate on a few hundred bytes: its literals cost 8 bits or more. A static model of
 * which letter follows which (order 1, counted once from the menu dictionary, blended with how
 * often each letter occurs at all) codes English-like names in about 4 bits a letter. Changing the dictionary or these tables changes the coding, so,
 * like the dictionary, they are frozen for packet version 1.
 */
// Names arrive folded to lower case (letter-case.ts); capitals and the rest take the escape.
const LETTERS = " abcdefghijklmnopqrstuvwxyz0123456789&'-.,/()+%!";
const END = LETTERS.length; // closes one text
const ESCAPE = END + 1; // a character outside LETTERS follows as UTF-8 bytes
const SYMBOLS = ESCAPE + 1;
const START = LETTERS.length; // the context before a text's first character
const TRAINED_WEIGHT = 16;
const BYTE: (b: number) => SymbolRange = (b) => ({ low: b, high: b + 1, total: 256 });

/** Cumulative frequencies per context (the previous letter, or START): cum[ctx][s] .. cum[ctx][s+1]. */
const CUMULATIVE: readonly (readonly number[])[] = buildModel(MENU_DICTIONARY.toLowerCase());

function buildModel(training: string): number[][] {
  const counts = Array.from({ length: LETTERS.length + 1 }, () => new Array<number>(SYMBOLS).fill(0));
  for (const line of training.split('\n')) {
    // Every word of the training text stands for a name ending there or running on, so each
    // space both continues a text and, half as often, ends one.
    let context = START;
    for (const char of line) {
      const s = LETTERS.indexOf(char);
      if (s < 0) continue;
      counts[context]![s]! += TRAINED_WEIGHT;
      if (char === ' ') counts[context]![END]! += TRAINED_WEIGHT / 2;
      context = s;
    }
    counts[context]![END]! += TRAINED_WEIGHT;
  }
  // Letters unseen after a context still get their overall share (and at least 1), so nothing costs much more than 10 bits.
  const overall = new Array<number>(SYMBOLS).fill(0);
  for (const row of counts) row.forEach((c, s) => (overall[s]! += c));
  const overallTotal = overall.reduce((a, b) => a + b, 0);
  return counts.map((row) => {
    const cum = [0];
    for (const [s, c] of row.entries()) cum.push(cum[cum.length - 1]! + c + Math.floor((SYMBOLS * overall[s]! * TRAINED_WEIGHT) / overallTotal) + 1);
    if (cum[cum.length - 1]! >= MAX_TOTAL) throw new RangeError('text model total too large');
    return cum;
  });
}

function range(context: number, symbol: number): SymbolRange {
  const cum = CUMULATIVE[context]!;
  return { low: cum[symbol]!, high: cum[symbol + 1]!, total: cum[SYMBOLS]! };
}

/** Codes texts one after another, each closed by END, into one bit stream. */
export function encodeTexts(texts: readonly string[]): Uint8Array {
  const encoder = new ArithmeticEncoder();
  for (const text of texts) {
    let context = START;
    for (const char of text) {
      const s = LETTERS.indexOf(char);
      if (s >= 0) {
        encoder.encode(range(context, s));
        context = s;
      } else {
        encoder.encode(range(context, ESCAPE));
        for (const b of new TextEncoder().encode(char)) encoder.encode(BYTE(b));
        context = START;
      }
    }
    encoder.encode(range(context, END));
  }
  return encoder.finish();
}

/** Reads back `count` texts; anything that is not the coder's own output is a ByteFormatError. */
export function decodeTexts(bytes: Uint8Array, count: number, maxChars: number): string[] {
  const decoder = new ArithmeticDecoder(bytes);
  const texts: string[] = [];
  for (let n = 0; n < count; n++) {
    let context = START;
    let text = '';
    for (let chars = 0; ; chars++) {
      if (chars > maxChars) throw new ByteFormatError('text too long');
      const symbol = nextSymbol(decoder, context);
      if (symbol === END) break;
      if (symbol === ESCAPE) {
        text += readEscaped(decoder);
        context = START;
      } else {
        text += LETTERS[symbol];
        context = symbol;
      }
    }
    texts.push(text);
  }
  return texts;
}

function nextSymbol(decoder: ArithmeticDecoder, context: number): number {
  const cum = CUMULATIVE[context]!;
  const target = decoder.target(cum[SYMBOLS]!);
  let symbol = 0;
  while (symbol < SYMBOLS && cum[symbol + 1]! <= target) symbol++;
  if (symbol >= SYMBOLS || target < 0) throw new ByteFormatError('text stream');
  decoder.consume(range(context, symbol));
  return symbol;
}

function readEscaped(decoder: ArithmeticDecoder): string {
  const readByte = () => {
    const b = decoder.target(256);
    if (b < 0 || b > 255) throw new ByteFormatError('text stream');
    decoder.consume(BYTE(b));
    return b;
  };
  const lead = readByte();
  const length = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
  const bytes = [lead, ...Array.from({ length: length - 1 }, readByte)];
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    throw new ByteFormatError('text is not UTF-8');
  }
}
