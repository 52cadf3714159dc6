import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { StoredReceipt } from '../../domain/sharing/stored-receipt';
import type { ReceiptStore } from '../../ports/receipt-store';
import { TOKENS } from '../../ports/tokens';
import type { Database } from './database';
import { dinerRow, insertItems, readReceipt, receiptRow } from './receipt-rows';

/** Stored receipts in the four tables of the specification, written in one transaction. */
@injectable()
export class PostgresReceiptStore implements ReceiptStore {
  constructor(@inject(TOKENS.Database) private readonly db: Kysely<Database>) {}

  async save(receipt: StoredReceipt): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('receipts')
        .values({ id: receipt.id, ...receiptRow(receipt) })
        .execute();
      await tx
        .insertInto('diners')
        .values(receipt.diners.map((_, position) => dinerRow(receipt, position)))
        .execute();
      await insertItems(tx, receipt);
    });
  }

  async find(id: string): Promise<StoredReceipt | null> {
    return (await readReceipt(this.db, id))?.receipt ?? null;
  }
}
