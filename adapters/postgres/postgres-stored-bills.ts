import { sql, type Kysely, type Transaction } from 'kysely';
import { minorUnits } from '../../domain/money';
import { inject, injectable } from 'tsyringe';
import type { DinerRepayment } from '../../domain/paying-back/repayments';
import { err, ok, type Result } from '../../domain/result';
import type { StoredBill } from '../../domain/paying-back/stored-bill';
import type { BillAccess, BillGone, DecideBillChange, HeldBill, OpenedDiner, StoredBillChange, StoredBillEvents, StoredBills } from '../../ports/stored-bills';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import { retryingConflicts } from './conflict-retries';
import type { Database } from './database';
import { notificationSourceOf } from './notifications';
import { dinerRow, insertItems, readReceipt, receiptRow } from './receipt-rows';

/** Where a committed change to a stored bill is announced; the payload is the bill's id. */
export const STORED_BILLS_CHANNEL = 'stored_bills';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Every stored bill and who has paid, in the four tables of the specification plus payments (shared
 * by every process). Every change locks the bill's row first and decides on what it reads after, as
 * live bills do, so an edit, a mark and an expiry on one bill apply one after the other; NOTIFY tells
 * every process of the change when it commits.
 */
@injectable()
export class PostgresStoredBills implements StoredBills {
  constructor(@inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>) {}

  async create(stored: StoredBill, access: BillAccess): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('receipts')
        .values({ id: stored.id, ...receiptRow(stored), organiser_secret_hash: access.organiserSecretHash, expires_at: access.expiresAt })
        .execute();
      await tx
        .insertInto('diners')
        .values(stored.bill.diners.map((d, position) => ({ ...dinerRow(stored, position), capability_hash: access.dinerCapabilityHashes.get(d.id) ?? null })))
        .execute();
      await insertItems(tx, stored);
    });
  }

  change<E>(receiptId: string, now: Date, decide: DecideBillChange<E>): Promise<Result<HeldBill, E | BillGone>> {
    return retryingConflicts(() =>
      this.db.transaction().execute(async (tx): Promise<Result<HeldBill, E | BillGone>> => {
        // Lock, then read: under READ COMMITTED a locking read's snapshot is taken before it waits for
        // the lock, so the bill is read by the statements after it, which see every change committed before.
        const locked = await tx.selectFrom('receipts').select('expires_at').where('id', '=', receiptId).forUpdate().executeTakeFirst();
        if (locked === undefined || expired(locked.expires_at, now)) return err({ code: 'bill_not_found' as const });
        const before = await held(tx, receiptId);
        if (before === null) return err({ code: 'bill_not_found' as const });
        const decided = decide(before);
        if (!decided.ok) return decided;
        await apply(tx, receiptId, decided.value);
        // Delivered on commit only, once per transaction that commits (a retried one notifies once).
        await sql`select pg_notify(${STORED_BILLS_CHANNEL}, ${receiptId})`.execute(tx);
        return ok((await held(tx, receiptId))!);
      }),
    );
  }

  async find(receiptId: string, now: Date) {
    const found = await readReceipt(this.db, receiptId);
    if (found === null || expired(found.expiresAt, now)) return null;
    return { stored: found.stored, organiserSecretHash: found.organiserSecretHash, expiresAt: found.expiresAt };
  }

  async dinerFor(receiptId: string, key: { capabilityHash: string; plainId: string }): Promise<OpenedDiner | null> {
    const rows = await this.db
      .selectFrom('diners')
      .innerJoin('receipts', 'receipts.id', 'diners.receipt_id')
      .select(['diners.id', 'diners.capability_hash'])
      .where('diners.receipt_id', '=', receiptId)
      .where((eb) => eb.or([eb('diners.capability_hash', '=', key.capabilityHash), eb('diners.id', '=', key.plainId)]))
      .execute();
    const row = rows.find((r) => r.capability_hash === key.capabilityHash) ?? rows[0];
    return row === undefined ? null : { dinerId: row.id, byCapability: row.capability_hash === key.capabilityHash };
  }

  payments(receiptId: string): Promise<DinerRepayment[]> {
    return paymentsOf(this.db, receiptId);
  }
}

const expired = (expiresAt: Date | null, now: Date) => expiresAt !== null && expiresAt <= now;

async function held(db: Db, receiptId: string): Promise<HeldBill | null> {
  const found = await readReceipt(db, receiptId);
  if (found === null) return null;
  return { stored: found.stored, organiserSecretHash: found.organiserSecretHash, expiresAt: found.expiresAt, payments: await paymentsOf(db, receiptId) };
}

async function paymentsOf(db: Db, receiptId: string): Promise<DinerRepayment[]> {
  const rows = await db.selectFrom('diner_payments').selectAll().where('receipt_id', '=', receiptId).execute();
  return rows.map((r) => ({ dinerId: r.diner_id, paidBy: r.marked_by, paidAt: r.paid_at, amountPence: r.amount_pence === null ? null : minorUnits(r.amount_pence) }));
}

async function apply(tx: Transaction<Database>, receiptId: string, change: StoredBillChange): Promise<void> {
  switch (change.type) {
    case 'replace':
      return replace(tx, change.stored, change.access);
    case 'markPaid':
      // A mark for more than the one recorded replaces it, never one for less.
      await tx
        .insertInto('diner_payments')
        .values({ diner_id: change.dinerId, receipt_id: receiptId, marked_by: change.by, paid_at: change.at, amount_pence: change.amountPence })
        .onConflict((oc) =>
          oc
            .column('diner_id')
            .doUpdateSet({ marked_by: change.by, paid_at: change.at, amount_pence: change.amountPence })
            .where(sql<boolean>`coalesce(diner_payments.amount_pence, -1) < ${change.amountPence}`),
        )
        .execute();
      return;
    case 'markUnpaid':
      await tx.deleteFrom('diner_payments').where('receipt_id', '=', receiptId).where('diner_id', '=', change.dinerId).execute();
      return;
  }
}

async function replace(tx: Transaction<Database>, stored: StoredBill, access: BillAccess): Promise<void> {
  await tx
    .updateTable('receipts')
    .set({ ...receiptRow(stored), expires_at: access.expiresAt })
    .where('id', '=', stored.id)
    .execute();
  await tx.deleteFrom('receipt_items').where('receipt_id', '=', stored.id).execute();
  const kept = stored.bill.diners.map((d) => d.id);
  await tx.deleteFrom('diners').where('receipt_id', '=', stored.id).where('id', 'not in', kept).execute();
  for (const [position, d] of stored.bill.diners.entries()) {
    const hash = access.dinerCapabilityHashes.get(d.id);
    const row = dinerRow(stored, position);
    if (hash === undefined) {
      await tx
        .updateTable('diners')
        .set({ position, display_name: row.display_name, monzo: row.monzo, revolut: row.revolut, paypal: row.paypal })
        .where('id', '=', d.id)
        .where('receipt_id', '=', stored.id)
        .execute();
    } else {
      await tx
        .insertInto('diners')
        .values({ ...row, capability_hash: hash })
        .execute();
    }
  }
  await insertItems(tx, stored);
}

/**
 * Hears every process's changes to stored bills on one LISTEN connection (opened on the first watch) and tells
 * this process's watchers of that bill (an organiser's open summary), who read it again. A bill
 * changes a few times in its life, so a notice carries only its id.
 */
@injectable()
export class PostgresStoredBillEvents implements StoredBillEvents {
  private readonly watchers = new Map<string, Set<() => void>>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(@inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>) {}

  async subscribe(receiptId: string, onChange: () => void): Promise<() => void> {
    this.listening ??= notificationSourceOf(this.db)
      .listen(
        STORED_BILLS_CHANNEL,
        (payload) => this.tell(payload),
        () => this.resync(),
      )
      .catch((error: unknown) => {
        this.listening = null;
        throw error;
      });
    await this.listening;
    const set = this.watchers.get(receiptId) ?? new Set();
    set.add(onChange);
    this.watchers.set(receiptId, set);
    return () => {
      set.delete(onChange);
      if (set.size === 0 && this.watchers.get(receiptId) === set) this.watchers.delete(receiptId);
    };
  }

  /** Stops listening (tests and shutdown). */
  async close(): Promise<void> {
    const stop = await this.listening?.catch(() => null);
    this.listening = null;
    await stop?.();
  }

  /** Notices sent while the connection was down are gone: every watched bill is read again. */
  private resync(): void {
    for (const receiptId of [...this.watchers.keys()]) this.tell(receiptId);
  }

  private tell(receiptId: string): void {
    for (const onChange of [...(this.watchers.get(receiptId) ?? [])]) {
      try {
        onChange();
      } catch {
        // One watcher failing must not keep the change from the others.
      }
    }
  }
}
