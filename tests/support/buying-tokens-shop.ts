import 'reflect-metadata';
import { MemoryPaymentOrders } from '../../adapters/memory/memory-buying-tokens-orders';
import { MemoryRateLimiter } from '../../adapters/memory/memory-rate-limiter';
import { systemClock } from '../../adapters/system-clock';
import { MemoryScanCredits } from '../../adapters/memory/memory-scan-credits';
import { TestModeGateway } from '../../adapters/test-mode/test-mode-gateway';
import type { PaymentGateway } from '../../ports/buying-tokens/payment-gateway';
import type { PaymentOrders } from '../../ports/buying-tokens/payment-orders';
import type { ConfirmedPayment, CreditOutcome, ScanCredits } from '../../ports/scan-credits';
import { TokenShop } from '../../src/application/buying-tokens/token-shop';
import { RecordingLog } from './log';
import { anAnonymousId } from './builders';
import type { AnonymousId } from '../../domain/anonymous-id';
import { nodeSecrets } from '../../adapters/crypto/node-secrets';

/** A TokenShop over in-memory orders and credits, with whichever gateways a test drives. */
export function aTokenShop(gateways: { card?: PaymentGateway; paypal?: PaymentGateway; orders?: PaymentOrders } = {}) {
  const credits = new RecordingCredits(new MemoryScanCredits(systemClock));
  const orders = gateways.orders ?? new MemoryPaymentOrders();
  const card = gateways.card ?? new TestModeGateway('card');
  const paypal = gateways.paypal ?? new TestModeGateway('paypal');
  return { shop: new TokenShop(orders, card, paypal, credits, new MemoryRateLimiter(systemClock), new RecordingLog(), nodeSecrets), credits, orders, card, paypal };
}

/** The ledger's in-memory TokenCredits, recording each payment it actually credited (so tests can name them). */
class RecordingCredits implements ScanCredits {
  readonly credited: ConfirmedPayment[] = [];

  constructor(private readonly inner: ScanCredits) {}

  async creditConfirmedPayment(payment: ConfirmedPayment): Promise<CreditOutcome> {
    const outcome = await this.inner.creditConfirmedPayment(payment);
    if (outcome.credited) this.credited.push(payment);
    return outcome;
  }

  balance(anonymousUserId: AnonymousId): Promise<number> {
    return this.inner.balance(anonymousUserId);
  }
}

export const ANON = anAnonymousId('0f8f7a52-3c1e-4b7e-9a55-2d7c1f6b9e01');
