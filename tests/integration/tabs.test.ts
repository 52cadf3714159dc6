import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nodeSecrets } from '../../adapters/crypto/node-secrets';
import { MemoryRateLimiter } from '../../adapters/memory/memory-rate-limiter';
import { connectDatabase } from '../../adapters/postgres/connect';
import type { Database } from '../../adapters/postgres/database';
import { PostgresTabEvents, PostgresTabStore } from '../../adapters/postgres/postgres-tabs';
import type { CurrencyCode } from '../../domain/currency';
import { clearsEveryBalance } from '../../domain/tab/settle-up';
import type { TabId } from '../../domain/tab/tab';
import type { TabView } from '../../domain/tab/tab-view';
import { Tabs } from '../../src/application/tabs/tabs';
import { FakeClock } from '../support/clock';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

// Issue 38: a tab on a real database, changed from two processes at once (on Postgres, each with its
// own pool and LISTEN connection): nothing lost, every plan clears every balance, every change heard.

const EUR = 'EUR' as CurrencyCode;

function processOn(db: Kysely<Database>) {
  const clock = new FakeClock(new Date('2026-11-27T20:00:00Z'));
  const store = new PostgresTabStore(db);
  const events = new PostgresTabEvents(db);
  return { events, tabs: new Tabs(store, events, clock, nodeSecrets, new MemoryRateLimiter(clock)) };
}

function planClears(view: TabView): boolean {
  return view.settlements.every((s) => clearsEveryBalance(new Map(s.balances.map((b) => [b.personId, b.amount])), s.transfers));
}

describeEachDatabase('tabs', (open) => {
  let database: TestDatabase;
  let second: Kysely<Database> | null = null;
  let a: ReturnType<typeof processOn>;
  let b: ReturnType<typeof processOn>;

  beforeAll(async () => {
    database = await open();
    a = processOn(database.db);
    second = database.url === null ? null : await connectDatabase({ kind: 'postgres', url: database.url });
    b = processOn(second ?? database.db);
  });

  afterAll(async () => {
    await a?.events.close();
    await b?.events.close();
    await second?.destroy();
    await database?.close();
  });

  async function openTab(people = ['Ana', 'Ben', 'Cat']) {
    const opened = await a.tabs.open({ name: 'Lisbon trip', currency: EUR, people }, 'client');
    if (!opened.ok) throw new Error(opened.error.code);
    const id = opened.value.view.id as TabId;
    const person = (name: string) => opened.value.view.people.find((p) => p.name === name)!.id;
    return { id, key: opened.value.key, person };
  }

  it('opens a tab, reads it only with its key, and settles an expense with two payers', async () => {
    const { id, key, person } = await openTab();
    expect((await b.tabs.read(id, 'not-the-key')).ok).toBe(false);
    const added = await b.tabs.change(
      id,
      key,
      {
        type: 'addExpense',
        name: 'Dinner',
        amount: 7500,
        currency: EUR,
        payers: [
          { personId: person('Ana'), amount: 6000 },
          { personId: person('Ben'), amount: 1500 },
        ],
        sharedBy: [person('Ana'), person('Ben'), person('Cat')],
      },
      'client',
    );
    expect(added.ok).toBe(true);
    const read = await a.tabs.read(id, key);
    if (!read.ok) throw new Error('not read');
    const [settlement] = read.value.settlements;
    expect(settlement!.balances.map((x) => [x.name, x.amount])).toEqual([
      ['Ana', 3500],
      ['Ben', -1000],
      ['Cat', -2500],
    ]);
    expect(settlement!.transfers.map((t) => [t.fromName, t.toName, t.amount])).toEqual([
      ['Ben', 'Ana', 1000],
      ['Cat', 'Ana', 2500],
    ]);
  });

  it('refuses payers that do not add up, saying by how much, and keeps the tab as it was', async () => {
    const { id, key, person } = await openTab();
    const refused = await a.tabs.change(
      id,
      key,
      {
        type: 'addExpense',
        name: 'Taxi',
        amount: 2400,
        currency: EUR,
        payers: [
          { personId: person('Ana'), amount: 1000 },
          { personId: person('Ben'), amount: 1000 },
        ],
        sharedBy: [person('Ana'), person('Ben')],
      },
      'client',
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'payers_off', field: 'payers', difference: -400 } });
    const read = await a.tabs.read(id, key);
    expect(read.ok && read.value.bills).toEqual([]);
  });

  it('loses nothing when two processes add, pay and name people at once, and tells each watcher', async () => {
    const { id, key, person } = await openTab();
    const heard: TabView[] = [];
    const watched = await b.tabs.watch(id, key, (view) => heard.push(view));
    if (!watched.ok) throw new Error('not watched');
    const everyone = [person('Ana'), person('Ben'), person('Cat')];
    const changes = Array.from({ length: 24 }, (_, k) => {
      const by = k % 2 === 0 ? a : b;
      if (k % 3 === 0) return by.tabs.change(id, key, { type: 'recordTransfer', from: everyone[k % 3]!, to: everyone[(k + 1) % 3]!, amount: 100 + k, currency: EUR }, `client${k}`);
      return by.tabs.change(
        id,
        key,
        { type: 'addExpense', name: `Round ${k}`, amount: 1000 + k, currency: EUR, payers: [{ personId: everyone[k % 3]!, amount: 1000 + k }], sharedBy: everyone },
        `client${k}`,
      );
    });
    const outcomes = await Promise.all(changes);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const read = await a.tabs.read(id, key);
    if (!read.ok) throw new Error('not read');
    expect(read.value.bills).toHaveLength(16);
    expect(read.value.transfersMade).toHaveLength(8);
    expect(read.value.version).toBe(1 + 24);
    expect(planClears(read.value)).toBe(true);
    // Every committed version clears its own balances, and the watcher on the other process hears the last one.
    for (const outcome of outcomes) if (outcome.ok) expect(planClears(outcome.value)).toBe(true);
    await expect.poll(() => heard.at(-1)?.version, { timeout: 5000 }).toBe(25);
    watched.value.close();
  });

  it('refuses a second person of the same name, whatever its case and spaces', async () => {
    const { id, key } = await openTab();
    expect(await a.tabs.change(id, key, { type: 'addPerson', name: '  cat ' }, 'client')).toMatchObject({ ok: false, error: { code: 'name_taken', field: 'name' } });
    expect(await a.tabs.change(id, key, { type: 'addPerson', name: 'Dan' }, 'client')).toMatchObject({ ok: true });
  });

  it('keeps when pay details given were replaced, and says so beside every transfer to that person, read by the other process', async () => {
    const { id, key, person } = await openTab();
    const ana = { type: 'setPayTo', personId: person('Ana'), monzo: '', revolut: '', paypal: '' } as const;
    await a.tabs.change(id, key, { ...ana, iban: 'DE89 3704 0044 0532 0130 00' }, 'client');
    await a.tabs.change(
      id,
      key,
      { type: 'addExpense', name: 'Dinner', amount: 9000, currency: EUR, sharedBy: [person('Ana'), person('Ben'), person('Cat')], payers: [{ personId: person('Ana'), amount: 9000 }] },
      'client',
    );
    const first = await b.tabs.read(id, key);
    expect(first.ok && first.value.people.map((p) => p.payToChanged)).toEqual([null, null, null]);
    await a.tabs.change(id, key, { ...ana, iban: 'GB82 WEST 1234 5698 7654 32' }, 'client');
    const read = await b.tabs.read(id, key);
    if (!read.ok) throw new Error(read.error.code);
    const changed = 'Ana changed their pay details on 27 Nov, 20:00. Check with Ana before you pay.';
    expect(read.value.people.map((p) => p.payToChanged)).toEqual([changed, null, null]);
    expect(read.value.settlements[0]!.transfers.map((t) => [t.fromName, t.toName, t.payToChanged])).toEqual([
      ['Ben', 'Ana', changed],
      ['Cat', 'Ana', changed],
    ]);
  });
});
