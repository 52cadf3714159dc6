import type { ConfirmedPayment, CreditOutcome, TokenCredits } from '../../ports/token-credits';

/**
 * In-memory fake of the TokenCredits port, for tests: one credit per provider payment id, checked
 * and recorded in the same synchronous step, so concurrent calls cannot both credit.
 */
export class MemoryTokenCredits implements TokenCredits {
  readonly credited: ConfirmedPayment[] = [];
  private readonly seen = new Set<string>();

  async creditConfirmedPayment(payment: ConfirmedPayment): Promise<CreditOutcome> {
    const key = `${payment.provider}:${payment.providerPaymentId}`;
    const credited = !this.seen.has(key);
    if (credited) {
      this.seen.add(key);
      this.credited.push(payment);
    }
    return { credited, balance: await this.balance(payment.anonymousUserId) };
  }

  async balance(anonymousUserId: string): Promise<number> {
    return this.credited.filter((p) => p.anonymousUserId === anonymousUserId).reduce((sum, p) => sum + p.tokens, 0);
  }
}
