import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase } from '../../adapters/postgres/connect';
import type { Database } from '../../adapters/postgres/database';
import { MemoryRateLimiter } from '../../adapters/memory/memory-rate-limiter';
import { PostgresLiveBillEvents } from '../../adapters/postgres/postgres-live-bill-events';
import { PostgresLiveBillStore } from '../../adapters/postgres/postgres-live-bills';
import type { LiveBill } from '../../domain/live-bill/live-bill';
import type { LiveBillStore } from '../../ports/live-bills';
import { liveTotals } from '../../domain/live-bill/live-split';
import { DEFAULT_LIVE_LIMITS, LiveBills } from '../../src/application/live-bills/live-bills';
import { FakeClock } from '../support/clock';
import { describeEachDatabase, type TestDatabase } from '../support/databases';
import { aTableBill, anOpening } from '../support/live-bills';
import { nodeSecrets } from '../../adapters/crypto/node-secrets';
import { MemoryStoredBills } from '../../adapters/memory/memory-stored-bills';
import { aStoredBill } from '../support/builders';
import type { CurrencyCode } from '../../domain/currency';

// Pay-back pages as the server makes them: /r/{receiptId}/{capability}.
const ANN_PAGE = '/r/k7m2p9q4r8s3t6/annannannannannannannannann';
const BOB_PAGE = '/r/k7m2p9q4r8s3t6/bzbbzbbzbbzbbzbbzbbzbbzbbzb';

// The stored bill those pages open: Ann's share 1149, Bob's 2098 (a hand-out must carry exactly these).
const storedBills = new MemoryStoredBills();
const STORED = aStoredBill('k7m2p9q4r8s3t6')
  .withDiner('s-ann', 'Ann', ANN_PAGE.split('/')[3]!)
  .withDiner('s-bob', 'Bob', BOB_PAGE.split('/')[3]!)
  .withItem('Soup', 1149, ['s-ann'])
  .withItem('Steak', 2098, ['s-bob']);

let storing: Promise<unknown> | null = null;

/** One app process's view of the database: its own pool (on Postgres), store, LISTEN and use case. */
function processOn(db: Kysely<Database>, clock = new FakeClock(new Date())) {
  const store = new PostgresLiveBillStore(db);
  const events = new PostgresLiveBillEvents(db, store);
  return { store, events, clock, liveBills: new LiveBills(store, events, new MemoryRateLimiter(clock), new MemoryRateLimiter(clock), clock, nodeSecrets, storedBills) };
}

/** Collects what a watcher is told, and waits for a version. */
function recorder() {
  const seen: LiveBill[] = [];
  const waiters: { version: number; resolve: (bill: LiveBill) => void }[] = [];
  return {
    seen,
    onChange(bill: LiveBill) {
      seen.push(bill);
      for (const w of waiters.filter((w) => bill.version >= w.version)) w.resolve(bill);
    },
    until(version: number): Promise<LiveBill> {
      const done = seen.find((b) => b.version >= version);
      return done ? Promise.resolve(done) : new Promise((resolve) => waiters.push({ version, resolve }));
    },
  };
}

describeEachDatabase('live bills', (open) => {
  let database: TestDatabase;
  let second: Kysely<Database> | null = null;
  let a: ReturnType<typeof processOn>;
  let b: ReturnType<typeof processOn>;

  beforeAll(async () => {
    storing ??= STORED.storedIn(storedBills, nodeSecrets.hash, new Date(Date.now() + 86_400_000));
    await storing;
    database = await open();
    a = processOn(database.db);
    // On Postgres the second process has a pool and a LISTEN connection of its own; PGlite lives in one process.
    second = database.url === null ? null : await connectDatabase({ kind: 'postgres', url: database.url });
    b = processOn(second ?? database.db);
  });

  afterAll(async () => {
    await a?.events.close();
    await b?.events.close();
    await second?.destroy();
    await database?.close();
  });

  async function openBill() {
    const opened = await a.liveBills.openToTable(aTableBill().build(), anOpening(), '203.0.113.1');
    if (!opened.ok) throw new Error(opened.error.code);
    const join = async (dinerId: string) => {
      const joined = await a.liveBills.command(opened.value.bill.id, opened.value.tableKey, { type: 'join', dinerId }, '203.0.113.2');
      if (!joined.ok || !joined.value.joined) throw new Error('join failed');
      return joined.value.joined.dinerKey;
    };
    return { ...opened.value, join };
  }

  it('keeps the bill’s currency, pounds unless the organiser’s bill is in another', async () => {
    const yen = await a.liveBills.openToTable(
      aTableBill()
        .inCurrency('JPY' as CurrencyCode)
        .build(),
      anOpening(),
      '203.0.113.9',
    );
    const pounds = await a.liveBills.openToTable(aTableBill().build(), anOpening(), '203.0.113.9');
    if (!yen.ok || !pounds.ok) throw new Error('not opened');
    expect((await b.store.find(yen.value.bill.id))?.currency).toBe('JPY');
    expect((await b.store.find(pounds.value.bill.id))?.currency).toBe('GBP');
  });

  it('keeps both claims when two phones claim one item at the same moment, each through a different process', async () => {
    const { bill, join } = await openBill();
    const [annKey, bobKey] = [await join('ann'), await join('bob')];
    const [first, secondClaim] = await Promise.all([
      a.liveBills.command(bill.id, annKey, { type: 'claim', itemId: 'pizza', unit: 0, dinerId: 'ann', claimed: true }, 'x'),
      b.liveBills.command(bill.id, bobKey, { type: 'claim', itemId: 'pizza', unit: 0, dinerId: 'bob', claimed: true }, 'y'),
    ]);
    expect(first.ok && secondClaim.ok).toBe(true);
    const stored = (await a.store.find(bill.id))!;
    expect(
      stored.claims
        .filter((c) => c.itemId === 'pizza')
        .map((c) => c.dinerId)
        .sort(),
    ).toEqual(['ann', 'bob']);
    expect(stored.version).toBe(4); // two joins, two claims: one version each
  });

  it('lets a diner back into their seat on another phone once the organiser lets it in; the old phone’s key no longer acts, and a watcher of the bill sees the move', async () => {
    const { bill, join, organiserKey, tableKey } = await openBill();
    const annKey = await join('ann');
    const heard = recorder();
    const watch = await b.liveBills.watch(bill.id, annKey, '203.0.113.5', heard.onChange);
    if (!watch.ok) throw new Error(watch.error.code);
    const claim = (key: string, claimed: boolean) => a.liveBills.command(bill.id, key, { type: 'claim', itemId: 'pizza', unit: 0, dinerId: 'ann', claimed }, 'x');

    // Only the table's link asks, only for a seat someone holds; only the organiser answers.
    expect(await a.liveBills.command(bill.id, annKey, { type: 'askSeat', dinerId: 'ann' }, 'x')).toEqual({ ok: false, error: { code: 'forbidden' } });
    expect(await a.liveBills.command(bill.id, tableKey, { type: 'askSeat', dinerId: 'bob' }, 'x')).toEqual({ ok: false, error: { code: 'seat_free' } });
    const asked = await b.liveBills.command(bill.id, tableKey, { type: 'askSeat', dinerId: 'ann' }, '203.0.113.7');
    if (!asked.ok || asked.value.asked === undefined) throw new Error('not asked');
    const { askId, dinerKey } = asked.value.asked;
    expect(asked.value.bill.diners.find((d) => d.id === 'ann')).toMatchObject({ joined: true, asking: askId });
    // Until the organiser lets it in, the new key acts as nobody and the old phone keeps the seat.
    expect(await claim(dinerKey, true)).toEqual({ ok: false, error: { code: 'forbidden' } });
    expect(await a.liveBills.command(bill.id, tableKey, { type: 'answerSeat', dinerId: 'ann', askId, letIn: true }, 'x')).toEqual({ ok: false, error: { code: 'forbidden' } });
    expect(await a.liveBills.command(bill.id, organiserKey, { type: 'answerSeat', dinerId: 'ann', askId: 'not-the-ask', letIn: true }, 'x')).toEqual({ ok: false, error: { code: 'ask_gone' } });

    const letIn = await a.liveBills.command(bill.id, organiserKey, { type: 'answerSeat', dinerId: 'ann', askId, letIn: true }, 'x');
    if (!letIn.ok) throw new Error(letIn.error.code);
    const ann = letIn.value.bill.diners.find((d) => d.id === 'ann')!;
    expect([ann.seat, ann.asking]).toEqual([askId, undefined]);
    expect((await claim(dinerKey, true)).ok).toBe(true);
    expect(await claim(annKey, false)).toEqual({ ok: false, error: { code: 'forbidden' } });
    // The old phone's stream, in another process, is told the seat moved (and the claim the new phone made).
    const seen = await heard.until(letIn.value.bill.version + 1);
    expect(seen.diners.find((d) => d.id === 'ann')?.seat).toBe(askId);
    expect(seen.claims).toContainEqual({ itemId: 'pizza', unit: 0, dinerId: 'ann' });
    expect((await b.store.find(bill.id))?.diners.find((d) => d.id === 'ann')).toMatchObject({ seat: askId, joined: true });
    // Its key opens no stream any more.
    expect(await a.liveBills.watch(bill.id, annKey, '203.0.113.5', () => undefined)).toEqual({ ok: false, error: { code: 'not_found' } });
    watch.value.close();

    // Asked and not let in: the ask goes, the seat stays where it is; after Finish a diner may still ask (to see what to pay).
    await a.liveBills.command(bill.id, organiserKey, { type: 'setStatus', status: 'finished' }, 'x');
    const again = await a.liveBills.command(bill.id, tableKey, { type: 'askSeat', dinerId: 'ann' }, '203.0.113.7');
    if (!again.ok || again.value.asked === undefined) throw new Error('not asked after Finish');
    const no = await a.liveBills.command(bill.id, organiserKey, { type: 'answerSeat', dinerId: 'ann', askId: again.value.asked.askId, letIn: false }, 'x');
    expect(no.ok && no.value.bill.diners.find((d) => d.id === 'ann')).toMatchObject({ seat: askId });
    expect(no.ok && no.value.bill.diners.find((d) => d.id === 'ann')?.asking).toBeUndefined();
    expect((await a.liveBills.watch(bill.id, again.value.asked.dinerKey, 'x', () => undefined)).ok).toBe(false);
  });

  it('decides a claim on the stored bill when another process changed it since this one last saw it', async () => {
    const { bill, join, organiserKey } = await openBill();
    const [annKey, bobKey] = [await join('ann'), await join('bob')];
    const claim = (on: typeof a, key: string, itemId: string, dinerId: string, claimed = true) => on.liveBills.command(bill.id, key, { type: 'claim', itemId, unit: 0, dinerId, claimed }, 'x');
    // Process a remembers the bill at the version of Bob's claim; b then removes Bob and claims for Ann.
    expect((await claim(a, bobKey, 'soup', 'bob')).ok).toBe(true);
    expect((await b.liveBills.command(bill.id, organiserKey, { type: 'removeDiner', dinerId: 'bob' }, 'y')).ok).toBe(true);
    expect((await claim(b, annKey, 'pizza', 'ann')).ok).toBe(true);
    // On a's remembered bill Bob is still there: the database's bill says he is not.
    expect(await claim(a, bobKey, 'beer', 'bob')).toEqual({ ok: false, error: { code: 'forbidden' } });
    const annUnclaims = await claim(a, annKey, 'pizza', 'ann', false);
    expect(annUnclaims.ok && annUnclaims.value.bill.version).toBe(6); // two joins, claim, removal, claim, unclaim
    const stored = (await a.store.find(bill.id))!;
    expect({ version: stored.version, claims: stored.claims, diners: stored.diners.map((d) => d.id) }).toEqual({ version: 6, claims: [], diners: ['ann', 'cat'] });
    // Claims in a row on one process, each on the bill the one before left.
    for (const itemId of ['soup', 'pizza', 'beer']) expect((await claim(a, annKey, itemId, 'ann')).ok).toBe(true);
    expect((await b.store.find(bill.id))!.claims.map((c) => c.itemId)).toEqual(['beer', 'pizza', 'soup']);
  });

  it('lets a diner change only their own claims, and the organiser anyone’s', async () => {
    const { bill, join, organiserKey, tableKey } = await openBill();
    const annKey = await join('ann');
    const claimFor = (key: string, dinerId: string) => a.liveBills.command(bill.id, key, { type: 'claim', itemId: 'soup', unit: 0, dinerId, claimed: true }, 'x');
    expect(await claimFor(annKey, 'bob')).toEqual({ ok: false, error: { code: 'forbidden' } });
    expect(await claimFor(tableKey, 'ann')).toEqual({ ok: false, error: { code: 'forbidden' } });
    expect((await claimFor(organiserKey, 'bob')).ok).toBe(true);
    expect(await a.liveBills.command(bill.id, 'A'.repeat(22), { type: 'setStatus', status: 'locked' }, 'x')).toEqual({ ok: false, error: { code: 'forbidden' } });
    expect(await a.liveBills.command(bill.id, annKey, { type: 'join', dinerId: 'bob' }, 'x')).toEqual({ ok: false, error: { code: 'forbidden' } });
    expect(await a.liveBills.command(bill.id, tableKey, { type: 'join', dinerId: 'ann' }, 'x')).toEqual({ ok: false, error: { code: 'diner_taken' } });
  });

  it("keeps the organiser's own seat (who paid) joined from the start: no phone takes it, and the organiser stays the organiser", async () => {
    const opened = await a.liveBills.openToTable(aTableBill().build(), anOpening({ organiserDinerId: 'ann' }), '203.0.113.1');
    if (!opened.ok) throw new Error(opened.error.code);
    const { bill, organiserKey, tableKey } = opened.value;
    expect(await a.liveBills.command(bill.id, tableKey, { type: 'join', dinerId: 'ann' }, 'x')).toEqual({ ok: false, error: { code: 'diner_taken' } });
    const locked = await b.liveBills.command(bill.id, organiserKey, { type: 'setStatus', status: 'locked' }, 'x');
    expect(locked.ok && locked.value.bill.diners.map((d) => [d.id, d.joined])).toEqual([
      ['ann', true],
      ['bob', false],
      ['cat', false],
    ]);
  });

  it('adds a diner from a phone by the documents’ rules, up to 8', async () => {
    const { bill, tableKey } = await openBill();
    const add = (name: string) => a.liveBills.command(bill.id, tableKey, { type: 'addDiner', name }, 'x');
    expect(await add('   ')).toEqual({ ok: false, error: { code: 'name_empty' } });
    expect(await add('x'.repeat(21))).toEqual({ ok: false, error: { code: 'name_too_long' } });
    const dee = await add('  Dee  ');
    expect(dee.ok && dee.value.joined && dee.value.bill.diners.at(-1)).toEqual({ id: dee.ok ? dee.value.joined!.dinerId : '', name: 'Dee', joined: true });
    for (const name of ['Eve', 'Fay', 'Gus', 'Hal']) expect((await add(name)).ok).toBe(true);
    expect(await add('Ivy')).toEqual({ ok: false, error: { code: 'table_full' } });
  });

  it('is read-only once locked, and again open when unlocked; expired after 7 days', async () => {
    const { bill, join, organiserKey } = await openBill();
    const annKey = await join('ann');
    const claim = () => a.liveBills.command(bill.id, annKey, { type: 'claim', itemId: 'soup', unit: 0, dinerId: 'ann', claimed: true }, 'x');
    expect((await a.liveBills.command(bill.id, organiserKey, { type: 'setStatus', status: 'locked' }, 'x')).ok).toBe(true);
    expect(await claim()).toEqual({ ok: false, error: { code: 'locked' } });
    expect((await a.liveBills.command(bill.id, organiserKey, { type: 'setStatus', status: 'open' }, 'x')).ok).toBe(true);
    expect((await claim()).ok).toBe(true);
    a.clock.advance(7 * 24 * 60 * 60 * 1000);
    expect(await claim()).toEqual({ ok: false, error: { code: 'expired' } });
    a.clock.advance(-7 * 24 * 60 * 60 * 1000);
  });

  it('limits claims per diner per minute', async () => {
    const { bill, join } = await openBill();
    const annKey = await join('ann');
    const outcomes = [];
    for (let i = 0; i < 61; i++) outcomes.push(await a.liveBills.command(bill.id, annKey, { type: 'claim', itemId: 'soup', unit: 0, dinerId: 'ann', claimed: i % 2 === 0 }, 'x'));
    expect(outcomes.slice(0, 60).every((o) => o.ok)).toBe(true);
    expect(outcomes[60]).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
  });

  it('tells a watcher on the other process every change, in order, and each version once', async () => {
    const { bill, join, tableKey } = await openBill();
    const phone = recorder();
    const watch = await b.liveBills.watch(bill.id, tableKey, '198.51.100.9', phone.onChange);
    expect(watch.ok).toBe(true);
    if (!watch.ok) return;
    expect(watch.value.bill.version).toBe(0);
    const annKey = await join('ann');
    for (const unit of [0, 1, 2]) await a.liveBills.command(bill.id, annKey, { type: 'claim', itemId: 'beer', unit, dinerId: 'ann', claimed: true }, 'x');
    const last = await phone.until(4);
    expect(last.claims.filter((c) => c.itemId === 'beer')).toHaveLength(3);
    expect(phone.seen.map((s) => s.version)).toEqual([1, 2, 3, 4]);
    expect(liveTotals(last).split.shares.find((s) => s.dinerId === 'ann')!.itemsPence).toBe(1500);
    watch.value.close();
  });

  it('stores each diner’s pay-back link after Finish, and tells each phone only its own, on either process', async () => {
    const { bill, join, organiserKey, tableKey } = await openBill();
    const [annKey, bobKey] = [await join('ann'), await join('bob')];
    const annPhone = recorder();
    const bobPhone = recorder();
    const tablePhone = recorder();
    const watches = [
      await b.liveBills.watch(bill.id, annKey, '198.51.100.1', annPhone.onChange),
      await b.liveBills.watch(bill.id, bobKey, '198.51.100.2', bobPhone.onChange),
      await a.liveBills.watch(bill.id, tableKey, '198.51.100.3', tablePhone.onChange),
    ];
    expect(watches.every((w) => w.ok)).toBe(true);
    expect((await a.liveBills.command(bill.id, organiserKey, { type: 'setStatus', status: 'finished' }, 'x')).ok).toBe(true);
    const links = [
      { dinerId: 'ann', path: ANN_PAGE, pence: 1149 },
      { dinerId: 'bob', path: BOB_PAGE, pence: 2098 },
    ];
    const handed = await a.liveBills.command(bill.id, organiserKey, { type: 'handOut', payTo: 'Alice', links }, 'x');
    expect(handed.ok && handed.value.bill.diners.map((d) => d.payLink?.path ?? null)).toEqual([ANN_PAGE, BOB_PAGE, null]);
    // What each phone's list shows is the stored bill its share was worked out from: Bob's steak on Bob's list.
    const bobSees = await bobPhone.until(4);
    expect(bobSees.claims.map((c) => [bobSees.items.find((i) => i.id === c.itemId)!.name, c.dinerId])).toEqual([
      ['Soup', 'ann'],
      ['Steak', 'bob'],
    ]);

    // Stored: read back from the database, on the other process's connection too.
    for (const store of [a.store, b.store]) {
      const stored = (await store.find(bill.id))!;
      expect(stored.payTo).toBe('Alice');
      expect(stored.diners.map((d) => d.payLink ?? null)).toEqual([{ path: ANN_PAGE, pence: 1149 }, { path: BOB_PAGE, pence: 2098 }, null]);
    }
    const pages = (seen: LiveBill) => seen.diners.flatMap((d) => (d.payLink ? [d.payLink.path] : []));
    expect(pages(await annPhone.until(4))).toEqual([ANN_PAGE]);
    expect(pages(await bobPhone.until(4))).toEqual([BOB_PAGE]);
    expect(pages(await tablePhone.until(4))).toEqual([]);
    expect([...annPhone.seen, ...bobPhone.seen, ...tablePhone.seen].every((seen) => seen.payTo === undefined || seen.payTo === 'Alice')).toBe(true);

    // A command's answer is the sender's view too (the organiser opens the bill again to let Ann claim);
    // a phone that watches again is sent its own link; a new phone at the table none.
    expect((await a.liveBills.command(bill.id, organiserKey, { type: 'setStatus', status: 'open' }, 'x')).ok).toBe(true);
    const steak = bobSees.items.find((i) => i.name === 'Steak')!.id;
    const annAnswer = await a.liveBills.command(bill.id, annKey, { type: 'claim', itemId: steak, unit: 0, dinerId: 'ann', claimed: true }, 'x');
    expect(annAnswer.ok && pages(annAnswer.value.bill)).toEqual([ANN_PAGE]);
    const again = await a.liveBills.watch(bill.id, bobKey, '198.51.100.2', () => {});
    expect(again.ok && pages(again.value.bill)).toEqual([BOB_PAGE]);
    const joined = await a.liveBills.command(bill.id, tableKey, { type: 'join', dinerId: 'cat' }, 'x');
    expect(joined.ok && joined.value.joined?.dinerId).toBe('cat');
    expect(joined.ok && pages(joined.value.bill)).toEqual([]);

    // Only the organiser hands out links, and only to this bill's diners.
    expect(await a.liveBills.command(bill.id, annKey, { type: 'handOut', payTo: 'Ann', links: [] }, 'x')).toEqual({ ok: false, error: { code: 'forbidden' } });
    // Amounts are the stored bill's shares, or the hand-out goes to no phone: 1p short, or a bill the server does not have.
    const shortBy1p = [links[0]!, { ...links[1]!, pence: 2097 }];
    expect(await a.liveBills.command(bill.id, organiserKey, { type: 'handOut', payTo: 'Alice', links: shortBy1p }, 'x')).toEqual({ ok: false, error: { code: 'not_its_shares' } });
    const elsewhere = links.map((l) => ({ ...l, path: l.path.replace('k7m2p9q4r8s3t6', 'nosuchbill2345') }));
    expect(await a.liveBills.command(bill.id, organiserKey, { type: 'handOut', payTo: 'Alice', links: elsewhere }, 'x')).toEqual({ ok: false, error: { code: 'no_stored_bill' } });
    expect((await b.store.find(bill.id))!.diners.map((d) => d.payLink?.pence ?? null)).toEqual([1149, 2098, null]);
    expect(await a.liveBills.command(bill.id, organiserKey, { type: 'handOut', payTo: 'Alice', links: [{ dinerId: 'zed', path: ANN_PAGE, pence: 1149 }] }, 'x')).toEqual({
      ok: false,
      error: { code: 'unknown_diner' },
    });
    // Handed out again without Bob: his link is gone from the database.
    const without = await a.liveBills.command(bill.id, organiserKey, { type: 'handOut', payTo: 'Alice', links: links.slice(0, 1) }, 'x');
    expect(without.ok).toBe(true);
    expect((await b.store.find(bill.id))!.diners.map((d) => d.payLink?.path ?? null)).toEqual([ANN_PAGE, null, null]);
    // The phones' lists are the stored bill's lines, who had each as the links say (Bob's link is gone, so is his claim).
    const settled = (await b.store.find(bill.id))!;
    expect(settled.items.map((i) => [i.name, i.pricePence, i.units])).toEqual([
      ['Soup', 1149, 1],
      ['Steak', 2098, 1],
    ]);
    expect(settled.claims.map((c) => [settled.items.find((i) => i.id === c.itemId)!.name, c.dinerId])).toEqual([['Soup', 'ann']]);
    for (const w of [...watches, again]) if (w.ok) w.value.close();
  });

  it('caps open streams per bill and per address', async () => {
    const { bill, tableKey } = await openBill();
    const capped = new LiveBills(a.store, a.events, new MemoryRateLimiter(a.clock), new MemoryRateLimiter(a.clock), a.clock, nodeSecrets, storedBills, {
      ...DEFAULT_LIVE_LIMITS,
      connectionsPerBill: 2,
      connectionsPerAddress: 3,
    });
    const watches = [await capped.watch(bill.id, tableKey, 'one', () => {}), await capped.watch(bill.id, tableKey, 'two', () => {})];
    expect(await capped.watch(bill.id, tableKey, 'three', () => {})).toEqual({ ok: false, error: { code: 'too_many_connections' } });
    if (watches[0]!.ok) watches[0]!.value.close();
    expect((await capped.watch(bill.id, tableKey, 'three', () => {})).ok).toBe(true);
    expect(await capped.watch('nosuchbill', tableKey, 'four', () => {})).toEqual({ ok: false, error: { code: 'not_found' } });
  });

  it('makes changes wait their turn for a connection, and refuses only past the queue', async () => {
    const { bill, organiserKey } = await openBill();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inStore = 0;
    // The store as a slow database would be: every change holds its connection until the gate opens.
    const slow: LiveBillStore = Object.assign(Object.create(a.store) as LiveBillStore, {
      change: async (...args: Parameters<LiveBillStore['change']>) => {
        inStore++;
        await gate;
        return a.store.change(...args);
      },
    });
    const queued = new LiveBills(slow, a.events, new MemoryRateLimiter(a.clock), new MemoryRateLimiter(a.clock), a.clock, nodeSecrets, storedBills, {
      ...DEFAULT_LIVE_LIMITS,
      changesAtOnce: 1,
      changesWaiting: 2,
    });
    const claim = (itemId: string) => queued.command(bill.id, organiserKey, { type: 'claim', itemId, unit: 0, dinerId: 'ann', claimed: true }, 'x');
    const taken = [claim('soup'), claim('pizza'), claim('beer')];
    expect(await claim('soup')).toEqual({ ok: false, error: { code: 'busy', retryAfterSeconds: 1 } });
    expect(inStore).toBe(1);
    release();
    const outcomes = await Promise.all(taken);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true]);
    expect((await a.store.find(bill.id))!.claims).toHaveLength(3);
  });
});
