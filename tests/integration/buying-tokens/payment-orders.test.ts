import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { minorUnits } from '../../../domain/money';
import { PostgresPaymentOrders } from '../../../adapters/postgres/postgres-buying-tokens-orders';
import { describeEachDatabase, type TestDatabase } from '../../support/databases';
import { ANON } from '../../support/buying-tokens-shop';

describeEachDatabase('payment_orders', (open) => {
  let database: TestDatabase;
  let orders: PostgresPaymentOrders;
  beforeAll(async () => {
    database = await open();
    orders = new PostgresPaymentOrders(database.db);
  });
  afterAll(() => database.close());

  const newOrder = () => ({
    id: randomUUID(),
    provider: 'stripe' as const,
    anonymousUserId: ANON,
    offerType: 'package' as const,
    offerId: 'medium',
    tokens: 25,
    amountPence: minorUnits(599),
    currency: 'GBP' as const,
  });

  it('one order per idempotency key, also when requests race', async () => {
    const key = `k-${randomUUID()}`;
    const results = await Promise.all([orders.createPending(newOrder(), key), orders.createPending(newOrder(), key), orders.createPending(newOrder(), key)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
    expect(results[0]!.order).toMatchObject({ status: 'pending', providerRef: null, amountPence: 599 });
  });

  it('a success is final; a late failure changes nothing', async () => {
    const { order } = await orders.createPending(newOrder(), randomUUID());
    await orders.attachProviderRef(order.id, `pi_${order.id}`);
    await orders.settle(order.id, 'succeeded');
    await orders.settle(order.id, 'failed');
    expect(await orders.findByProviderRef(`pi_${order.id}`)).toMatchObject({ id: order.id, status: 'succeeded' });
  });

  it('a failed order can still succeed (approved after a failed capture)', async () => {
    const { order } = await orders.createPending(newOrder(), randomUUID());
    await orders.attachProviderRef(order.id, `ref_${order.id}`);
    await orders.settle(order.id, 'failed');
    await orders.settle(order.id, 'succeeded');
    expect(await orders.findByProviderRef(`ref_${order.id}`)).toMatchObject({ status: 'succeeded' });
  });
});
