import { sql, type Kysely, type Transaction } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { currencyCode, GBP } from '../../domain/currency';
import { err, ok, type Result } from '../../domain/result';
import { changeTab, type Tab, type TabChange, type TabId, type TabPerson, type TabProblem } from '../../domain/tab/tab';
import type { DecideTabChange, TabEvents, TabStore } from '../../ports/tabs';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import type { Database } from './database';
import { notificationSourceOf } from './notifications';
import { billFromJson, billToJson, payersFromJson, payersToJson } from './tab-bill-json';

export const TABS_CHANNEL = 'tabs';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Tabs in four tables. A change locks the tab's row first and decides on what it reads after, so two
 * phones adding at once are applied one after the other on the tab as it then stands; it writes only
 * what the change touches, bumps the version, and NOTIFY tells every process (on commit).
 */
@injectable()
export class PostgresTabStore implements TabStore {
  constructor(@inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>) {}

  async create(tab: Tab, keyHash: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('tabs')
        .values({ id: tab.id, name: tab.name, currency: tab.currency, key_hash: keyHash, version: tab.version, rates: JSON.stringify(tab.rates) })
        .execute();
      for (const [position, person] of tab.people.entries()) await insertPerson(tx, tab.id, person, position);
    });
  }

  find(tabId: TabId, keyHash: string): Promise<Tab | null> {
    return readTabConsistently(this.db, tabId, keyHash);
  }

  change(tabId: TabId, keyHash: string, decide: DecideTabChange): Promise<Result<Tab, TabProblem | { readonly code: 'not_found' }>> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('tabs').selectAll().where('id', '=', tabId).where('key_hash', '=', keyHash).forUpdate().executeTakeFirst();
      if (row === undefined) return err({ code: 'not_found' as const });
      const tab = await readTab(tx, row);
      const change = decide(tab);
      if (!change.ok) return change;
      const next = changeTab(tab, change.value);
      if (!next.ok) return next;
      await writeChange(tx, next.value, change.value);
      await tx
        .updateTable('tabs')
        .set({ version: next.value.version, rates: JSON.stringify(next.value.rates) })
        .where('id', '=', tabId)
        .execute();
      await sql`select pg_notify(${TABS_CHANNEL}, ${JSON.stringify({ t: tabId, v: next.value.version })})`.execute(tx);
      return ok(next.value);
    });
  }
}

/** Writes what one change touched: a row added, updated or deleted (the rates go with the version). */
async function writeChange(tx: Transaction<Database>, tab: Tab, change: TabChange): Promise<void> {
  switch (change.type) {
    case 'addPerson':
      return insertPerson(tx, tab.id, tab.people.at(-1)!, tab.people.length - 1);
    case 'setPayTo':
      await tx
        .updateTable('tab_people')
        .set({ pay_to: change.payTo === null ? null : JSON.stringify(change.payTo), pay_to_changed_at: changedAt(tab, change.personId) })
        .where('tab_id', '=', tab.id)
        .where('id', '=', change.personId)
        .execute();
      return;
    case 'addBill':
      for (const person of change.newPeople)
        await insertPerson(
          tx,
          tab.id,
          tab.people.find((p) => p.id === person.id)!,
          tab.people.findIndex((p) => p.id === person.id),
        );
      await tx
        .insertInto('tab_bills')
        .values({ tab_id: tab.id, id: change.billId, position: await nextPosition(tx, 'tab_bills', tab.id), bill: billToJson(change.bill), payers: payersToJson(change.payers) })
        .execute();
      return;
    case 'setPayers':
      await tx
        .updateTable('tab_bills')
        .set({ payers: payersToJson(change.payers) })
        .where('tab_id', '=', tab.id)
        .where('id', '=', change.billId)
        .execute();
      return;
    case 'removeBill':
      await tx.deleteFrom('tab_bills').where('tab_id', '=', tab.id).where('id', '=', change.billId).execute();
      return;
    case 'recordTransfer': {
      const t = change.transfer;
      await tx
        .insertInto('tab_transfers')
        .values({
          tab_id: tab.id,
          id: t.id,
          position: await nextPosition(tx, 'tab_transfers', tab.id),
          from_person: t.from,
          to_person: t.to,
          amount: t.amount,
          currency: t.currency,
          made_at: new Date(t.at),
          version: tab.version,
        })
        .execute();
      return;
    }
    case 'undoTransfer':
      await tx.deleteFrom('tab_transfers').where('tab_id', '=', tab.id).where('id', '=', change.transferId).execute();
      return;
    case 'setRate':
      return;
  }
}

async function insertPerson(tx: Db, tabId: string, person: TabPerson, position: number): Promise<void> {
  await tx
    .insertInto('tab_people')
    .values({ tab_id: tabId, id: person.id, position, name: person.name, pay_to: person.payTo === null ? null : JSON.stringify(person.payTo) })
    .execute();
}

async function nextPosition(tx: Db, table: 'tab_bills' | 'tab_transfers', tabId: string): Promise<number> {
  const row = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.coalesce(eb.fn.max('position'), sql<number>`-1`).as('last'))
    .where('tab_id', '=', tabId)
    .executeTakeFirstOrThrow();
  return Number(row.last) + 1;
}

/**
 * The tab and its rows as of one moment (a change commits its rows together, and a read in pieces
 * could see a bill naming a person it has not read yet); by id and key, or by id alone for watchers.
 */
function readTabConsistently(db: Kysely<Database>, tabId: TabId, keyHash: string | null): Promise<Tab | null> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      let query = tx.selectFrom('tabs').selectAll().where('id', '=', tabId);
      if (keyHash !== null) query = query.where('key_hash', '=', keyHash);
      const row = await query.executeTakeFirst();
      return row === undefined ? null : readTab(tx, row);
    });
}

async function readTab(db: Db, row: { id: string; name: string; currency: string; version: number; rates: Record<string, string> }): Promise<Tab> {
  const [people, bills, transfers] = await Promise.all([
    db.selectFrom('tab_people').selectAll().where('tab_id', '=', row.id).orderBy('position').execute(),
    db.selectFrom('tab_bills').selectAll().where('tab_id', '=', row.id).orderBy('position').execute(),
    db.selectFrom('tab_transfers').selectAll().where('tab_id', '=', row.id).orderBy('position').execute(),
  ]);
  return {
    id: row.id as TabId,
    name: row.name,
    currency: currencyCode(row.currency) ?? GBP,
    version: row.version,
    rates: row.rates,
    people: people.map((p) => ({ id: p.id, name: p.name, payTo: payToOfRow(p.pay_to), ...(p.pay_to_changed_at === null ? {} : { payToChangedAt: p.pay_to_changed_at.toISOString() }) })),
    bills: bills.map((b) => ({ id: b.id, bill: billFromJson(b.bill), payers: payersFromJson(b.payers) })),
    transfers: transfers.map((t) => ({ id: t.id, from: t.from_person, to: t.to_person, amount: t.amount, currency: currencyCode(t.currency) ?? GBP, at: t.made_at.toISOString(), version: t.version })),
  };
}

/** When the person's pay details were replaced, as the change left the tab. */
function changedAt(tab: Tab, personId: string): Date | null {
  const at = tab.people.find((p) => p.id === personId)?.payToChangedAt;
  return at === undefined ? null : new Date(at);
}

/** A person's pay details as stored (every field present, null where not given). */
function payToOfRow(json: unknown): TabPerson['payTo'] {
  if (json === null || typeof json !== 'object') return null;
  const row = json as Partial<Record<'monzo' | 'revolut' | 'paypal' | 'iban' | 'bic' | 'upi', string | null>>;
  return { monzo: row.monzo ?? null, revolut: row.revolut ?? null, paypal: row.paypal ?? null, iban: row.iban ?? null, bic: row.bic ?? null, upi: row.upi ?? null };
}

/**
 * Hears every process's tab changes on the database's one LISTEN connection and reads the tab again
 * for this process's watchers of it (tabs change a few times a minute at most, and a read is small).
 */
@injectable()
export class PostgresTabEvents implements TabEvents {
  private readonly watchers = new Map<string, Set<(tab: Tab) => void>>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(@inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>) {}

  async subscribe(tabId: TabId, onChange: (tab: Tab) => void): Promise<() => void> {
    this.listening ??= notificationSourceOf(this.db)
      .listen(
        TABS_CHANNEL,
        (payload) => void this.heard(payload),
        () => void this.resync(),
      )
      .catch((error: unknown) => {
        this.listening = null;
        throw error;
      });
    await this.listening;
    const set = this.watchers.get(tabId) ?? new Set();
    set.add(onChange);
    this.watchers.set(tabId, set);
    return () => {
      set.delete(onChange);
      if (set.size === 0) this.watchers.delete(tabId);
    };
  }

  async close(): Promise<void> {
    const stop = await this.listening?.catch(() => null);
    this.listening = null;
    await stop?.();
  }

  private async heard(payload: string): Promise<void> {
    let notice: { t?: unknown };
    try {
      notice = JSON.parse(payload) as { t?: unknown };
    } catch {
      return;
    }
    if (typeof notice.t === 'string' && this.watchers.has(notice.t)) await this.tell(notice.t as TabId);
  }

  /** Notices sent while the connection was down are gone: every watched tab is read again. */
  private async resync(): Promise<void> {
    await Promise.all([...this.watchers.keys()].map((id) => this.tell(id as TabId)));
  }

  private async tell(tabId: TabId): Promise<void> {
    // Read whatever the key: every watcher here opened the tab with its own key first.
    const tab = await readTabConsistently(this.db, tabId, null).catch(() => null);
    if (tab === null) return;
    for (const onChange of this.watchers.get(tabId) ?? []) {
      try {
        onChange(tab);
      } catch {
        // One phone's stream failing to take a version must not keep it from the others.
      }
    }
  }
}
