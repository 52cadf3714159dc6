import type { DependencyContainer } from 'tsyringe';
import { TestModeGateway, type SimulatedCardOutcome } from '../../../adapters/test-mode/test-mode-gateway';
import { TOKENS } from '../../../ports/tokens';
import { TokenShop, type WebhookOutcome } from './token-shop';

/** The simulated provider's side of a test-mode purchase; null when a real provider is configured. */
export function testModeCard(container: DependencyContainer): TestModeGateway | null {
  const gateway = container.resolve(TOKENS.CardGateway);
  return gateway instanceof TestModeGateway ? gateway : null;
}

export function testModePayPal(container: DependencyContainer): TestModeGateway | null {
  const gateway = container.resolve(TOKENS.PayPalGateway);
  return gateway instanceof TestModeGateway ? gateway : null;
}

/**
 * The TEST MODE card form's submit: the simulated provider charges the test card and, when it
 * succeeds, delivers its signed webhook to the same handler a real one reaches.
 */
export async function payWithTestCard(
  container: DependencyContainer,
  gateway: TestModeGateway,
  clientSecret: string,
  action: { readonly cardNumber: string } | { readonly authentication: 'complete' | 'fail' },
): Promise<{ outcome: SimulatedCardOutcome; webhook: WebhookOutcome | 'rejected' | null }> {
  const { outcome, webhook } = 'cardNumber' in action ? gateway.payWithCard(clientSecret, action.cardNumber) : gateway.authenticate(clientSecret, action.authentication === 'complete');
  if (!webhook) return { outcome, webhook: null };
  const delivered = await container.resolve(TokenShop).receiveCardWebhook(webhook.rawBody, webhook.signature);
  return { outcome, webhook: delivered.ok ? delivered.value : 'rejected' };
}
