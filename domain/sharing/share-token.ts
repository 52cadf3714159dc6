import { ByteFormatError, ByteReader, ByteWriter, fromBase36, toBase36 } from './compact-bytes';
import { foldCase, unfoldCase } from './letter-case';
import { MENU_DICTIONARY } from './menu-dictionary';
import { checkPacket, MAX_ITEM_NAME_LENGTH, SHARE_PACKET_VERSION, type SharedItem, type SharedSeat, type SharePacket } from './share-packet';
import { MAX_DINER_NAME_LENGTH, MAX_DINERS } from '../diners';
import { pence } from '../money';
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

export const TAG_BYTES = 16; // 128-bit truncated HMAC-SHA256
export const MAX_TOKEN_CHARS = 4000;
export const MAX_INFLATED_BYTES = 32 * 1024;
const FLAG_DEFLATED = 1;
const FLAG_FOCUS = 2;
// Set only for a proportional tip, so equal-tip tokens stay byte for byte what they were before it existed.
const FLAG_PROPORTIONAL_TIP = 4;
const DICTIONARY = new TextEncoder().encode(MENU_DICTIONARY.toLowerCase());

/** What the signed flags byte says about the bill besides compression. */
export interface BodyFlags {
  readonly focus: boolean;
  readonly proportionalTip: boolean;
}

/**
 * The signed link token `payload.tag`, both halves in upper-case base 36 (QR alphanumeric mode).
 * payload = version, flags, key id, expiry (all signed), then the bill: raw-deflated against a small
 * dictionary of menu words when that is shorter, else as it is.
 */
export function sealPacket(packet: SharePacket, signer: PacketSigner, compressor: PacketCompressor): string {
  const flags = { focus: packet.focusSeatId !== null, proportionalTip: packet.tipSplit === 'proportional' };
  return sealBody(encodeBody(packet), flags, packet.expiresAt, signer, compressor);
}

/** Signs an encoded bill body; exported so tests can seal bodies no valid packet would produce. */
export function sealBody(body: Uint8Array, bodyFlags: BodyFlags, expiresAt: number, signer: PacketSigner, compressor: PacketCompressor, forceDeflate = false): string {
  const deflated = compressor.deflate(body, DICTIONARY);
  const useDeflate = forceDeflate || deflated.length < body.length;
  const flags = (useDeflate ? FLAG_DEFLATED : 0) | (bodyFlags.focus ? FLAG_FOCUS : 0) | (bodyFlags.proportionalTip ? FLAG_PROPORTIONAL_TIP : 0);
  const signed = new ByteWriter()
    .byte(SHARE_PACKET_VERSION)
    .byte(flags)
    .text(signer.currentKeyId)
    .varint(expiresAt)
    .raw(useDeflate ? deflated : body)
    .toBytes();
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
    const body = (flags & FLAG_DEFLATED) !== 0 ? compressor.inflate(rest, DICTIONARY, MAX_INFLATED_BYTES) : rest;
    if (body === null) return err('invalid');
    const packet = decodeBody(body, expiresAt, { focus: (flags & FLAG_FOCUS) !== 0, proportionalTip: (flags & FLAG_PROPORTIONAL_TIP) !== 0 });
    const checked = checkPacket(packet);
    return checked.ok ? checked : err('format');
  } catch (e) {
    if (e instanceof ByteFormatError) return err('format');
    throw e;
  }
}

// Counts, then the 2-bit case modes, then texts side by side (for deflate), then the numbers.
function encodeBody(packet: SharePacket): Uint8Array {
  const seatIndex = new Map(packet.seats.map((s, i) => [s.id, i]));
  const w = new ByteWriter().byte(packet.seats.length);
  if (packet.focusSeatId !== null) w.byte(seatIndex.get(packet.focusSeatId)!);
  w.varint(packet.items.length);
  const folded = [...packet.seats.map((s) => s.name), ...packet.items.map((i) => i.name)].map(foldCase);
  for (let i = 0; i < folded.length; i += 4) w.byte(folded.slice(i, i + 4).reduce((b, f, k) => b | (f.mode << (2 * k)), 0));
  for (const f of folded) w.text(f.text);
  for (const item of packet.items) {
    w.signed(item.pricePence);
    w.byte(item.assignedTo.reduce((mask, id) => mask | (1 << seatIndex.get(id)!), 0));
  }
  return w.varint(packet.tipPence).toBytes();
}

function decodeBody(body: Uint8Array, expiresAt: number, flags: BodyFlags): SharePacket {
  const r = new ByteReader(body);
  const seatCount = r.byte();
  if (seatCount < 1 || seatCount > MAX_DINERS) throw new ByteFormatError('seat count');
  const focus = flags.focus ? r.byte() : null;
  const itemCount = r.varint();
  if (itemCount > body.length) throw new ByteFormatError('item count');
  const modeBytes = Array.from({ length: Math.ceil((seatCount + itemCount) / 4) }, () => r.byte());
  const mode = (n: number) => (modeBytes[Math.floor(n / 4)]! >> (2 * (n % 4))) & 3;
  const seats: SharedSeat[] = [];
  for (let i = 0; i < seatCount; i++) seats.push({ id: String(i + 1), name: unfoldCase(mode(i), r.text(MAX_DINER_NAME_LENGTH * 4)) });
  const names = Array.from({ length: itemCount }, (_, i) => unfoldCase(mode(seatCount + i), r.text(MAX_ITEM_NAME_LENGTH * 4)));
  const items: SharedItem[] = names.map((name) => {
    const pricePence = r.signed();
    const mask = r.byte();
    // A bit beyond the seat count names a seat that does not exist: checkPacket refuses it.
    const assignedTo = Array.from({ length: 8 }, (_, bit) => bit)
      .filter((bit) => (mask & (1 << bit)) !== 0)
      .map((bit) => String(bit + 1));
    return { name, pricePence: pence(pricePence), assignedTo };
  });
  const tipPence = r.varint();
  if (!r.done) throw new ByteFormatError('trailing bytes');
  return {
    version: SHARE_PACKET_VERSION,
    expiresAt,
    currency: 'GBP',
    seats,
    items,
    tipPence: pence(tipPence),
    tipSplit: flags.proportionalTip ? 'proportional' : 'equal',
    focusSeatId: focus === null ? null : String(focus + 1),
  };
}
