import type { PaymentOrder } from '../../domain/buying-tokens/verification';

export type NewPaymentOrder = Omit<PaymentOrder, 'status' | 'providerRef'>;

/** Purchases we started (pending until the provider confirms them), so a retry or a webhook finds them. */
export interface PaymentOrders {
  /** Inserts a pending order, or returns the one already made with the same idempotency key. */
  createPending(order: NewPaymentOrder, idempotencyKey: string): Promise<{ readonly order: PaymentOrder; readonly created: boolean }>;
  attachProviderRef(orderId: string, providerRef: string): Promise<void>;
  findByProviderRef(providerRef: string): Promise<PaymentOrder | null>;
  /** A success is final: a late failure never undoes it. A failed order can still succeed (PayPal approved after a failed capture). */
  settle(orderId: string, status: 'succeeded' | 'failed'): Promise<void>;
}
