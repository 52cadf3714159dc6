import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { pence } from '../../domain/money';
import type { StoredReceipt } from '../../domain/sharing/stored-receipt';
import type { ReceiptStore } from '../../ports/receipt-store';
import { TOKENS } from '../../ports/tokens';
import type { Database } from './database';

/** Stored receipts in the four tables of seed 001 §3, written in one transaction. */
@injectable()
export class PostgresReceiptStore implements ReceiptStore {
  constructor(@inject(TOKENS.Database) private readonly db: Kysely<Database>) {}

  async save(receipt: StoredReceipt): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('receipts')
        .values({
          id: receipt.id,
          merchant: receipt.merchant,
          dining_date: receipt.diningDate,
          service_charge_enabled: receipt.serviceChargeEnabled,
          service_charge_pence: receipt.serviceChargePence,
          tip_total_pence: receipt.tipTotalPence,
          tip_split: receipt.tipSplit,
        })
        .execute();
      await tx
        .insertInto('diners')
        .values(receipt.diners.map((d, position) => ({ id: d.id, receipt_id: receipt.id, position, display_name: d.displayName, monzo: d.monzo, revolut: d.revolut, paypal: d.paypal })))
        .execute();
      if (receipt.items.length === 0) return;
      await tx
        .insertInto('receipt_items')
        .values(receipt.items.map((i, position) => ({ id: i.id, receipt_id: receipt.id, position, name: i.name, price_pence: i.pricePence, kind: i.kind })))
        .execute();
      const assignments = receipt.items.flatMap((i) => i.assignedTo.map((dinerId) => ({ receipt_item_id: i.id, diner_id: dinerId })));
      if (assignments.length > 0) await tx.insertInto('assignments').values(assignments).execute();
    });
  }

  async find(id: string): Promise<StoredReceipt | null> {
    const receipt = await this.db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();
    if (receipt === undefined) return null;
    const [items, diners, assignments] = await Promise.all([
      this.db.selectFrom('receipt_items').selectAll().where('receipt_id', '=', id).orderBy('position').execute(),
      this.db.selectFrom('diners').selectAll().where('receipt_id', '=', id).orderBy('position').execute(),
      this.db
        .selectFrom('assignments')
        .innerJoin('receipt_items', 'receipt_items.id', 'assignments.receipt_item_id')
        .innerJoin('diners', 'diners.id', 'assignments.diner_id')
        .select(['assignments.receipt_item_id', 'assignments.diner_id', 'diners.position'])
        .where('receipt_items.receipt_id', '=', id)
        .orderBy('diners.position')
        .execute(),
    ]);
    return {
      id: receipt.id,
      merchant: receipt.merchant,
      diningDate: receipt.dining_date,
      serviceChargeEnabled: receipt.service_charge_enabled,
      serviceChargePence: pence(receipt.service_charge_pence),
      tipTotalPence: pence(receipt.tip_total_pence),
      tipSplit: receipt.tip_split,
      items: items.map((i) => ({
        id: i.id,
        name: i.name,
        pricePence: pence(i.price_pence),
        kind: i.kind,
        assignedTo: assignments.filter((a) => a.receipt_item_id === i.id).map((a) => a.diner_id),
      })),
      diners: diners.map((d) => ({ id: d.id, displayName: d.display_name, monzo: d.monzo, revolut: d.revolut, paypal: d.paypal })),
    };
  }
}
