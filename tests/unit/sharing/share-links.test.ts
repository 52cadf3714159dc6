import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { HmacPacketSigner } from '../../../adapters/crypto/hmac-packet-signer';
import { pakoCompressor } from '../../../adapters/pako/pako-compressor';
import { billOf, type BillSketch } from '../../support/share-packets';
import { ShareLinks } from '../../../src/application/sharing/share-links';
import { MADE_UP_MENUS } from '../../../scripts/made-up-menus';

const signer = new HmacPacketSigner([{ kid: 'k1', secret: 'test-secret-test-secret-test-sec' }]);
const log = { info: () => {}, warn: () => {}, error: () => {} };
const links = new ShareLinks(signer, pakoCompressor, { now: () => new Date('2026-11-25T12:00:00Z') }, log);
const NAME = 'The Red Lion · 25 Nov 2026';

function shared(request: BillSketch) {
  const made = links.create(billOf(request), request);
  if (!made.ok) throw new Error(made.error.reason);
  const opened = links.open(made.value.token);
  if (!opened.ok) throw new Error(opened.error);
  return { link: `https://whospaying.app${made.value.path}`, view: opened.value.view };
}

describe("the bill's name and who paid on a share link", () => {
  it('carry both on an everyday bill', () => {
    const { view } = shared({
      diners: [
        { id: 'a', name: 'Alex' },
        { id: 'b', name: 'Ben' },
      ],
      items: [{ name: 'Fish and Chips', pricePence: 1450, assignedTo: ['a', 'b'] }],
      tipPence: 145,
      name: NAME,
      payerId: 'a',
    });
    expect(view.name).toBe(NAME);
    expect(view.payer).toEqual({ seatId: '1', owedPence: 797 });
  });

  it('leave the name out of a link it would push past QR version 13, never who paid', () => {
    // The bench's pub menu, its 20 long names unknown to the menu dictionary, and a service charge: already near the limit.
    const pub = MADE_UP_MENUS.pub!.slice(0, 19);
    const names = ['Alice', 'Ben', 'Charlotte', 'Dev', 'Emma', 'Farhan', 'Grace', 'Hamish'];
    const { link, view } = shared({
      diners: names.map((name, i) => ({ id: `d${i}`, name })),
      items: [...pub.map(([name, pricePence], i) => ({ name, pricePence, assignedTo: [`d${i % 8}`] })), { name: 'Service Charge', pricePence: 2150, kind: 'service' as const, assignedTo: [] }],
      tipPence: 0,
      name: NAME,
      payerId: 'd0',
    });
    expect(QRCode.create(link, { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(13);
    expect(view.name).toBeNull();
    expect(view.payer?.seatId).toBe('1');
  });
});
