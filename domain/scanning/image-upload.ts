import { err, ok, type Result } from '../result';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface UploadLimits {
  readonly maxBytes: number;
  readonly maxPixels: number;
  readonly maxSide: number;
}

export type UploadProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'too large'; readonly maxBytes: number }
  | { readonly kind: 'not an image' }
  | { readonly kind: 'unreadable header' }
  | { readonly kind: 'too many pixels'; readonly width: number; readonly height: number };

export interface CheckedUpload {
  readonly type: ImageType;
  readonly width: number;
  readonly height: number;
}

/**
 * Checks an upload from its bytes alone, before any work is done on it: the real type from the
 * magic bytes (never the client's word or the file name), and the pixel size from the header,
 * so a small file that would decode to a huge bitmap is refused without being decoded.
 */
export function checkUpload(bytes: Uint8Array, limits: UploadLimits): Result<CheckedUpload, UploadProblem> {
  if (bytes.length === 0) return err({ kind: 'empty' });
  if (bytes.length > limits.maxBytes) return err({ kind: 'too large', maxBytes: limits.maxBytes });
  const type = imageTypeOf(bytes);
  if (type === null) return err({ kind: 'not an image' });
  const size = dimensionsOf(bytes, type);
  if (size === null) return err({ kind: 'unreadable header' });
  if (size.width * size.height > limits.maxPixels || size.width > limits.maxSide || size.height > limits.maxSide) return err({ kind: 'too many pixels', ...size });
  return ok({ type, ...size });
}

export function imageTypeOf(b: Uint8Array): ImageType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'image/png';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'image/webp';
  return null;
}

interface Size {
  readonly width: number;
  readonly height: number;
}

function dimensionsOf(b: Uint8Array, type: ImageType): Size | null {
  const size = type === 'image/png' ? pngSize(b) : type === 'image/jpeg' ? jpegSize(b) : webpSize(b);
  return size !== null && size.width > 0 && size.height > 0 ? size : null;
}

function pngSize(b: Uint8Array): Size | null {
  // IHDR is always the first chunk: length(4) "IHDR" width(4) height(4).
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function jpegSize(b: Uint8Array): Size | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Start-of-frame markers (baseline, progressive, ...) carry the size; C4, C8 and CC do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    if (marker === 0xd9 || marker === 0xda) return null;
    at += 2 + u16be(b, at + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): Size | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

function ascii(b: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...b.subarray(at, at + length));
}
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);

/**
 * Strict base64 (whitespace allowed anywhere): Node's decoder would silently skip garbage.
 * One pass over the characters, no regular expression over the body: a phone photo is several
 * megabytes of base64, and a backtracking pattern over it overflowed the stack.
 */
export function isStrictBase64(text: string): boolean {
  let symbols = 0;
  let padding = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) continue;
    if (code === 0x3d)
      padding += 1; // '='
    else if (padding > 0 || !isBase64Symbol(code))
      return false; // nothing but '=' after the padding
    else symbols += 1;
  }
  const length = symbols + padding;
  return length > 0 && length % 4 === 0 && padding <= 2 && (padding === 0 || symbols % 4 === 4 - padding);
}

function isBase64Symbol(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2f;
}
