/** Little building blocks for the compact share packet: LEB128 varints, short UTF-8 strings, base 36. */
export class ByteWriter {
  private readonly bytes: number[] = [];

  byte(value: number): this {
    this.bytes.push(value & 0xff);
    return this;
  }

  varint(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`varint needs a non-negative safe integer, got ${value}`);
    let v = value;
    while (v >= 0x80) {
      this.bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.bytes.push(v);
    return this;
  }

  /** Signed integers (discounts are negative) as zigzag varints: 0, -1, 1, -2 … → 0, 1, 2, 3 … */
  signed(value: number): this {
    return this.varint(value < 0 ? -2 * value - 1 : 2 * value);
  }

  text(value: string): this {
    const utf8 = new TextEncoder().encode(value);
    this.varint(utf8.length);
    return this.raw(utf8);
  }

  raw(bytes: Uint8Array): this {
    for (const b of bytes) this.bytes.push(b);
    return this;
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** Reads what ByteWriter wrote; any overrun or malformed value throws ByteFormatError (a value of bad input, caught by the decoder). */
export class ByteReader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    const b = this.bytes[this.at];
    if (b === undefined) throw new ByteFormatError('unexpected end');
    this.at += 1;
    return b;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 7; i++) {
      // at most 49 bits: always a safe integer
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return value;
      scale *= 0x80;
    }
    throw new ByteFormatError('varint too long');
  }

  signed(): number {
    const z = this.varint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }

  text(maxBytes: number): string {
    const length = this.varint();
    if (length > maxBytes) throw new ByteFormatError('text too long');
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(this.take(length));
    } catch {
      throw new ByteFormatError('text is not UTF-8');
    }
  }

  take(length: number): Uint8Array {
    if (this.at + length > this.bytes.length) throw new ByteFormatError('unexpected end');
    const out = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }

  rest(): Uint8Array {
    return this.take(this.bytes.length - this.at);
  }

  get done(): boolean {
    return this.at === this.bytes.length;
  }
}

export class ByteFormatError extends Error {}

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const CHUNK = 10; // 36^10 < 2^53, so ten digits at a time stay exact in a double
const CHUNK_BASE = 36n ** BigInt(CHUNK);

/**
 * Bytes as upper-case base 36: QR codes store 0-9A-Z in alphanumeric mode at 5.5 bits a character,
 * against 8 bits for base64url in byte mode, so the same packet makes a markedly smaller code.
 * A leading 0x01 keeps leading zero bytes.
 */
export function toBase36(bytes: Uint8Array): string {
  let hex = '01';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return BigInt(`0x${hex}`).toString(36).toUpperCase();
}

export function fromBase36(text: string): Uint8Array | null {
  if (text.length === 0 || !/^[0-9A-Z]+$/.test(text)) return null;
  let n = 0n;
  const head = text.length % CHUNK || CHUNK;
  for (let i = 0; i < text.length; i = i === 0 ? head : i + CHUNK) {
    const part = text.slice(i, i === 0 ? head : i + CHUNK);
    let v = 0;
    for (const c of part) v = v * 36 + DIGITS.indexOf(c);
    n = n * (i === 0 ? 1n : CHUNK_BASE) + BigInt(v);
  }
  let hex = n.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  if (!hex.startsWith('01')) return null;
  const out = new Uint8Array(hex.length / 2 - 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 + 2 * i, 4 + 2 * i), 16);
  return out;
}
