import type { Kysely, Transaction } from 'kysely';
import { currencyCode, GBP } from '../../domain/currency';
import { pence } from '../../domain/money';
import { storedPayBackRate } from '../../domain/paying-back/pay-back-rate';
import type { StoredReceipt } from '../../domain/sharing/stored-receipt';
import type { TipSharers } from '../../domain/split';
import type { Database } from './database';

const SHARERS_COLUMN = { allDiners: 'all_diners', dinersWithItems: 'diners_with_items' } as const;

export function receiptRow(receipt: StoredReceipt) {
  return {
    currency: receipt.currency,
    pay_back_currency: receipt.payBack?.currency ?? null,
    pay_back_rate: receipt.payBack?.rate ?? null,
    merchant: receipt.merchant,
    dining_date: receipt.diningDate,
    service_charge_enabled: receipt.serviceChargeEnabled,
    service_charge_pence: receipt.serviceChargePence,
    tip_total_pence: receipt.tipTotalPence,
    tip_split: receipt.tipSplit,
    tip_sharers: SHARERS_COLUMN[receipt.tipSharers],
    payee_name: receipt.payeeName,
    payee_iban: receipt.payeeAccounts.iban,
    payee_bic: receipt.payeeAccounts.bic,
    payee_upi: receipt.payeeAccounts.upi,
    payer_diner_id: receipt.payerDinerId,
  };
}

export function dinerRow(receipt: StoredReceipt, position: number) {
  const d = receipt.diners[position]!;
  return { id: d.id, receipt_id: receipt.id, position, display_name: d.displayName, monzo: d.monzo, revolut: d.revolut, paypal: d.paypal };
}

/** Items and their assignments (diners must exist already). */
export async function insertItems(tx: Transaction<Database>, receipt: StoredReceipt): Promise<void> {
  if (receipt.items.length === 0) return;
  await tx
    .insertInto('receipt_items')
    .values(receipt.items.map((i, position) => ({ id: i.id, receipt_id: receipt.id, position, name: i.name, price_pence: i.pricePence, kind: i.kind })))
    .execute();
  const assignments = receipt.items.flatMap((i) => i.assignedTo.map((dinerId) => ({ receipt_item_id: i.id, diner_id: dinerId })));
  if (assignments.length > 0) await tx.insertInto('assignments').values(assignments).execute();
}

/** The receipt in the four tables of the specification, mapped back to the domain; null when there is none. */
export async function readReceipt(db: Kysely<Database> | Transaction<Database>, id: string): Promise<{ receipt: StoredReceipt; organiserSecretHash: string | null; expiresAt: Date | null } | null> {
  const receipt = await db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();
  if (receipt === undefined) return null;
  const [items, diners, assignments] = await Promise.all([
    db.selectFrom('receipt_items').selectAll().where('receipt_id', '=', id).orderBy('position').execute(),
    db.selectFrom('diners').select(['id', 'display_name', 'monzo', 'revolut', 'paypal']).where('receipt_id', '=', id).orderBy('position').execute(),
    db
      .selectFrom('assignments')
      .innerJoin('receipt_items', 'receipt_items.id', 'assignments.receipt_item_id')
      .innerJoin('diners', 'diners.id', 'assignments.diner_id')
      .select(['assignments.receipt_item_id', 'assignments.diner_id', 'diners.position'])
      .where('receipt_items.receipt_id', '=', id)
      .orderBy('diners.position')
      .execute(),
  ]);
  const tipSharers: TipSharers = receipt.tip_sharers === 'all_diners' ? 'allDiners' : 'dinersWithItems';
  return {
    organiserSecretHash: receipt.organiser_secret_hash,
    expiresAt: receipt.expires_at,
    receipt: {
      id: receipt.id,
      currency: currencyCode(receipt.currency) ?? GBP,
      payBack: storedPayBackRate(receipt.pay_back_currency, receipt.pay_back_rate),
      merchant: receipt.merchant,
      diningDate: receipt.dining_date,
      serviceChargeEnabled: receipt.service_charge_enabled,
      serviceChargePence: pence(receipt.service_charge_pence),
      tipTotalPence: pence(receipt.tip_total_pence),
      tipSplit: receipt.tip_split,
      tipSharers,
      payeeName: receipt.payee_name,
      payeeAccounts: { iban: receipt.payee_iban, bic: receipt.payee_bic, upi: receipt.payee_upi },
      payerDinerId: receipt.payer_diner_id,
      items: items.map((i) => ({
        id: i.id,
        name: i.name,
        pricePence: pence(i.price_pence),
        kind: i.kind,
        assignedTo: assignments.filter((a) => a.receipt_item_id === i.id).map((a) => a.diner_id),
      })),
      diners: diners.map((d) => ({ id: d.id, displayName: d.display_name, monzo: d.monzo, revolut: d.revolut, paypal: d.paypal })),
    },
  };
}
