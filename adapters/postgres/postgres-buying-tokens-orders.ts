import type { AnonymousId } from '../../domain/anonymous-id';
import type { Kysely, Selectable } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { minorUnits } from '../../domain/money';
import type { PaymentOrder } from '../../domain/buying-tokens/verification';
import type { NewPaymentOrder, PaymentOrders } from '../../ports/buying-tokens/payment-orders';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import type { Database } from './database';
import type { PaymentOrdersTable } from './payment-orders.table';

@injectable()
export class PostgresPaymentOrders implements PaymentOrders {
  constructor(@inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>) {}

  async createPending(order: NewPaymentOrder, idempotencyKey: string): Promise<{ order: PaymentOrder; created: boolean }> {
    const inserted = await this.db
      .insertInto('payment_orders')
      .values({
        id: order.id,
        idempotency_key: idempotencyKey,
        provider: order.provider,
        anonymous_user_id: order.anonymousUserId,
        offer_type: order.offerType,
        offer_id: order.offerId,
        tokens: order.tokens,
        amount_pence: order.amountPence,
        currency: order.currency,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { order: toOrder(inserted), created: true };
    const existing = await this.db.selectFrom('payment_orders').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow();
    return { order: toOrder(existing), created: false };
  }

  async attachProviderRef(orderId: string, providerRef: string): Promise<void> {
    await this.db.updateTable('payment_orders').set({ provider_ref: providerRef, updated_at: new Date() }).where('id', '=', orderId).execute();
  }

  async findByProviderRef(providerRef: string): Promise<PaymentOrder | null> {
    const row = await this.db.selectFrom('payment_orders').selectAll().where('provider_ref', '=', providerRef).executeTakeFirst();
    return row ? toOrder(row) : null;
  }

  async settle(orderId: string, status: 'succeeded' | 'failed'): Promise<void> {
    await this.db
      .updateTable('payment_orders')
      .set({ status, updated_at: new Date() })
      .where('id', '=', orderId)
      .where('status', 'in', status === 'succeeded' ? ['pending', 'failed'] : ['pending'])
      .execute();
  }
}

function toOrder(row: Selectable<PaymentOrdersTable>): PaymentOrder {
  return {
    id: row.id,
    provider: row.provider,
    providerRef: row.provider_ref,
    // Only ids parsed at the edge are ever stored.
    anonymousUserId: row.anonymous_user_id as AnonymousId,
    offerType: row.offer_type,
    offerId: row.offer_id,
    tokens: row.tokens,
    amountPence: minorUnits(row.amount_pence),
    currency: 'GBP',
    status: row.status,
  };
}
