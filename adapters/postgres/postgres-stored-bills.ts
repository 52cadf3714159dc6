import { sql, type Kysely } from 'kysely';
import { pence } from '../../domain/money';
import { inject, injectable } from 'tsyringe';
import type { DinerPayment, PaidBy } from '../../domain/paying-back/payments';
import type { StoredReceipt } from '../../domain/sharing/stored-receipt';
import type { BillAccess, StoredBills } from '../../ports/stored-bills';
import { TOKENS } from '../../ports/tokens';
import type { Database } from './database';
import { dinerRow, insertItems, readReceipt, receiptRow } from './receipt-rows';

/** Every stored bill and who has paid, in the four tables of the specification plus payments (shared by every process). */
@injectable()
export class PostgresStoredBills implements StoredBills {
  constructor(@inject(TOKENS.Database) private readonly db: Kysely<Database>) {}

  async create(bill: StoredReceipt, access: BillAccess | null): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('receipts')
        .values({ id: bill.id, ...receiptRow(bill), organiser_secret_hash: access?.organiserSecretHash ?? null, expires_at: access?.expiresAt ?? null })
        .execute();
      await tx
        .insertInto('diners')
        .values(bill.diners.map((d, position) => ({ ...dinerRow(bill, position), capability_hash: access?.dinerCapabilityHashes.get(d.id) ?? null })))
        .execute();
      await insertItems(tx, bill);
    });
  }

  async replace(bill: StoredReceipt, access: BillAccess): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      // Lock the bill so two edits (two tabs, two processes) apply one after the other.
      await tx.selectFrom('receipts').select('id').where('id', '=', bill.id).forUpdate().executeTakeFirstOrThrow();
      await tx
        .updateTable('receipts')
        .set({ ...receiptRow(bill), expires_at: access.expiresAt })
        .where('id', '=', bill.id)
        .execute();
      await tx.deleteFrom('receipt_items').where('receipt_id', '=', bill.id).execute();
      const kept = bill.diners.map((d) => d.id);
      await tx.deleteFrom('diners').where('receipt_id', '=', bill.id).where('id', 'not in', kept).execute();
      for (const [position, d] of bill.diners.entries()) {
        const hash = access.dinerCapabilityHashes.get(d.id);
        const row = dinerRow(bill, position);
        if (hash === undefined) {
          await tx
            .updateTable('diners')
            .set({ position, display_name: row.display_name, monzo: row.monzo, revolut: row.revolut, paypal: row.paypal })
            .where('id', '=', d.id)
            .where('receipt_id', '=', bill.id)
            .execute();
        } else {
          await tx
            .insertInto('diners')
            .values({ ...row, capability_hash: hash })
            .execute();
        }
      }
      await insertItems(tx, bill);
    });
  }

  async find(receiptId: string, now: Date) {
    const found = await readReceipt(this.db, receiptId);
    if (found === null || (found.expiresAt !== null && found.expiresAt <= now)) return null;
    return { bill: found.receipt, organiserSecretHash: found.organiserSecretHash, expiresAt: found.expiresAt };
  }

  async dinerFor(receiptId: string, key: { capabilityHash: string; plainId: string }): Promise<string | null> {
    const row = await this.db
      .selectFrom('diners')
      .select('id')
      .where('receipt_id', '=', receiptId)
      .where((eb) => eb.or([eb('capability_hash', '=', key.capabilityHash), eb.and([eb('capability_hash', 'is', null), eb('id', '=', key.plainId)])]))
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async payments(receiptId: string): Promise<DinerPayment[]> {
    const rows = await this.db.selectFrom('diner_payments').selectAll().where('receipt_id', '=', receiptId).execute();
    return rows.map((r) => ({ dinerId: r.diner_id, paidBy: r.marked_by, paidAt: r.paid_at, amountPence: r.amount_pence === null ? null : pence(r.amount_pence) }));
  }

  async markPaid(receiptId: string, dinerId: string, by: PaidBy, at: Date, amountPence: number): Promise<void> {
    // One statement: two marks at once (the diner and the organiser) end at the larger amount.
    await this.db
      .insertInto('diner_payments')
      .values({ diner_id: dinerId, receipt_id: receiptId, marked_by: by, paid_at: at, amount_pence: amountPence })
      .onConflict((oc) =>
        oc
          .column('diner_id')
          .doUpdateSet({ marked_by: by, paid_at: at, amount_pence: amountPence })
          .where(sql<boolean>`coalesce(diner_payments.amount_pence, -1) < ${amountPence}`),
      )
      .execute();
  }

  async markUnpaid(receiptId: string, dinerId: string): Promise<void> {
    await this.db.deleteFrom('diner_payments').where('receipt_id', '=', receiptId).where('diner_id', '=', dinerId).execute();
  }
}
