import fc from 'fast-check';
import { deflateRaw } from 'pako';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { HmacPacketSigner } from '../../../adapters/crypto/hmac-packet-signer';
import { pakoCompressor } from '../../../adapters/pako/pako-compressor';
import { fromBase36, toBase36 } from '../../../domain/sharing/compact-bytes';
import { foldCase, unfoldCase } from '../../../domain/sharing/letter-case';
import { MENU_DICTIONARY } from '../../../domain/sharing/menu-dictionary';
import { SHARED_KINDS, presentToken, shareTokenMessage, shareViewMessage } from '../../../domain/sharing/share-packet';
import { aPacket, billOf, type BillSketch } from '../../support/share-packets';
import { billFromWire, billWire } from '../../../src/contracts/bill';
import { openPacket, QR_13_TOKEN_CHARS, sealBody, sealPacket, type PacketCompressor } from '../../../domain/sharing/share-token';
import { MADE_UP_MENUS } from '../../../scripts/made-up-menus';

const NOW = 1_790_000_000;
const signer = new HmacPacketSigner([
  { kid: 'k2', secret: 'new-secret-new-secret-new-secret!' },
  { kid: 'k1', secret: 'old-secret-old-secret-old-secret!' },
]);
const oldSigner = new HmacPacketSigner([{ kid: 'k1', secret: 'old-secret-old-secret-old-secret!' }]);
const bill: BillSketch = {
  diners: [
    { id: 'a', name: 'Alice' },
    { id: 'b', name: 'Ben' },
  ],
  items: [
    { name: 'Margherita Pizza', pricePence: 899, assignedTo: ['a'] },
    { name: 'Bottle of Prosecco', pricePence: 3200, assignedTo: ['a', 'b'] },
    { name: 'Voucher', pricePence: -500, assignedTo: [] },
  ],
  tipPence: 410,
};

function seal(request: BillSketch = bill, s = signer, now = NOW): string {
  const packet = aPacket(request, now);
  if (!packet.ok) throw new Error(packet.error);
  return sealPacket(packet.value, s, pakoCompressor);
}

const open = (token: string, s = signer, now = NOW) => openPacket(token, now, s, pakoCompressor);
const NO_FLAGS = { focus: false, proportionalTip: false };

describe('share packet tokens', () => {
  it('round-trips any valid bill, with seats numbered by position', () => {
    const name = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0 && s.trim() === s);
    // Any text: letters the model knows, other ASCII, and characters it escapes as UTF-8.
    const itemName = fc
      .oneof(fc.string({ minLength: 1, maxLength: 80 }), fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }), fc.stringMatching(/^[a-z][a-z ']{0,30}[a-z]$/))
      .filter((s) => s.trim() === s && s.length > 0 && [...s].length <= 80);
    const bills = fc.integer({ min: 1, max: 8 }).chain((n) =>
      fc.record({
        names: fc.array(name, { minLength: n, maxLength: n }),
        items: fc.array(
          fc.record({
            name: itemName,
            pricePence: fc.integer({ min: -100_000, max: 1_000_000 }),
            kind: fc.option(fc.constantFrom(...SHARED_KINDS), { nil: undefined }),
            mask: fc.integer({ min: 0, max: 2 ** n - 1 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        tipPence: fc.integer({ min: 0, max: 100_000 }),
        tipSplit: fc.constantFrom('equal' as const, 'proportional' as const),
        focus: fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: null }),
        billName: fc.option(itemName, { nil: undefined }),
        payer: fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: null }),
      }),
    );
    fc.assert(
      fc.property(bills, (b) => {
        // A bill whose discounts outweigh its items is refused ('Subtotal cannot be negative').
        fc.pre(b.items.reduce((sum, i) => sum + i.pricePence, 0) >= 0);
        const request: BillSketch = {
          diners: b.names.map((name, i) => ({ id: `diner-${i}`, name })),
          items: b.items.map((i) => ({ name: i.name, pricePence: i.pricePence, kind: i.kind, assignedTo: b.names.flatMap((_, k) => ((i.mask >> k) & 1 ? [`diner-${k}`] : [])) })),
          tipPence: b.tipPence,
          tipSplit: b.tipSplit,
          dinerId: b.focus === null ? null : `diner-${b.focus}`,
          name: b.billName,
          payerId: b.payer === null ? null : `diner-${b.payer}`,
        };
        const packet = aPacket(request, NOW);
        expect(packet.ok).toBe(true);
        if (!packet.ok) return;
        expect(open(sealPacket(packet.value, signer, pakoCompressor))).toEqual({ ok: true, value: packet.value });
      }),
      { numRuns: 150 },
    );
  });

  it('keeps equal-tip tokens byte for byte what they were before the tip split existed', () => {
    // Sealed by the encoder before the proportional-tip flag was added (same key, clock and bill).
    const before = {
      whole: '3SD74BR8IVR5253LZ0ZZ3LU9682U9A1Z70QNZVZFHMFC9170ENOM3GM9QJCEJJTLGWYECQKGCN8CN4.HQA35P1GKR55AQ332PGTDPITG',
      forBen: 'QXQWU329SN883RXSW4ZWUFYNPEVBQ8QYB31CLJ06RPAGZ1OOIB5R5FDKEAR17B19MAW5FKJHYK512PS.FJKOBAV2PN08E2EQ958U5NRI7',
    };
    const single = new HmacPacketSigner([{ kid: 'k2', secret: 'new-secret-new-secret-new-secret!' }]);
    expect(seal(bill, single)).toBe(before.whole);
    expect(seal({ ...bill, tipSplit: 'equal' }, single)).toBe(before.whole);
    expect(seal({ ...bill, dinerId: 'b' }, single)).toBe(before.forBen);
    for (const old of Object.values(before)) {
      const opened = open(old, single);
      expect(opened.ok && opened.value.tipSplit).toBe('equal');
    }
  });

  it('carries a currency other than pounds in two bytes behind flag 32, and any currency round-trips', () => {
    const pounds = fromBase36(seal(bill).split('.')[0]!)!;
    expect(pounds[1]! & 32).toBe(0);
    for (const currency of ['EUR', 'JPY', 'KWD', 'IDR', 'ZAR']) {
      const token = seal({ ...bill, currency });
      const bytes = fromBase36(token.split('.')[0]!)!;
      expect(bytes[1]! & 32).toBe(32);
      const opened = open(token);
      expect(opened.ok && opened.value.currency).toBe(currency);
      expect(opened.ok && opened.value.items.map((i) => i.pricePence)).toEqual([899, 3200, -500]);
    }
    // Round amounts travel divided by the power of ten they share, and come back whole.
    const rupiah = { ...bill, currency: 'IDR', items: bill.items.map((i) => ({ ...i, pricePence: i.pricePence * 1000 })), tipPence: 41_000 };
    const opened = open(seal(rupiah));
    expect(opened.ok && [...opened.value.items.map((i) => i.pricePence), opened.value.tipPence]).toEqual([899_000, 3_200_000, -500_000, 41_000]);
    expect(seal(rupiah).length).toBeLessThan(seal({ ...rupiah, tipPence: 41_001 }).length);
    expect(open(seal({ ...bill, currency: 'GBP' }))).toEqual(open(seal(bill)));
  });

  it('answers format for a signed body whose currency is no currency', () => {
    // Seats 1, items 0, then "AAA" packed (0): not an ISO 4217 code Intl knows.
    const body = new Uint8Array([1, 0, 0, 0, 0]);
    expect(open(sealBody(body, { ...NO_FLAGS, currency: true }, NOW + 60, signer, pakoCompressor))).toEqual({ ok: false, error: 'format' });
  });

  it('carries a proportional tip in a spare bit of the signed flags byte, at no cost in size', () => {
    const equal = seal();
    const proportional = seal({ ...bill, tipSplit: 'proportional' });
    const [equalBytes, proportionalBytes] = [equal, proportional].map((t) => fromBase36(t.split('.')[0]!)!);
    expect(proportionalBytes!.length).toBe(equalBytes!.length);
    // byte 1 is the flags byte: only the proportional-tip bit (4) differs.
    expect(proportionalBytes![1]! ^ equalBytes![1]!).toBe(4);
    expect([...proportionalBytes!].filter((b, i) => b !== equalBytes![i]).length).toBe(1);
    const opened = open(proportional);
    expect(opened.ok && opened.value.tipSplit).toBe('proportional');
    // The bit is signed like the rest: clearing it breaks the tag.
    const cleared = Uint8Array.from(proportionalBytes!);
    cleared[1]! &= ~4;
    expect(open(`${toBase36(cleared)}.${proportional.split('.')[1]}`)).toEqual({ ok: false, error: 'invalid' });
  });

  it("carries the bill's name and who paid behind a spare bit (64), so a token without them is byte for byte what it was", () => {
    const plain = seal();
    const named = seal({ ...bill, name: 'The Olive Tree · 25 Nov 2026', payerId: 'b' });
    expect(seal({ ...bill, name: '  ', payerId: null })).toBe(plain);
    const [plainBytes, namedBytes] = [plain, named].map((t) => fromBase36(t.split('.')[0]!)!);
    expect((namedBytes![1]! ^ plainBytes![1]!) & 64).toBe(64);
    const opened = open(named);
    expect(opened.ok && [opened.value.name, opened.value.payerSeatId]).toEqual(['The Olive Tree · 25 Nov 2026', '2']);
    expect(open(plain)).toMatchObject({ ok: true, value: { name: null, payerSeatId: null } });
    // Either alone travels too.
    expect(open(seal({ ...bill, payerId: 'a' }))).toMatchObject({ ok: true, value: { name: null, payerSeatId: '1' } });
    expect(open(seal({ ...bill, name: 'Bill of 25 Nov 2026' }))).toMatchObject({ ok: true, value: { name: 'Bill of 25 Nov 2026', payerSeatId: null } });
  });

  it('carries the rate a bill not in pounds is paid back at behind the last spare bit (128), exactly as typed', () => {
    const yen = { ...bill, currency: 'JPY' };
    const plain = seal(yen);
    for (const rate of ['0.0052', '1.10', '12', '0.00000001', '1234567.5']) {
      const token = seal({ ...yen, payBackRate: rate });
      const [plainBytes, rateBytes] = [plain, token].map((t) => fromBase36(t.split('.')[0]!)!);
      expect((rateBytes![1]! ^ plainBytes![1]!) & 128).toBe(128);
      expect(open(token)).toMatchObject({ ok: true, value: { currency: 'JPY', payBackRate: rate } });
    }
    // None for a bill in pounds, or without a rate; a rate that is no number is the documents' format error.
    expect(seal({ ...bill, payBackRate: '0.5' })).toBe(seal());
    expect(seal({ ...yen, payBackRate: null })).toBe(plain);
    expect(aPacket({ ...yen, payBackRate: 'a lot' }, NOW)).toEqual({ ok: false, error: 'Invalid share packet format' });
  });

  it('keeps the expiry 7 days out by default and reads tokens in any letter case', () => {
    const token = seal();
    const opened = open(token.toLowerCase());
    expect(opened.ok && opened.value.expiresAt).toBe(NOW + 7 * 24 * 3600);
    expect(opened.ok && opened.value.seats).toEqual([
      { id: '1', name: 'Alice' },
      { id: '2', name: 'Ben' },
    ]);
    expect(token).toMatch(/^[0-9A-Z]+\.[0-9A-Z]+$/);
  });

  it('rejects a token once it has expired', () => {
    const token = seal();
    expect(open(token, signer, NOW + 7 * 24 * 3600 - 1).ok).toBe(true);
    expect(open(token, signer, NOW + 7 * 24 * 3600)).toEqual({ ok: false, error: 'expired' });
  });

  it('rejects every flipped byte of the signed part or the tag', () => {
    const token = seal();
    const [payload, tag] = token.split('.') as [string, string];
    const bytes = fromBase36(payload)!;
    for (let i = 0; i < bytes.length; i++) {
      const flipped = Uint8Array.from(bytes);
      flipped[i]! ^= 0x01;
      expect(open(`${toBase36(flipped)}.${tag}`).ok).toBe(false);
    }
    const tagBytes = fromBase36(tag)!;
    tagBytes[0]! ^= 0x80;
    expect(open(`${payload}.${toBase36(tagBytes)}`)).toEqual({ ok: false, error: 'invalid' });
  });

  it('rejects a changed expiry (it is signed)', () => {
    const token = seal();
    const [payload, tag] = token.split('.') as [string, string];
    const bytes = fromBase36(payload)!;
    // version, flags, kid length, kid 'k2', then the five-byte expiry varint: move it a year on.
    const later = seal(bill, signer, NOW + 365 * 24 * 3600);
    const laterBytes = fromBase36(later.split('.')[0]!)!;
    const swapped = Uint8Array.from([...laterBytes.slice(0, 10), ...bytes.slice(10)]);
    expect(laterBytes.slice(0, 4)).toEqual(bytes.slice(0, 4));
    expect(open(`${toBase36(swapped)}.${tag}`)).toEqual({ ok: false, error: 'invalid' });
  });

  it('verifies links signed with an older key still in the list, and refuses them once the key is removed', () => {
    const token = seal(bill, oldSigner);
    expect(open(token, signer).ok).toBe(true);
    const rotatedOut = new HmacPacketSigner([{ kid: 'k2', secret: 'new-secret-new-secret-new-secret!' }]);
    expect(open(token, rotatedOut)).toEqual({ ok: false, error: 'invalid' });
    expect(open(seal(), oldSigner)).toEqual({ ok: false, error: 'invalid' });
  });

  it('rejects truncated, malformed and oversized tokens as invalid', () => {
    const token = seal();
    for (const bad of [
      token.slice(0, -1),
      token.slice(0, token.indexOf('.')),
      token.slice(1),
      `${token}.X`,
      '',
      '.',
      'a.b',
      'Ü.Ö',
      token.replace('.', '-'),
      `${token.split('.')[0]}.${'Z'.repeat(30)}`,
      'A'.repeat(5000) + '.A',
    ]) {
      expect(open(bad)).toEqual({ ok: false, error: 'invalid' });
    }
  });

  it('stops inflating a decompression bomb at the cap, even one carrying a valid tag', () => {
    const bomb = deflateRaw(new Uint8Array(5_000_000), { level: 9, dictionary: new TextEncoder().encode(MENU_DICTIONARY) });
    const passThrough: PacketCompressor = { deflate: () => bomb, inflate: pakoCompressor.inflate };
    const token = sealBody(new Uint8Array([1]), NO_FLAGS, NOW + 60, signer, passThrough, true);
    const started = performance.now();
    expect(open(token)).toEqual({ ok: false, error: 'invalid' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(pakoCompressor.inflate(bomb, new TextEncoder().encode(MENU_DICTIONARY), 1024)).toBeNull();
  });

  it('answers format for a signed body that names a seat that does not exist, or is cut short', () => {
    // one seat, one item, case modes 'as typed', seat "A", item "x" at 1p assigned to bit 2 (seat 3), tip 0
    const body = new Uint8Array([1, 1, 0, 1, 65, 1, 120, 2, 0b100, 0]);
    expect(open(sealBody(body, NO_FLAGS, NOW + 60, signer, pakoCompressor))).toEqual({ ok: false, error: 'format' });
    expect(open(sealBody(body.slice(0, 5), NO_FLAGS, NOW + 60, signer, pakoCompressor))).toEqual({ ok: false, error: 'format' });
    const fixed = Uint8Array.from(body);
    fixed[8] = 1;
    expect(open(sealBody(fixed, NO_FLAGS, NOW + 60, signer, pakoCompressor)).ok).toBe(true);
  });

  it('folds names to lower case only where it can restore them exactly', () => {
    const cases = ['MARGHERITA PIZZA', 'Bottle of Prosecco', 'diet coke', 'McDonald Burger', 'iPhone case', 'Peroni 330ml', 'ÉCLAIR', 'Straße', '2 for 1'];
    expect(cases.map((c) => foldCase(c).mode)).toEqual([2, 1, 3, 0, 0, 1, 2, 1, 3]);
    fc.assert(
      fc.property(fc.string({ maxLength: 30, unit: 'grapheme' }), (text) => {
        const folded = foldCase(text);
        expect(unfoldCase(folded.mode, folded.text)).toBe(text);
      }),
    );
  });

  it('maps each problem to the documents’ text', () => {
    expect(shareTokenMessage('missing')).toBe('No share token provided');
    expect(shareTokenMessage('invalid')).toBe('Invalid or expired share token');
    expect(shareTokenMessage('expired')).toBe('Invalid or expired share token');
    expect(shareTokenMessage('format')).toBe('Invalid share packet format');
    expect(shareViewMessage('missing')).toBe('Invalid share link - no token found');
    expect(shareViewMessage('expired')).toBe('Invalid or expired share link');
    expect(shareTokenMessage('failed')).toBe('Failed to load share data');
    expect(shareViewMessage('failed')).toBe('Failed to load share details');
    expect(presentToken('ABCDEFGHI')).toBeNull();
    expect(presentToken('ABCDEFGHIJ')).toBe('ABCDEFGHIJ');
  });
});

describe('share requests', () => {
  const problem = (change: Partial<BillSketch>) => {
    const r = aPacket({ ...bill, ...change }, NOW);
    return r.ok ? null : r.error;
  };

  it('refuses a currency that is not an ISO 4217 code where the bill comes in (the endpoint words it as the documents’ format message)', () => {
    for (const currency of ['EURO', 'eur', 'XYZ']) expect(billFromWire({ ...billOf(bill), currency })).toEqual({ ok: false, error: { field: 'currency' } });
  });

  it('gives the documents’ message for each invalid bill', () => {
    expect(problem({ items: [] })).toBe('No items in receipt');
    expect(problem({ diners: [] })).toBe('No diners specified');
    expect(problem({ tipPence: -1 })).toBe('Tip cannot be negative');
    expect(problem({ diners: Array.from({ length: 9 }, (_, i) => ({ id: `d${i}`, name: `D${i}` })) })).toBe('Maximum 8 diners supported');
    expect(problem({ items: [{ name: 'Chips', pricePence: 300, assignedTo: ['nobody'] }] })).toBe('Invalid share packet format');
    expect(problem({ items: [{ name: ' ', pricePence: 300, assignedTo: [] }] })).toBe('Invalid share packet format');
    expect(problem({ diners: [{ id: 'a', name: 'A'.repeat(21) }] })).toBe('Invalid share packet format');
    // A price that is not a whole number of minor units is no bill at all: the wire refuses it before any packet is made.
    expect(billWire.safeParse({ ...billOf(bill), items: [{ id: '0', name: 'Chips', pricePence: 1.5, kind: 'item', assignedTo: [] }] }).success).toBe(false);
    expect(problem({ dinerId: 'zed' })).toBe('Selected diner not found');
    expect(problem({ dinerId: 'b' })).toBeNull();
    expect(problem({ payerId: 'zed' })).toBe('Selected diner not found');
    expect(problem({ name: 'N'.repeat(81) })).toBe('Invalid share packet format');
    expect(problem({ name: 'N'.repeat(80), payerId: 'a' })).toBeNull();
  });
});

describe('links on menus the dictionary has never seen', () => {
  // The bench's pub menu: its first 19 dishes, and the service charge as the 20th line.
  const pub = MADE_UP_MENUS.pub!.slice(0, 19);
  const names = ['Alice', 'Ben', 'Charlotte', 'Dev', 'Emma', 'Farhan', 'Grace', 'Hamish'];
  const request: BillSketch = {
    diners: names.map((name, i) => ({ id: `d${i}`, name })),
    items: [...pub.map(([name, pricePence], i) => ({ name, pricePence, assignedTo: [`d${i % 8}`] })), { name: 'Service Charge', pricePence: 2150, kind: 'service' as const, assignedTo: [] }],
    tipPence: 0,
  };

  it('keeps 8 diners and 20 items with a service charge and who paid within QR version 13 at error correction M', () => {
    for (const bill of [request, { ...request, payerId: 'd0' }]) {
      const link = `https://whospaying.app/b/${seal(bill)}`;
      expect(QRCode.create(link, { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(13);
    }
  });

  it('knows the longest token that still fits QR version 13', () => {
    const link = (chars: number) => `https://whospaying.app/b/${'A'.repeat(chars - 27)}.${'B'.repeat(26)}`;
    expect(QRCode.create(link(QR_13_TOKEN_CHARS), { errorCorrectionLevel: 'M' }).version).toBe(13);
    expect(QRCode.create(link(QR_13_TOKEN_CHARS + 1), { errorCorrectionLevel: 'M' }).version).toBe(14);
  });

  // Prices at about what a penny is worth in each currency: whole yen, dinars to the thousandth, and
  // won and rupiah as menus print them, in round hundreds of thousands (to the nearest 500).
  it.each([
    ['EUR', 1.17, 1],
    ['JPY', 1.95, 1],
    ['KRW', 18.5, 500],
    ['IDR', 210, 500],
    ['KWD', 3.9, 1],
  ] as const)('keeps them within QR version 13 in %s too', (currency, perPenny, roundTo) => {
    const priced = { ...request, currency, items: request.items.map((i) => ({ ...i, pricePence: Math.round((i.pricePence * perPenny) / roundTo) * roundTo })) };
    const link = `https://whospaying.app/b/${seal(priced)}`;
    expect(QRCode.create(link, { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(13);
  });

  it('codes such names with the letter model (flag 16) and opens them exactly', () => {
    const packet = aPacket(request, NOW);
    if (!packet.ok) throw new Error(packet.error);
    const token = sealPacket(packet.value, signer, pakoCompressor);
    expect(fromBase36(token.split('.')[0]!)![1]! & 16).toBe(16);
    expect(open(token)).toEqual({ ok: true, value: packet.value });
  });
});
