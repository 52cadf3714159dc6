import { sql, type Kysely, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { inject, injectable } from 'tsyringe';
import { applyLive, type LiveActor, type LiveBill, type LiveChange, type LiveProblem } from '../../domain/live-bill/live-bill';
import { currencyCode, GBP } from '../../domain/currency';
import { minorUnits } from '../../domain/money';
import { err, ok, type Result } from '../../domain/result';
import type { DecideChange, LiveBillKeys, LiveBillStore } from '../../ports/live-bills';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import type { Database } from './database';
import { RecentlyUsed } from './recently-used';

export const LIVE_BILLS_CHANNEL = 'live_bills';

/**
 * What a change notification carries: the bill id, its new version and the change that made it, a
 * few hundred bytes whatever the bill's size (NOTIFY payloads stop at 8000 bytes).
 */
export interface LiveBillNotice {
  readonly b: string;
  readonly v: number;
  /** Absent when the change is too large for a notice (a hand-out with its settled bill): the listeners read the bill whole. */
  readonly c?: LiveChange;
}

/** A change as its notice carries it: a hand-out's settled bill (its every line) would break the size limit. */
function noticeOf(bill: LiveBill, change: LiveChange): LiveBillNotice {
  return change.type === 'handOut' && change.settled !== undefined ? { b: bill.id, v: bill.version } : { b: bill.id, v: bill.version, c: change };
}

type Db = Kysely<Database> | Transaction<Database>;

const KEYS_CHANGE: ReadonlySet<LiveChange['type']> = new Set(['join', 'addDiner', 'removeDiner', 'askSeat', 'answerSeat']);

/** Bills whose last version this process saw, kept for the claims that follow. */
const BILLS_REMEMBERED = 1000;

/**
 * Live bills in four tables. A change runs in one transaction that first locks the bill's row, so
 * versions go up one at a time, then announces the committed bill with NOTIFY (delivered on
 * commit, in commit order, to every process listening). A claim, the change a table makes most,
 * is decided on the bill as this process last saw it and written by one statement that holds only
 * while the bill is still at that version: one round trip and one commit. When another change got
 * there first, the claim takes the locking way.
 */
@injectable()
export class PostgresLiveBillStore implements LiveBillStore {
  private readonly lastSeen = new RecentlyUsed<string, LoadedBill>(BILLS_REMEMBERED);

  constructor(@inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>) {}

  async create(bill: LiveBill, keys: LiveBillKeys): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('live_bills')
        .values({
          id: bill.id,
          version: bill.version,
          status: bill.status,
          expires_at: bill.expiresAt,
          tip_percent: 'percent' in bill.tip ? bill.tip.percent : null,
          tip_pence: 'pence' in bill.tip ? bill.tip.pence : null,
          tip_split: bill.tipSplit,
          currency: bill.currency,
          pay_back_currency: bill.payBack?.currency ?? null,
          pay_back_rate: bill.payBack?.rate ?? null,
          organiser_key_hash: keys.organiserKeyHash,
          table_key_hash: keys.tableKeyHash,
        })
        .execute();
      if (bill.items.length > 0)
        await tx
          .insertInto('live_bill_items')
          .values(bill.items.map((i, position) => ({ bill_id: bill.id, id: i.id, position, name: i.name, price_pence: i.pricePence, kind: i.kind, units: i.units })))
          .execute();
      if (bill.diners.length > 0)
        await tx
          .insertInto('live_bill_diners')
          // A seat joined from the start is on the organiser's own phone: their key holds it, so no other
          // phone can take it (a key is read as the organiser's before any diner's).
          .values(bill.diners.map((d, position) => ({ bill_id: bill.id, id: d.id, position, name: d.name, key_hash: d.joined ? keys.organiserKeyHash : null })))
          .execute();
      if (bill.claims.length > 0)
        await tx
          .insertInto('live_bill_claims')
          .values(bill.claims.map((c) => ({ bill_id: bill.id, item_id: c.itemId, unit: c.unit, diner_id: c.dinerId })))
          .execute();
    });
  }

  async find(billId: string): Promise<LiveBill | null> {
    return (await loadBill(this.db, billId))?.bill ?? null;
  }

  async actorFor(billId: string, keyHash: string): Promise<{ bill: LiveBill; actor: LiveActor } | null> {
    const loaded = await loadBill(this.db, billId);
    const actor = loaded === null ? null : actorOf(loaded, keyHash);
    return actor === null ? null : { bill: loaded!.bill, actor };
  }

  async change(billId: string, keyHash: string, decide: DecideChange, dinerKeyHash?: string): Promise<Result<LiveBill, LiveProblem>> {
    const seen = this.lastSeen.get(billId);
    return (seen !== undefined && (await this.claimAtVersion(seen, keyHash, decide))) || this.changeLocked(billId, keyHash, decide, dinerKeyHash ?? null);
  }

  /**
   * A claim decided on the bill as last seen, written only if the bill is still at that version
   * (the row's lock and a recheck of the version come with the UPDATE). Null when the change is not
   * a claim, is refused (the bill may have moved on since), or another change came first.
   */
  private async claimAtVersion(seen: LoadedBill, keyHash: string, decide: DecideChange): Promise<Result<LiveBill, LiveProblem> | null> {
    const actor = actorOf(seen, keyHash);
    const decided = actor === null ? null : decide(seen.bill, actor);
    if (decided === null || !decided.ok || decided.value.type !== 'claim') return null;
    const claim = decided.value;
    const next = applyLive(seen.bill, claim);
    const notice = JSON.stringify({ b: next.id, v: next.version, c: claim } satisfies LiveBillNotice);
    const written = await sql<{ written: boolean }>`
      with bumped as (
        update live_bills set version = ${next.version} where id = ${next.id} and version = ${seen.bill.version} returning id
      ), claimed as (
        ${
          claim.claimed
            ? sql`insert into live_bill_claims (bill_id, item_id, unit, diner_id) select id, ${claim.itemId}, ${claim.unit}, ${claim.dinerId} from bumped on conflict do nothing`
            : sql`delete from live_bill_claims where bill_id in (select id from bumped) and item_id = ${claim.itemId} and unit = ${claim.unit} and diner_id = ${claim.dinerId}`
        }
      ), told as (
        select pg_notify(${LIVE_BILLS_CHANNEL}, ${notice}) from bumped
      )
      select exists (select from told) as written`.execute(this.db);
    if (written.rows[0]?.written !== true) {
      this.lastSeen.delete(next.id);
      return null;
    }
    this.lastSeen.set(next.id, { ...seen, bill: next });
    return ok(next);
  }

  private changeLocked(billId: string, keyHash: string, decide: DecideChange, dinerKeyHash: string | null): Promise<Result<LiveBill, LiveProblem>> {
    return this.db.transaction().execute(async (tx) => {
      // Lock, then read: under READ COMMITTED a locking read's snapshot is taken before it waits for
      // the lock, so the bill is read by the next statement, which sees every change committed before.
      const locked = await tx.selectFrom('live_bills').select('id').where('id', '=', billId).forUpdate().executeTakeFirst();
      if (locked === undefined) return err('not_found' as const);
      const loaded = await loadBill(tx, billId);
      if (loaded === null) return err('not_found' as const);
      const actor = actorOf(loaded, keyHash);
      if (actor === null) return err('forbidden' as const);
      const decided = decide(loaded.bill, actor);
      if (!decided.ok) return decided;
      const next = applyLive(loaded.bill, decided.value);
      await applyRows(tx, next, decided.value, dinerKeyHash);
      await tx
        .updateTable('live_bills')
        .set({
          version: next.version,
          status: next.status,
          pay_to: next.payTo ?? null,
          pay_back_currency: next.payBack?.currency ?? null,
          pay_back_rate: next.payBack?.rate ?? null,
          ...tipColumns(next),
        })
        .where('id', '=', billId)
        .execute();
      await sql`select pg_notify(${LIVE_BILLS_CHANNEL}, ${JSON.stringify(noticeOf(next, decided.value))})`.execute(tx);
      // Joining and adding or removing a diner change who holds which key: read those again.
      if (KEYS_CHANGE.has(decided.value.type)) this.lastSeen.delete(billId);
      else this.lastSeen.set(billId, { ...loaded, bill: next });
      return ok(next);
    });
  }

  async deleteExpired(before: Date): Promise<void> {
    await this.db.deleteFrom('live_bills').where('expires_at', '<', before).execute();
  }
}

/** The rows of a change to `bill`, which is the bill as the change left it (`applyLive`). */
async function applyRows(tx: Transaction<Database>, bill: LiveBill, change: LiveChange, dinerKeyHash: string | null): Promise<void> {
  const billId = bill.id;
  const claim = (itemId: string, unit: number, dinerId: string) =>
    tx
      .insertInto('live_bill_claims')
      .values({ bill_id: billId, item_id: itemId, unit, diner_id: dinerId })
      .onConflict((c) => c.doNothing())
      .execute();
  const unclaim = (itemId: string, unit: number, dinerId: string) =>
    tx.deleteFrom('live_bill_claims').where('bill_id', '=', billId).where('item_id', '=', itemId).where('unit', '=', unit).where('diner_id', '=', dinerId).execute();
  switch (change.type) {
    case 'claim':
      await (change.claimed ? claim : unclaim)(change.itemId, change.unit, change.dinerId);
      return;
    case 'moveClaim':
      await unclaim(change.itemId, change.unit, change.from);
      await claim(change.itemId, change.unit, change.to);
      return;
    case 'join':
      await tx.updateTable('live_bill_diners').set({ key_hash: dinerKeyHash }).where('bill_id', '=', billId).where('id', '=', change.dinerId).execute();
      return;
    case 'addDiner': {
      const last = await tx
        .selectFrom('live_bill_diners')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('bill_id', '=', billId)
        .executeTakeFirst();
      const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      await tx
        .insertInto('live_bill_diners')
        .values({ bill_id: billId, id: change.dinerId, position, name: change.name, key_hash: change.joins === true ? dinerKeyHash : null })
        .execute();
      return;
    }
    case 'removeDiner':
      await tx.deleteFrom('live_bill_diners').where('bill_id', '=', billId).where('id', '=', change.dinerId).execute();
      return;
    case 'editItem':
      await tx.updateTable('live_bill_items').set({ name: change.name, price_pence: change.pricePence, units: change.units }).where('bill_id', '=', billId).where('id', '=', change.itemId).execute();
      await tx.deleteFrom('live_bill_claims').where('bill_id', '=', billId).where('item_id', '=', change.itemId).where('unit', '>=', change.units).execute();
      return;
    case 'askSeat':
      // A later ask for the same seat replaces an earlier one still waiting.
      await tx.updateTable('live_bill_diners').set({ asking_id: change.askId, asking_key_hash: dinerKeyHash }).where('bill_id', '=', billId).where('id', '=', change.dinerId).execute();
      return;
    case 'answerSeat':
      await tx
        .updateTable('live_bill_diners')
        .set((eb) => (change.letIn ? { key_hash: eb.ref('asking_key_hash'), seat_id: change.askId, asking_id: null, asking_key_hash: null } : { asking_id: null, asking_key_hash: null }))
        .where('bill_id', '=', billId)
        .where('id', '=', change.dinerId)
        .where('asking_id', '=', change.askId)
        .execute();
      return;
    case 'setStatus':
      return;
    case 'handOut':
      // Exactly the links handed out now, as the domain put them on the bill (with each share at the rate): a diner not listed has none.
      await tx.updateTable('live_bill_diners').set({ pay_path: null, pay_pence: null, pay_converted: null }).where('bill_id', '=', billId).execute();
      for (const { id, payLink } of bill.diners)
        if (payLink !== undefined)
          await tx
            .updateTable('live_bill_diners')
            .set({ pay_path: payLink.path, pay_pence: payLink.pence, pay_converted: payLink.converted ?? null })
            .where('bill_id', '=', billId)
            .where('id', '=', id)
            .execute();
      if (change.settled !== undefined) await replaceLines(tx, bill);
      return;
  }
}

/** The settled bill's lines and claims, as the hand-out put them on the bill, in place of the table's (the tip is written with the version). */
async function replaceLines(tx: Transaction<Database>, { id: billId, items, claims }: LiveBill): Promise<void> {
  await tx.deleteFrom('live_bill_claims').where('bill_id', '=', billId).execute();
  await tx.deleteFrom('live_bill_items').where('bill_id', '=', billId).execute();
  if (items.length > 0)
    await tx
      .insertInto('live_bill_items')
      .values(items.map((i, position) => ({ bill_id: billId, id: i.id, position, name: i.name, price_pence: i.pricePence, kind: i.kind, units: i.units })))
      .execute();
  if (claims.length > 0)
    await tx
      .insertInto('live_bill_claims')
      .values(claims.map((c) => ({ bill_id: billId, item_id: c.itemId, unit: c.unit, diner_id: c.dinerId })))
      .execute();
}

function tipColumns(bill: LiveBill): { tip_percent: number | null; tip_pence: number | null; tip_split: LiveBill['tipSplit'] } {
  return { tip_percent: 'percent' in bill.tip ? bill.tip.percent : null, tip_pence: 'pence' in bill.tip ? bill.tip.pence : null, tip_split: bill.tipSplit };
}

interface LoadedBill {
  readonly bill: LiveBill;
  readonly organiserKeyHash: string;
  readonly tableKeyHash: string;
  /** Diner id by the hash of the key their phone holds. */
  readonly dinerKeys: ReadonlyMap<string, string>;
}

/** The bill with its items, diners and claims in one round trip, as of one snapshot. */
async function loadBill(db: Db, billId: string): Promise<LoadedBill | null> {
  const row = await db
    .selectFrom('live_bills as b')
    .selectAll('b')
    .select((eb) => [
      jsonArrayFrom(eb.selectFrom('live_bill_items as i').select(['i.id', 'i.name', 'i.price_pence', 'i.kind', 'i.units']).whereRef('i.bill_id', '=', 'b.id').orderBy('i.position')).as('items'),
      jsonArrayFrom(
        eb
          .selectFrom('live_bill_diners as d')
          .select(['d.id', 'd.name', 'd.key_hash', 'd.pay_path', 'd.pay_pence', 'd.pay_converted', 'd.asking_id', 'd.seat_id'])
          .whereRef('d.bill_id', '=', 'b.id')
          .orderBy('d.position'),
      ).as('diners'),
      jsonArrayFrom(
        eb
          .selectFrom('live_bill_claims as c')
          .select(['c.item_id', 'c.unit', 'c.diner_id'])
          .whereRef('c.bill_id', '=', 'b.id')
          .orderBy(sql`c.item_id collate "C"`)
          .orderBy('c.unit')
          .orderBy(sql`c.diner_id collate "C"`),
      ).as('claims'),
    ])
    .where('b.id', '=', billId)
    .executeTakeFirst();
  if (row === undefined) return null;
  const bill: LiveBill = {
    id: row.id,
    version: row.version,
    status: row.status,
    expiresAt: new Date(row.expires_at),
    tip: row.tip_percent !== null ? { percent: Number(row.tip_percent) } : { pence: minorUnits(row.tip_pence ?? 0) },
    tipSplit: row.tip_split,
    currency: currencyCode(row.currency) ?? GBP,
    items: row.items.map((i) => ({ id: i.id, name: i.name, pricePence: minorUnits(i.price_pence), kind: i.kind, units: i.units })),
    diners: row.diners.map((d) => ({
      id: d.id,
      name: d.name,
      joined: d.key_hash !== null,
      ...(d.pay_path === null ? {} : { payLink: { path: d.pay_path, pence: minorUnits(d.pay_pence ?? 0), ...(d.pay_converted === null ? {} : { converted: d.pay_converted }) } }),
      ...(d.asking_id === null ? {} : { asking: d.asking_id }),
      ...(d.seat_id === null ? {} : { seat: d.seat_id }),
    })),
    claims: row.claims.map((c) => ({ itemId: c.item_id, unit: c.unit, dinerId: c.diner_id })),
    ...(row.pay_to === null ? {} : { payTo: row.pay_to }),
    ...payBackOfRow(row.pay_back_currency, row.pay_back_rate),
  };
  return {
    bill,
    organiserKeyHash: row.organiser_key_hash,
    tableKeyHash: row.table_key_hash,
    dinerKeys: new Map(row.diners.flatMap((d) => (d.key_hash === null ? [] : [[d.key_hash, d.id] as const]))),
  };
}

function payBackOfRow(currency: string | null, rate: string | null): Pick<LiveBill, 'payBack'> {
  const code = currencyCode(currency);
  return code === null || rate === null ? {} : { payBack: { currency: code, rate } };
}

function actorOf(loaded: LoadedBill, keyHash: string): LiveActor | null {
  if (keyHash === loaded.organiserKeyHash) return { kind: 'organiser' };
  if (keyHash === loaded.tableKeyHash) return { kind: 'table' };
  const dinerId = loaded.dinerKeys.get(keyHash);
  return dinerId === undefined ? null : { kind: 'diner', dinerId };
}
