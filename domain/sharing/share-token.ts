import { ByteFormatError, ByteReader, ByteWriter, fromBase36, toBase36 } from './compact-bytes';
import { foldCase, unfoldCase } from './letter-case';
import { MENU_DICTIONARY } from './menu-dictionary';
import { checkPacket, defaultKind, SHARE_PACKET_VERSION, SHARED_KINDS, type SharedItem, type SharedSeat, type SharePacket } from './share-packet';
import { MAX_ITEM_NAME_LENGTH } from '../bill';
import { decodeTexts, encodeTexts } from './text-model';
import { currencyCode, GBP, type CurrencyCode } from '../currency';
import { MAX_BILL_NAME_LENGTH } from '../bill-name';
import { MAX_DINER_NAME_LENGTH, MAX_DINERS } from '../diners';
import { minorUnits } from '../money';
import { err, type Result } from '../result';

/** HMAC signing with a list of keys (newest first); implemented outside the domain with a real MAC. */
export interface PacketSigner {
  /** The key new links are signed with. */
  readonly currentKeyId: string;
  /** The tag (at least 16 bytes) of data under the named key. */
  sign(keyId: string, data: Uint8Array): Uint8Array;
  /** Constant-time check of a tag; false for a key id that is not (or no longer) in the list. */
  verify(keyId: string, data: Uint8Array, tag: Uint8Array): boolean;
}

/** Raw deflate with a preset dictionary; inflate answers null for a corrupt stream or one that grows past maxBytes. */
export interface PacketCompressor {
  deflate(bytes: Uint8Array, dictionary: Uint8Array): Uint8Array;
  inflate(bytes: Uint8Array, dictionary: Uint8Array, maxBytes: number): Uint8Array | null;
}

export type TokenProblem = 'invalid' | 'expired' | 'format';

const TAG_BYTES = 16; // 128-bit truncated HMAC-SHA256
const MAX_TOKEN_CHARS = 4000;
const MAX_INFLATED_BYTES = 32 * 1024;
/** The longest token whose link (https://whospaying.app/b/…) still fits QR version 13 at error correction M. */
export const QR_13_TOKEN_CHARS = 443;
const FLAG_DEFLATED = 1;
const FLAG_FOCUS = 2;
// Set only for a proportional tip, so equal-tip tokens stay byte for byte what they were before it existed.
const FLAG_PROPORTIONAL_TIP = 4;
// Set only when an item's kind is not what its sign says (a service charge), for the same reason.
const FLAG_KINDS = 8;
// Names coded with the letter model (text-model.ts) instead of deflate, when that is shorter.
const FLAG_TEXT_MODEL = 16;
// Set only for a bill not in pounds, so a pound bill's token stays what it was: its code (and the
// power of ten its amounts were divided by) follows the head's counts.
const FLAG_CURRENCY = 32;
// Set only for a bill with a name or a payer, so a token without them stays byte for byte what it was.
const FLAG_DETAILS = 64;
// Set only for a bill paid back in pounds at the organiser's rate: its digits and decimal places follow the currency.
const FLAG_RATE = 128;
const DICTIONARY = new TextEncoder().encode(MENU_DICTIONARY.toLowerCase());
// An item's or the bill's name, whichever may be longer.
const LONGEST_NAME = Math.max(MAX_ITEM_NAME_LENGTH, MAX_BILL_NAME_LENGTH);

/** What the signed flags byte says about the bill besides compression. */
export interface BodyFlags {
  readonly focus: boolean;
  readonly proportionalTip: boolean;
  /** Whether the body ends with each item's kind. */
  readonly kinds?: boolean;
  /** Whether the head carries a currency (else pounds). */
  readonly currency?: boolean;
  /** Whether the head says who paid and the names end with the bill's name. */
  readonly details?: boolean;
  /** Whether the head carries the rate the bill is paid back at. */
  readonly rate?: boolean;
}

/**
 * The signed link token `payload.tag`, both halves in upper-case base 36 (QR alphanumeric mode).
 * payload = version, flags, key id, expiry (all signed), then the bill: raw-deflated against a small
 * dictionary of menu words when that is shorter, else as it is.
 */
export function sealPacket(packet: SharePacket, signer: PacketSigner, compressor: PacketCompressor): string {
  const flags = {
    focus: packet.focusSeatId !== null,
    proportionalTip: packet.tipSplit === 'proportional',
    kinds: packet.items.some((i) => i.kind !== defaultKind(i.pricePence)),
    currency: packet.currency !== GBP,
    details: packet.name !== null || packet.payerSeatId !== null,
    rate: packet.payBackRate !== null,
  };
  const parts = encodeParts(packet, flags);
  const deflated = sealBody(concat(parts.head, parts.texts, parts.numbers), flags, packet.expiresAt, signer, compressor);
  const modelled = seal(concat(parts.head, parts.numbers, encodeTexts(parts.names)), flagBits(flags) | FLAG_TEXT_MODEL, packet.expiresAt, signer);
  // Ties keep the older form, so a bill whose token existed before the letter model keeps it.
  return modelled.length < deflated.length ? modelled : deflated;
}

/** Signs an encoded bill body; exported so tests can seal bodies no valid packet would produce. */
export function sealBody(body: Uint8Array, bodyFlags: BodyFlags, expiresAt: number, signer: PacketSigner, compressor: PacketCompressor, forceDeflate = false): string {
  const deflated = compressor.deflate(body, DICTIONARY);
  const useDeflate = forceDeflate || deflated.length < body.length;
  return seal(useDeflate ? deflated : body, (useDeflate ? FLAG_DEFLATED : 0) | flagBits(bodyFlags), expiresAt, signer);
}

function flagBits(flags: BodyFlags): number {
  return (
    (flags.focus ? FLAG_FOCUS : 0) |
    (flags.proportionalTip ? FLAG_PROPORTIONAL_TIP : 0) |
    (flags.kinds ? FLAG_KINDS : 0) |
    (flags.currency ? FLAG_CURRENCY : 0) |
    (flags.details ? FLAG_DETAILS : 0) |
    (flags.rate ? FLAG_RATE : 0)
  );
}

function seal(body: Uint8Array, flags: number, expiresAt: number, signer: PacketSigner): string {
  const signed = new ByteWriter().byte(SHARE_PACKET_VERSION).byte(flags).text(signer.currentKeyId).varint(expiresAt).raw(body).toBytes();
  const tag = signer.sign(signer.currentKeyId, signed).subarray(0, TAG_BYTES);
  return `${toBase36(signed)}.${toBase36(tag)}`;
}

/**
 * Checks a token in the order that keeps forged input cheap: shape, then the tag in constant time,
 * then expiry, and only then inflates (capped) and parses.
 */
export function openPacket(token: string, nowSeconds: number, signer: PacketSigner, compressor: PacketCompressor): Result<SharePacket, TokenProblem> {
  const text = token.trim().toUpperCase();
  if (text.length > MAX_TOKEN_CHARS) return err('invalid');
  const parts = text.split('.');
  if (parts.length !== 2) return err('invalid');
  const signed = fromBase36(parts[0]!);
  const tag = fromBase36(parts[1]!);
  if (signed === null || tag === null || tag.length !== TAG_BYTES) return err('invalid');
  try {
    const header = new ByteReader(signed);
    if (header.byte() !== SHARE_PACKET_VERSION) return err('invalid');
    const flags = header.byte();
    const keyId = header.text(32);
    if (!signer.verify(keyId, signed, tag)) return err('invalid');
    const expiresAt = header.varint();
    if (expiresAt <= nowSeconds) return err('expired');
    const rest = header.rest();
    if ((flags & FLAG_DEFLATED) !== 0 && (flags & FLAG_TEXT_MODEL) !== 0) return err('format');
    const body = (flags & FLAG_DEFLATED) !== 0 ? compressor.inflate(rest, DICTIONARY, MAX_INFLATED_BYTES) : rest;
    if (body === null) return err('invalid');
    const bodyFlags = {
      focus: (flags & FLAG_FOCUS) !== 0,
      proportionalTip: (flags & FLAG_PROPORTIONAL_TIP) !== 0,
      kinds: (flags & FLAG_KINDS) !== 0,
      currency: (flags & FLAG_CURRENCY) !== 0,
      details: (flags & FLAG_DETAILS) !== 0,
      rate: (flags & FLAG_RATE) !== 0,
    };
    const packet = decodeBody(body, expiresAt, bodyFlags, (flags & FLAG_TEXT_MODEL) !== 0);
    const checked = checkPacket(packet);
    return checked.ok ? checked : err('format');
  } catch (e) {
    if (e instanceof ByteFormatError) return err('format');
    throw e;
  }
}

// The head (counts, focus, payer, currency, 2-bit case modes), the names (seats, items, then the bill's), and the numbers (prices, seats, tip, kinds).
// A deflated body is head, names side by side (length-prefixed, for deflate), numbers; a body coded
// with the letter model is head, numbers, then the names' bit stream to the end.
interface BodyParts {
  readonly head: Uint8Array;
  readonly names: readonly string[];
  readonly texts: Uint8Array;
  readonly numbers: Uint8Array;
}

function encodeParts(packet: SharePacket, flags: BodyFlags): BodyParts {
  const seatIndex = new Map(packet.seats.map((s, i) => [s.id, i]));
  const head = new ByteWriter().byte(packet.seats.length);
  if (packet.focusSeatId !== null) head.byte(seatIndex.get(packet.focusSeatId)!);
  // The payer as seat number (1…8), 0 for nobody on the bill.
  if (flags.details) head.byte(packet.payerSeatId === null ? 0 : seatIndex.get(packet.payerSeatId)! + 1);
  head.varint(packet.items.length);
  // Rupiah and won prices are round (45,000): divided by the power of ten they share, each takes a byte less.
  const scale = packet.currency === GBP ? 0 : sharedPowerOfTen([...packet.items.map((i) => i.pricePence), packet.tipPence]);
  if (packet.currency !== GBP) head.raw(packCurrency(packet.currency, scale));
  if (packet.payBackRate !== null) writeRate(head, packet.payBackRate);
  const billName = flags.details ? [packet.name ?? ''] : [];
  const folded = [...packet.seats.map((s) => s.name), ...packet.items.map((i) => i.name), ...billName].map(foldCase);
  for (let i = 0; i < folded.length; i += 4) head.byte(folded.slice(i, i + 4).reduce((b, f, k) => b | (f.mode << (2 * k)), 0));
  const texts = new ByteWriter();
  for (const f of folded) texts.text(f.text);
  const numbers = new ByteWriter();
  for (const item of packet.items) {
    numbers.signed(item.pricePence / 10 ** scale);
    numbers.byte(item.assignedTo.reduce((mask, id) => mask | (1 << seatIndex.get(id)!), 0));
  }
  numbers.varint(packet.tipPence / 10 ** scale);
  if (flags.kinds) {
    // Only the lines whose kind their sign does not imply (a service charge, mostly one): position × 4 + kind.
    const odd = packet.items.flatMap((item, i) => (item.kind === defaultKind(item.pricePence) ? [] : [i * 4 + SHARED_KINDS.indexOf(item.kind)]));
    numbers.varint(odd.length);
    for (const entry of odd) numbers.varint(entry);
  }
  return { head: head.toBytes(), names: folded.map((f) => f.text), texts: texts.toBytes(), numbers: numbers.toBytes() };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}

function decodeBody(body: Uint8Array, expiresAt: number, flags: BodyFlags, textModel: boolean): SharePacket {
  const r = new ByteReader(body);
  const seatCount = r.byte();
  if (seatCount < 1 || seatCount > MAX_DINERS) throw new ByteFormatError('seat count');
  const focus = flags.focus ? r.byte() : null;
  const payer = flags.details ? r.byte() : 0;
  const itemCount = r.varint();
  if (itemCount > body.length) throw new ByteFormatError('item count');
  const { currency, scale } = flags.currency ? unpackCurrency(r.take(2)) : { currency: GBP, scale: 0 };
  const payBackRate = flags.rate ? readRate(r) : null;
  const scaled = (amount: number) => {
    if (!Number.isSafeInteger(amount * 10 ** scale)) throw new ByteFormatError('amount');
    return amount * 10 ** scale;
  };
  const textCount = seatCount + itemCount + (flags.details ? 1 : 0);
  const modeBytes = Array.from({ length: Math.ceil(textCount / 4) }, () => r.byte());
  const mode = (n: number) => (modeBytes[Math.floor(n / 4)]! >> (2 * (n % 4))) & 3;
  const readNames = (): string[] =>
    textModel ? decodeTexts(r.rest(), textCount, LONGEST_NAME * 4) : Array.from({ length: textCount }, (_, i) => r.text((i < seatCount ? MAX_DINER_NAME_LENGTH : LONGEST_NAME) * 4));
  const folded = textModel ? [] : readNames();
  const numbers = Array.from({ length: itemCount }, () => ({ pricePence: scaled(r.signed()), mask: r.byte() }));
  const tipPence = scaled(r.varint());
  const kinds = new Map<number, number>();
  if (flags.kinds) {
    const count = r.varint();
    if (count > itemCount) throw new ByteFormatError('kind count');
    for (let n = 0; n < count; n++) {
      const entry = r.varint();
      kinds.set(Math.floor(entry / 4), entry % 4);
    }
  }
  const names = (textModel ? readNames() : folded).map((text, n) => unfoldCase(mode(n), text));
  if (!r.done) throw new ByteFormatError('trailing bytes');
  const seats: SharedSeat[] = names.slice(0, seatCount).map((name, i) => ({ id: String(i + 1), name }));
  const items: SharedItem[] = numbers.map(({ pricePence, mask }, i) => {
    // A bit beyond the seat count names a seat that does not exist: checkPacket refuses it.
    const assignedTo = Array.from({ length: 8 }, (_, bit) => bit)
      .filter((bit) => (mask & (1 << bit)) !== 0)
      .map((bit) => String(bit + 1));
    const kind = kinds.has(i) ? SHARED_KINDS[kinds.get(i)!] : defaultKind(pricePence);
    if (kind === undefined) throw new ByteFormatError('item kind');
    return { name: names[seatCount + i]!, pricePence: minorUnits(pricePence), kind, assignedTo };
  });
  return {
    version: SHARE_PACKET_VERSION,
    expiresAt,
    currency,
    seats,
    items,
    tipPence: minorUnits(tipPence),
    tipSplit: flags.proportionalTip ? 'proportional' : 'equal',
    focusSeatId: focus === null ? null : String(focus + 1),
    name: flags.details && names[textCount - 1] !== '' ? names[textCount - 1]! : null,
    // A seat number beyond the seat count names a seat that does not exist: checkPacket refuses it.
    payerSeatId: payer === 0 ? null : String(payer),
    payBackRate,
  };
}

const CODES = 26 ** 3;
const MAX_SCALE = 2; // CODES × 3 < 2¹⁶

/** The largest power of ten (up to 10²) that divides every amount. */
function sharedPowerOfTen(amounts: readonly number[]): number {
  let scale = MAX_SCALE;
  while (scale > 0 && amounts.some((a) => a % 10 ** scale !== 0)) scale -= 1;
  return scale;
}

// Three letters A–Z as a base-26 number, and the amounts' power of ten, in two bytes.
function packCurrency(currency: CurrencyCode, scale: number): Uint8Array {
  const n = [...currency].reduce((v, c) => v * 26 + (c.charCodeAt(0) - 65), 0) + CODES * scale;
  return Uint8Array.of(n >> 8, n & 0xff);
}

function unpackCurrency(bytes: Uint8Array): { currency: CurrencyCode; scale: number } {
  const packed = (bytes[0]! << 8) | bytes[1]!;
  const scale = Math.floor(packed / CODES);
  let n = packed % CODES;
  let text = '';
  for (let i = 0; i < 3; i++, n = Math.floor(n / 26)) text = String.fromCharCode(65 + (n % 26)) + text;
  const currency = currencyCode(text);
  if (currency === null || currency === GBP || scale > MAX_SCALE) throw new ByteFormatError('currency');
  return { currency, scale };
}

/** A rate as typed ("0.0052"): its digits as one number (52), then how many of them are decimals (4). */
function writeRate(head: ByteWriter, rate: string): void {
  const [whole = '0', decimals = ''] = rate.split('.');
  head.varint(Number(whole + decimals)).byte(decimals.length);
}

function readRate(r: ByteReader): string {
  const digits = r.varint();
  const places = r.byte();
  if (places > 8) throw new ByteFormatError('rate');
  const text = String(digits).padStart(places + 1, '0');
  return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
}
