import type { Kysely, Transaction } from 'kysely';
import { currencyCode, GBP } from '../../domain/currency';
import { minorUnits } from '../../domain/money';
import { storedPayBackRate } from '../../domain/paying-back/pay-back-rate';
import { isReceiptServiceCharge, NO_HANDLES, receiptServiceCharge, type StoredBill } from '../../domain/paying-back/stored-bill';
import type { ItemKind, TipSharers } from '../../domain/split';
import type { Database } from './database';

// The stored bill in the four tables of the specification and back: this file is its one mapper.

const SHARERS_COLUMN = { allDiners: 'all_diners', dinersWithItems: 'diners_with_items' } as const;

/** The lines that are rows of receipt_items: all but the receipt-level service charge, which has its columns. */
const itemLines = ({ bill }: StoredBill) => bill.items.filter((i) => !isReceiptServiceCharge(i));

export function receiptRow(stored: StoredBill) {
  const { bill, payee } = stored;
  const service = bill.items.find(isReceiptServiceCharge);
  return {
    currency: bill.currency,
    pay_back_currency: stored.payBack?.currency ?? null,
    pay_back_rate: stored.payBack?.rate ?? null,
    merchant: bill.name,
    dining_date: stored.diningDate,
    service_charge_enabled: service !== undefined,
    service_charge_pence: service?.pricePence ?? 0,
    tip_total_pence: bill.tipPence,
    tip_split: bill.tipSplit,
    tip_sharers: SHARERS_COLUMN[bill.tipSharers],
    payee_name: payee.name,
    payee_iban: payee.accounts.iban,
    payee_bic: payee.accounts.bic,
    payee_upi: payee.accounts.upi,
    payer_diner_id: bill.payerId,
  };
}

export function dinerRow(stored: StoredBill, position: number) {
  const d = stored.bill.diners[position]!;
  const { monzo, revolut, paypal } = stored.handles.get(d.id) ?? NO_HANDLES;
  return { id: d.id, receipt_id: stored.id, position, display_name: d.name, monzo, revolut, paypal };
}

/** Items and their assignments (diners must exist already). */
export async function insertItems(tx: Transaction<Database>, stored: StoredBill): Promise<void> {
  const lines = itemLines(stored);
  if (lines.length === 0) return;
  await tx
    .insertInto('receipt_items')
    .values(lines.map((i, position) => ({ id: i.id, receipt_id: stored.id, position, name: i.name, price_pence: i.pricePence, kind: storedKind(i.kind) })))
    .execute();
  const assignments = lines.flatMap((i) => i.assignedTo.map((dinerId) => ({ receipt_item_id: i.id, diner_id: dinerId })));
  if (assignments.length > 0) await tx.insertInto('assignments').values(assignments).execute();
}

/** A stored bill has no VAT lines (newStoredBill leaves them out: prices hold VAT). */
function storedKind(kind: ItemKind): 'item' | 'discount' | 'service' {
  if (kind === 'vat') throw new Error('a VAT line is never stored');
  return kind;
}

/** The receipt in the four tables of the specification, mapped back to the domain; null when there is none. */
export async function readReceipt(db: Kysely<Database> | Transaction<Database>, id: string): Promise<{ stored: StoredBill; organiserSecretHash: string | null; expiresAt: Date | null } | null> {
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
  const service = receipt.service_charge_enabled && receipt.service_charge_pence !== 0 ? [receiptServiceCharge(minorUnits(receipt.service_charge_pence))] : [];
  return {
    organiserSecretHash: receipt.organiser_secret_hash,
    expiresAt: receipt.expires_at,
    stored: {
      id: receipt.id,
      bill: {
        currency: currencyCode(receipt.currency) ?? GBP,
        name: receipt.merchant,
        diners: diners.map((d) => ({ id: d.id, name: d.display_name })),
        items: [
          ...items.map((i) => ({
            id: i.id,
            name: i.name,
            pricePence: minorUnits(i.price_pence),
            kind: i.kind,
            assignedTo: assignments.filter((a) => a.receipt_item_id === i.id).map((a) => a.diner_id),
          })),
          ...service,
        ],
        tipPence: minorUnits(receipt.tip_total_pence),
        tipSplit: receipt.tip_split,
        tipSharers,
        payerId: receipt.payer_diner_id,
      },
      payBack: storedPayBackRate(receipt.pay_back_currency, receipt.pay_back_rate),
      diningDate: receipt.dining_date,
      payee: { name: receipt.payee_name, accounts: { iban: receipt.payee_iban, bic: receipt.payee_bic, upi: receipt.payee_upi } },
      handles: new Map(diners.map((d) => [d.id, { monzo: d.monzo, revolut: d.revolut, paypal: d.paypal }])),
    },
  };
}
