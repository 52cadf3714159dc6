/**
 * A 32-bit integer arithmetic coder (Witten, Neal and Cleary's scheme). Every product stays below
 * 2^48, so plain numbers are exact. Frequencies come from the caller's model, totals under 2^16.
 */
const TOP = 2 ** 32 - 1;
const HALF = 2 ** 31;
const QUARTER = 2 ** 30;
export const MAX_TOTAL = 2 ** 16;

export interface SymbolRange {
  readonly low: number;
  readonly high: number;
  readonly total: number;
}

export class ArithmeticEncoder {
  private low = 0;
  private high = TOP;
  private pending = 0;
  private readonly bits: number[] = [];

  encode({ low: symLow, high: symHigh, total }: SymbolRange): void {
    const range = this.high - this.low + 1;
    this.high = this.low + Math.floor((range * symHigh) / total) - 1;
    this.low = this.low + Math.floor((range * symLow) / total);
    for (;;) {
      if (this.high < HALF) this.emit(0);
      else if (this.low >= HALF) {
        this.emit(1);
        this.low -= HALF;
        this.high -= HALF;
      } else if (this.low >= QUARTER && this.high < 3 * QUARTER) {
        this.pending += 1;
        this.low -= QUARTER;
        this.high -= QUARTER;
      } else break;
      this.low = 2 * this.low;
      this.high = 2 * this.high + 1;
    }
  }

  /** Closes the stream: two more bits pin the final interval; the decoder reads zeros past the end. */
  finish(): Uint8Array {
    this.pending += 1;
    this.emit(this.low < QUARTER ? 0 : 1);
    const out = new Uint8Array(Math.ceil(this.bits.length / 8));
    this.bits.forEach((bit, i) => {
      if (bit) out[i >> 3]! |= 0x80 >> (i & 7);
    });
    return out;
  }

  private emit(bit: number): void {
    this.bits.push(bit);
    for (; this.pending > 0; this.pending--) this.bits.push(1 - bit);
  }
}

export class ArithmeticDecoder {
  private low = 0;
  private high = TOP;
  private value = 0;
  private at = 0;

  constructor(private readonly bytes: Uint8Array) {
    for (let i = 0; i < 32; i++) this.value = 2 * this.value + this.nextBit();
  }

  /** The cumulative count the next symbol's range contains; the caller finds the symbol, then calls consume. */
  target(total: number): number {
    const range = this.high - this.low + 1;
    return Math.floor(((this.value - this.low + 1) * total - 1) / range);
  }

  consume({ low: symLow, high: symHigh, total }: SymbolRange): void {
    const range = this.high - this.low + 1;
    this.high = this.low + Math.floor((range * symHigh) / total) - 1;
    this.low = this.low + Math.floor((range * symLow) / total);
    for (;;) {
      if (this.high < HALF) {
        // nothing to take away
      } else if (this.low >= HALF) {
        this.value -= HALF;
        this.low -= HALF;
        this.high -= HALF;
      } else if (this.low >= QUARTER && this.high < 3 * QUARTER) {
        this.value -= QUARTER;
        this.low -= QUARTER;
        this.high -= QUARTER;
      } else break;
      this.low = 2 * this.low;
      this.high = 2 * this.high + 1;
      this.value = 2 * this.value + this.nextBit();
    }
  }

  private nextBit(): number {
    const byte = this.bytes[this.at >> 3] ?? 0;
    const bit = (byte >> (7 - (this.at & 7))) & 1;
    this.at += 1;
    return bit;
  }
}
