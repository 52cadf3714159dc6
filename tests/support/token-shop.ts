import 'reflect-metadata';
import { MemoryPaymentOrders } from '../../adapters/memory/memory-payment-orders';
import { MemoryRateLimiter } from '../../adapters/memory/memory-rate-limiter';
import { systemClock } from '../../adapters/system-clock';
import { MemoryTokenCredits } from '../../adapters/memory/memory-token-credits';
import { TestModeGateway } from '../../adapters/test-mode/test-mode-gateway';
import type { PaymentGateway } from '../../ports/payment-gateway';
import type { PaymentOrders } from '../../ports/payment-orders';
import { TokenShop } from '../../src/server/payments/token-shop';

/** A TokenShop over in-memory orders and credits, with whichever gateways a test drives. */
export function aTokenShop(gateways: { card?: PaymentGateway; paypal?: PaymentGateway; orders?: PaymentOrders } = {}) {
  const credits = new MemoryTokenCredits();
  const orders = gateways.orders ?? new MemoryPaymentOrders();
  const card = gateways.card ?? new TestModeGateway('card');
  const paypal = gateways.paypal ?? new TestModeGateway('paypal');
  return { shop: new TokenShop(orders, card, paypal, credits, new MemoryRateLimiter(systemClock)), credits, orders, card, paypal };
}

export const ANON = '0f8f7a52-3c1e-4b7e-9a55-2d7c1f6b9e01';
export const OTHER_ANON = '7d2b9c11-5e3a-4f2d-8c44-6a1b0e9f3d02';
