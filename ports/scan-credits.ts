import type { AnonymousId } from '../domain/anonymous-id';
import type { MinorUnits } from '../domain/money';

export interface ConfirmedPayment {
  readonly anonymousUserId: string;
  readonly tokens: number;
  readonly amountPence: MinorUnits;
  readonly currency: 'GBP';
  readonly provider: 'stripe' | 'paypal' | 'test';
  /** The provider's own id for the payment; a payment is credited at most once per id. */
  readonly providerPaymentId: string;
}

/**
 * How payments run: `live` when a real provider's keys are configured; TEST MODE
 * tokens (and the scans they paid for) then never count. In `test` mode every entry counts.
 */
export type PaymentsMode = 'test' | 'live';

export type CreditOutcome = { readonly credited: boolean; readonly balance: number };

/** Credits tokens for payments a provider has confirmed, exactly once per provider payment id. */
export interface ScanCredits {
  creditConfirmedPayment(payment: ConfirmedPayment): Promise<CreditOutcome>;
  balance(anonymousUserId: AnonymousId): Promise<number>;
}
