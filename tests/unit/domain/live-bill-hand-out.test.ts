import { describe, expect, it } from 'vitest';
import { applyLive, decideLive, settlementOf, visibleTo, type HandOut, type LiveActor, type LiveBill, type LiveCommand } from '../../../domain/live-bill/live-bill';
import { newLiveBill } from '../../../domain/live-bill/new-live-bill';
import { liveBillToWire } from '../../../src/contracts/live-bill-wire';
import { isPayBackPath, ownPayBackPath } from '../../../domain/paying-back/pay-back-links';
import { aTableBill, anOpening, readLiveBill } from '../../support/live-bills';
import { aBill as aSettledBill } from '../../support/builders';
import type { CurrencyCode } from '../../../domain/currency';

const NOW = new Date('2026-11-24T21:00:00Z');
const organiser: LiveActor = { kind: 'organiser' };
const table: LiveActor = { kind: 'table' };
const ann: LiveActor = { kind: 'diner', dinerId: 'ann' };
const bob: LiveActor = { kind: 'diner', dinerId: 'bob' };

// Pay-back pages as the server makes them: a 14-character receipt id and 27-character capabilities.
const ANN_PAGE = '/r/k7m2p9q4r8s3t6/annannannannannannannannann';
const BOB_PAGE = '/r/k7m2p9q4r8s3t6/bzbbzbbzbbzbbzbbzbbzbbzbbzb'; // (no o: not in the alphabet)

function aBill(): LiveBill {
  const made = newLiveBill(aTableBill().build(), anOpening(), 'bill1', NOW);
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

function run(bill: LiveBill, actor: LiveActor, command: LiveCommand, now = NOW): LiveBill {
  const decided = decideLive(bill, actor, command, now);
  if (!decided.ok) throw new Error(decided.error);
  return applyLive(bill, decided.value);
}

const handOut = (
  links: HandOut['links'] = [
    { dinerId: 'ann', path: ANN_PAGE, pence: 1234 },
    { dinerId: 'bob', path: BOB_PAGE, pence: 987 },
  ],
  payTo = 'Alice',
): HandOut => ({ type: 'handOut', payTo, links });
const finished = () => run(aBill(), organiser, { type: 'setStatus', status: 'finished' });

describe('handing out pay-back links after Finish', () => {
  it('gives each listed diner their own link and amount, and says who they pay', () => {
    const bill = run(finished(), organiser, handOut([{ dinerId: 'ann', path: ANN_PAGE, pence: 1234 }], '  Alice  '));
    expect(bill.payTo).toBe('Alice');
    expect(bill.diners.map((d) => [d.id, d.payLink])).toEqual([
      ['ann', { path: ANN_PAGE, pence: 1234 }],
      ['bob', undefined],
      ['cat', undefined],
    ]);
    expect(bill.version).toBe(2);
    expect(bill.status).toBe('finished');
  });

  it('carries a euro bill’s rate and each share at it onto the phones: only the diner’s own, and through the wire', () => {
    // Ann's and Bob's shares of the stored bill, €12.34 and €9.87, are £10.61 and £8.49 at the rate.
    const euros = aSettledBill()
      .withDiners('ann', 'bob')
      .withItem('pasta', 1234, ['ann'])
      .withItem('salad', 987, ['bob'])
      .inCurrency('EUR' as CurrencyCode)
      .build();
    const liveDiners = new Map([
      ['ann', 'ann'],
      ['bob', 'bob'],
    ]);
    const settled = { bill: euros, liveDiners, atRate: settlementOf(euros, { currency: 'GBP' as CurrencyCode, rate: '0.86' }).atRate };
    const bill = applyLive(finished(), { ...handOut(), settled });
    expect(bill.payBack).toEqual({ currency: 'GBP', rate: '0.86' });
    expect(bill.diners.find((d) => d.id === 'ann')!.payLink).toEqual({ path: ANN_PAGE, pence: 1234, converted: 1061 });
    const annSees = readLiveBill(JSON.parse(JSON.stringify(liveBillToWire(visibleTo(bill, ann)))));
    expect(annSees?.payBack).toEqual({ currency: 'GBP', rate: '0.86' });
    expect(annSees?.diners.map((d) => d.payLink?.converted)).toEqual([1061, undefined, undefined]);
    // A later hand-out from a bill without a rate takes it away.
    expect(applyLive(bill, { ...handOut(), settled: { bill: euros, liveDiners } }).payBack).toBeUndefined();
  });

  it('replaces the links handed out before: a diner left out has none', () => {
    const again = run(run(finished(), organiser, handOut()), organiser, handOut([{ dinerId: 'bob', path: BOB_PAGE, pence: 1000 }]));
    expect(again.diners.find((d) => d.id === 'ann')).not.toHaveProperty('payLink');
    expect(again.diners.find((d) => d.id === 'bob')!.payLink).toEqual({ path: BOB_PAGE, pence: 1000 });
  });

  it('is the organiser’s alone, in every status but expired', () => {
    for (const actor of [ann, table]) expect(decideLive(finished(), actor, handOut(), NOW)).toEqual({ ok: false, error: 'forbidden' });
    const locked = run(aBill(), organiser, { type: 'setStatus', status: 'locked' });
    for (const bill of [aBill(), locked, finished()]) expect(decideLive(bill, organiser, handOut(), NOW).ok).toBe(true);
    const later = new Date(NOW.getTime() + 7 * 24 * 3600 * 1000);
    expect(decideLive(finished(), organiser, handOut(), later)).toEqual({ ok: false, error: 'expired' });
  });

  it('refuses a diner not on the bill, the same diner twice, a link that is not one of our pay-back pages, a bad amount or no name', () => {
    const refused = (command: HandOut) => decideLive(finished(), organiser, command, NOW);
    expect(refused(handOut([{ dinerId: 'zed', path: ANN_PAGE, pence: 1 }]))).toEqual({ ok: false, error: 'unknown_diner' });
    expect(
      refused(
        handOut([
          { dinerId: 'ann', path: ANN_PAGE, pence: 1 },
          { dinerId: 'ann', path: BOB_PAGE, pence: 1 },
        ]),
      ),
    ).toEqual({ ok: false, error: 'bad_link' });
    for (const path of [
      'https://evil.example/r/k7m2p9q4r8s3t6/annannannannannannannannann',
      '/b/sometoken',
      '/r/k7m2p9q4r8s3t6/short',
      `${ANN_PAGE}?x=1`,
      'javascript:alert(1)',
      '//evil.example' + ANN_PAGE,
    ])
      expect(refused(handOut([{ dinerId: 'ann', path, pence: 1 }])), path).toEqual({ ok: false, error: 'bad_link' });
    for (const pence of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1]) expect(refused(handOut([{ dinerId: 'ann', path: ANN_PAGE, pence }]))).toEqual({ ok: false, error: 'bad_link' });
    expect(refused(handOut(undefined, '   '))).toEqual({ ok: false, error: 'bad_link' });
    expect(refused(handOut(undefined, 'x'.repeat(41)))).toEqual({ ok: false, error: 'bad_link' });
  });
});

describe('each phone sees only its own link', () => {
  const handedOut = () => run(finished(), organiser, handOut());

  it('shows the organiser every link, a diner their own, and the table’s link none', () => {
    const bill = handedOut();
    const links = (actor: LiveActor) => visibleTo(bill, actor).diners.flatMap((d) => (d.payLink ? [[d.id, d.payLink.path]] : []));
    expect(links(organiser)).toEqual([
      ['ann', ANN_PAGE],
      ['bob', BOB_PAGE],
    ]);
    expect(links(ann)).toEqual([['ann', ANN_PAGE]]);
    expect(links(bob)).toEqual([['bob', BOB_PAGE]]);
    expect(links(table)).toEqual([]);
    expect(links({ kind: 'diner', dinerId: 'cat' })).toEqual([]);
    // Nothing else differs: names, claims, totals and who they pay are the same on every phone.
    expect({ ...visibleTo(bill, ann), diners: [] }).toEqual({ ...bill, diners: [] });
    expect(JSON.stringify(liveBillToWire(visibleTo(bill, ann)))).not.toContain(BOB_PAGE);
  });

  it('hands back the very same bill when there is nothing to hide, so every phone is sent the same text', () => {
    const bill = aBill();
    for (const actor of [organiser, table, ann]) expect(visibleTo(bill, actor)).toBe(bill);
    const handed = handedOut();
    expect(visibleTo(handed, organiser)).toBe(handed);
  });
});

describe('pay-back links on the wire', () => {
  it('travel as JSON and back unchanged', () => {
    const bill = run(finished(), organiser, handOut());
    expect(readLiveBill(JSON.parse(JSON.stringify(liveBillToWire(bill))))).toEqual(bill);
  });

  it('are dropped when they are not one of our pay-back pages, so a phone never opens one', () => {
    const json = liveBillToWire(run(finished(), organiser, handOut()));
    const tampered = { ...json, diners: json.diners.map((d) => ({ ...d, payLink: { path: 'javascript:alert(1)', pence: 1 } })) };
    expect(readLiveBill(tampered)!.diners.every((d) => d.payLink === undefined)).toBe(true);
  });
});

describe('our own pay-back pages', () => {
  const origins = ['https://whospaying.app', 'http://127.0.0.1:4321'];

  it('accepts a path of one, or a full link to one on our own origin, as its path', () => {
    expect(isPayBackPath(ANN_PAGE)).toBe(true);
    expect(ownPayBackPath(ANN_PAGE, origins)).toBe(ANN_PAGE);
    expect(ownPayBackPath(`https://whospaying.app${ANN_PAGE}`, origins)).toBe(ANN_PAGE);
    expect(ownPayBackPath(`http://127.0.0.1:4321${ANN_PAGE}`, origins)).toBe(ANN_PAGE);
  });

  it.each([
    ['another origin', `https://evil.example${ANN_PAGE}`],
    ['a look-alike origin', `https://whospaying.app.evil.example${ANN_PAGE}`],
    ['a protocol-relative link', `//evil.example${ANN_PAGE}`],
    ['a backslash link', `\\\\evil.example${ANN_PAGE}`],
    ['credentials', `https://user:pass@whospaying.app${ANN_PAGE}`],
    ['a query', `https://whospaying.app${ANN_PAGE}?next=https://evil.example`],
    ['an empty fragment', `https://whospaying.app${ANN_PAGE}#`],
    ['another page', 'https://whospaying.app/b/sometoken'],
    ['a dot segment', `https://whospaying.app/r/k7m2p9q4r8s3t6/../../live/annannannannannannannannann`],
    ['a capability of the wrong shape', 'https://whospaying.app/r/k7m2p9q4r8s3t6/ANNANNANNANNANNANNANNANNANN'],
    ['a script', 'javascript:alert(1)'],
    ['nothing', ''],
  ])('refuses %s', (_, link) => expect(ownPayBackPath(link, origins)).toBeNull());
});
