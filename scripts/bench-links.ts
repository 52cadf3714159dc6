// Share-link size benchmark: link length and QR version (error correction M) for the reference bills,
// against the documents' own format. Prints figures; never fails on them.
// Usage: npm run bench:links   (reads ../shared/bench/reference-bills.mjs from the project root)
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import QRCode from 'qrcode';
import { HmacPacketSigner } from '../adapters/crypto/hmac-packet-signer';
import { pakoCompressor } from '../adapters/pako/pako-compressor';
import { currencyCode } from '../domain/currency';
import { newStoredBill } from '../domain/paying-back/new-stored-bill';
import type { Bill } from '../domain/bill';
import { minorUnits } from '../domain/money';
import { packetOfBill } from '../domain/sharing/share-packet';
import { sealPacket } from '../domain/sharing/share-token';
import { ShareLinks } from '../src/application/sharing/share-links';
import { emitRows, say } from './bench-output.mjs';
import { MADE_UP_MENUS } from './made-up-menus';

interface ReferenceBill {
  currency?: string;
  diners: { id: string; name: string }[];
  items: { id: string; name: string; pricePence: number; kind?: 'service'; assignedTo: string[] }[];
  tipPence: number;
}

const ORIGIN = 'https://whospaying.app';
// ../shared/bench/README.md: the documents' format (JSON, deflate, base64, base-36 checksum).
const DOCUMENTS: Record<string, { length: number; version: number }> = {
  '2x4': { length: 357, version: 14 },
  '4x10': { length: 584, version: 19 },
  '6x15': { length: 760, version: 22 },
  '8x20': { length: 887, version: 24 },
  '8x40': { length: 1179, version: 28 },
};

const benchDir = resolve(process.cwd(), process.env.BENCH_DIR ?? '../shared/bench');
const { referenceBill } = (await import(pathToFileURL(resolve(benchDir, 'reference-bills.mjs')).href)) as { referenceBill: (d: number, i: number, seed?: number) => ReferenceBill };
const signer = new HmacPacketSigner([{ kid: 'k1', secret: randomBytes(32).toString('base64url') }]);
const now = Math.floor(Date.now() / 1000);
const qrVersion = (text: string) => QRCode.create(text, { errorCorrectionLevel: 'M' }).version;

/** A reference bill as the app's one Bill. */
function billOf(bill: ReferenceBill, extra: Partial<Bill> = {}): Bill {
  const items = bill.items.map((i) => ({ ...i, pricePence: minorUnits(i.pricePence), kind: i.kind ?? ('item' as const) }));
  return {
    currency: currencyCode(bill.currency ?? 'GBP')!,
    name: null,
    diners: bill.diners,
    items,
    tipPence: minorUnits(bill.tipPence),
    tipSplit: 'equal',
    tipSharers: 'allDiners',
    payerId: null,
    ...extra,
  };
}

function signedLink(bill: ReferenceBill): string {
  const packet = packetOfBill(billOf(bill), {}, now);
  if (!packet.ok) throw new Error(packet.error);
  return `${ORIGIN}/b/${sealPacket(packet.value, signer, pakoCompressor)}`;
}

// The same bill with every item name's letters scrambled: no help from the menu dictionary.
function scrambled(bill: ReferenceBill): ReferenceBill {
  const shuffle = (s: string) => [...s].map((c, i) => (/[a-z]/.test(c) ? String.fromCharCode(97 + ((c.charCodeAt(0) - 97 + 7 * i + 3) % 26)) : c)).join('');
  return { ...bill, items: bill.items.map((i) => ({ ...i, name: shuffle(i.name) })) };
}

// As the app shares a bill (ShareLinks, which leaves the name out of a link it would push past QR
// version 13): named from the receipt's restaurant and date, the organiser (first diner) as payer.
const links = new ShareLinks(signer, pakoCompressor, { now: () => new Date() }, { warn: () => {}, error: () => {} });
function namedLink(bill: ReferenceBill): string {
  const made = links.create(billOf(bill, { name: 'The Olive Tree · 25 Nov 2026', payerId: bill.diners[0]!.id }), {});
  if (!made.ok) throw new Error(made.error.reason);
  return `${ORIGIN}${made.value.path}`;
}

// As many receipts print them, and as the reader returns them: item names in capitals.
function capitals(bill: ReferenceBill): ReferenceBill {
  return { ...bill, items: bill.items.map((i) => ({ ...i, name: i.name.toUpperCase() })) };
}

function madeUpBill(menu: [string, number][]): ReferenceBill {
  const bill = referenceBill(8, 20, 11);
  return { ...bill, items: bill.items.map((item, i) => ({ ...item, name: menu[i]![0], pricePence: menu[i]![1] })) };
}

function storedLink(bill: ReferenceBill): string {
  const made = newStoredBill(billOf(bill), {}, (n) => new Uint8Array(randomBytes(n)));
  if (!made.ok) throw new Error(made.error);
  return `${ORIGIN}/r/${made.value.stored.id}/${made.value.stored.bill.diners[0]!.id}`;
}

const figures: { name: string; figure: number; unit: string; note: string }[] = [];
const rows = [
  [
    'bill',
    'documents: length',
    'documents: QR',
    'signed /b/: length',
    'signed /b/: QR',
    'named, payer: length',
    'named, payer: QR',
    'ALL CAPS: length',
    'ALL CAPS: QR',
    'unknown words: length',
    'unknown words: QR',
    '/r/{id}/{dinerId}: length',
    '/r/: QR',
  ],
];
for (const [diners, items] of [
  [2, 4],
  [4, 10],
  [6, 15],
  [8, 20],
  [8, 40],
] as const) {
  const bill = referenceBill(diners, items);
  const docs = DOCUMENTS[`${diners}x${items}`]!;
  const link = signedLink(bill);
  const withName = namedLink(bill);
  const plain = signedLink(scrambled(bill));
  const caps = signedLink(capitals(bill));
  const short = storedLink(bill);
  rows.push([
    `${diners} diners, ${items} items`,
    String(docs.length),
    String(docs.version),
    String(link.length),
    String(qrVersion(link)),
    String(withName.length),
    String(qrVersion(withName)),
    String(caps.length),
    String(qrVersion(caps)),
    String(plain.length),
    String(qrVersion(plain)),
    String(short.length),
    String(qrVersion(short)),
  ]);
  const variants: [string, { length: number; version: number }][] = [
    ["documents' format", docs],
    ['signed /b/', { length: link.length, version: qrVersion(link) }],
    ['signed /b/, named, with payer', { length: withName.length, version: qrVersion(withName) }],
    ['signed /b/, ALL CAPS', { length: caps.length, version: qrVersion(caps) }],
    ['signed /b/, unknown words', { length: plain.length, version: qrVersion(plain) }],
    ['/r/{id}/{dinerId}', { length: short.length, version: qrVersion(short) }],
  ];
  for (const [variant, { length, version }] of variants) figures.push({ name: `links ${diners}x${items}: ${variant}`, figure: length, unit: 'chars', note: `QR version ${version} (M)` });
}

const menuRows = [['made-up menu, 8 diners, 20 items', 'signed /b/: length', 'signed /b/: QR', 'with an unassigned service charge: length', 'QR', 'and named, with payer: length', 'QR']];
for (const [menu, dishes] of Object.entries(MADE_UP_MENUS)) {
  const bill = madeUpBill(dishes);
  const link = signedLink(bill);
  const serviced: ReferenceBill = { ...bill, items: [...bill.items.slice(0, 19), { id: 'service', name: 'Service Charge', pricePence: 2150, kind: 'service', assignedTo: [] }] };
  const withService = signedLink(serviced);
  const withAll = namedLink(serviced);
  menuRows.push([menu, String(link.length), String(qrVersion(link)), String(withService.length), String(qrVersion(withService)), String(withAll.length), String(qrVersion(withAll))]);
  figures.push({ name: `links 8x20 made-up ${menu} menu`, figure: link.length, unit: 'chars', note: `QR version ${qrVersion(link)} (M)` });
}

// The same bills priced in other currencies, at about what a penny is worth in each: whole yen,
// dinars to the thousandth, and won and rupiah as menus print them, to the nearest 500.
const PER_PENNY = { GBP: [1, 1], EUR: [1.17, 1], USD: [1.32, 1], JPY: [1.95, 1], KRW: [18.5, 500], IDR: [210, 500], KWD: [3.9, 1] } as const;
const inCurrency = (bill: ReferenceBill, currency: keyof typeof PER_PENNY): ReferenceBill => {
  const [perPenny, roundTo] = PER_PENNY[currency];
  const price = (pence: number) => Math.round((pence * perPenny) / roundTo) * roundTo;
  return { ...bill, currency: currencyCode(currency)!, items: bill.items.map((i) => ({ ...i, pricePence: price(i.pricePence) })), tipPence: price(bill.tipPence) };
};
const currencyRows = [['currency, 8 diners, 20 items', 'reference bill: length', 'QR', 'worst made-up menu: length', 'QR']];
for (const currency of Object.keys(PER_PENNY) as (keyof typeof PER_PENNY)[]) {
  const link = signedLink(inCurrency(referenceBill(8, 20), currency));
  const menus = Object.values(MADE_UP_MENUS).map((dishes) => signedLink(inCurrency(madeUpBill(dishes), currency)));
  const worst = menus.reduce((a, b) => (b.length > a.length ? b : a));
  currencyRows.push([currency, String(link.length), String(qrVersion(link)), String(worst.length), String(qrVersion(worst))]);
  figures.push({ name: `links 8x20 in ${currency}`, figure: link.length, unit: 'chars', note: `QR version ${qrVersion(link)} (M); worst made-up menu ${qrVersion(worst)}` });
}

const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const [n, row] of rows.entries()) {
  say(`| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`);
  if (n === 0) say(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
}
const menuWidths = menuRows[0]!.map((_, c) => Math.max(...menuRows.map((r) => r[c]!.length)));
say('');
for (const [n, row] of menuRows.entries()) {
  say(`| ${row.map((cell, c) => cell.padEnd(menuWidths[c]!)).join(' | ')} |`);
  if (n === 0) say(`|${menuWidths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
}
const currencyWidths = currencyRows[0]!.map((_, c) => Math.max(...currencyRows.map((r) => r[c]!.length)));
say('');
for (const [n, row] of currencyRows.entries()) {
  say(`| ${row.map((cell, c) => cell.padEnd(currencyWidths[c]!)).join(' | ')} |`);
  if (n === 0) say(`|${currencyWidths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
}
say(`\nQR versions at error correction M, as chosen by the qrcode package (mixed byte/alphanumeric segments). Origin ${ORIGIN}.`);
emitRows(figures);
