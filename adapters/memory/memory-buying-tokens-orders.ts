import type { PaymentOrder } from '../../domain/buying-tokens/verification';
import type { NewPaymentOrder, PaymentOrders } from '../../ports/buying-tokens/payment-orders';

/** In-memory fake of the PaymentOrders port, for tests. */
export class MemoryPaymentOrders implements PaymentOrders {
  private readonly orders = new Map<string, PaymentOrder>();
  private readonly byKey = new Map<string, string>();

  async createPending(order: NewPaymentOrder, idempotencyKey: string): Promise<{ order: PaymentOrder; created: boolean }> {
    const existing = this.byKey.get(idempotencyKey);
    if (existing !== undefined) return { order: this.orders.get(existing)!, created: false };
    const pending: PaymentOrder = { ...order, providerRef: null, status: 'pending' };
    this.orders.set(order.id, pending);
    this.byKey.set(idempotencyKey, order.id);
    return { order: pending, created: true };
  }

  async attachProviderRef(orderId: string, providerRef: string): Promise<void> {
    const order = this.orders.get(orderId);
    if (order) this.orders.set(orderId, { ...order, providerRef });
  }

  async findByProviderRef(providerRef: string): Promise<PaymentOrder | null> {
    return [...this.orders.values()].find((o) => o.providerRef === providerRef) ?? null;
  }

  async settle(orderId: string, status: 'succeeded' | 'failed'): Promise<void> {
    const order = this.orders.get(orderId);
    if (order && (order.status === 'pending' || (order.status === 'failed' && status === 'succeeded'))) this.orders.set(orderId, { ...order, status });
  }
}
