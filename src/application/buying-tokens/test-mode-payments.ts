import type { PaymentSimulator, SimulatedCardOutcome } from '../../../ports/buying-tokens/payment-simulator';
import type { TokenShop, WebhookOutcome } from './token-shop';

export type TestCardAction = { readonly cardNumber: string } | { readonly authentication: 'complete' | 'fail' };

/**
 * TEST MODE purchases: the simulated providers stand in for Stripe and PayPal when their keys are
 * not set (null when a real provider is configured, and the test-mode routes then do not exist).
 */
export class TestModePayments {
  constructor(
    private readonly shop: TokenShop,
    readonly card: PaymentSimulator | null,
    readonly paypal: PaymentSimulator | null,
  ) {}

  /**
   * The TEST MODE card form's submit: the simulated provider charges the test card and, when it
   * succeeds, delivers its signed webhook to the same handler a real one reaches.
   */
  async payWithCard(clientSecret: string, action: TestCardAction): Promise<{ outcome: SimulatedCardOutcome; webhook: WebhookOutcome | 'rejected' | null } | null> {
    if (!this.card) return null;
    const { outcome, webhook } = 'cardNumber' in action ? this.card.payWithCard(clientSecret, action.cardNumber) : this.card.authenticate(clientSecret, action.authentication === 'complete');
    if (!webhook) return { outcome, webhook: null };
    const delivered = await this.shop.receiveCardWebhook(webhook.rawBody, webhook.signature);
    return { outcome, webhook: delivered.ok ? delivered.value : 'rejected' };
  }

  /** The buyer approving an order in the simulated PayPal window; null without the simulator. */
  approvePayPal(orderId: string): boolean | null {
    return this.paypal ? this.paypal.approve(orderId) : null;
  }
}
