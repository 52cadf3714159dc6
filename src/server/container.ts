import 'reflect-metadata';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { connectDatabase } from '../../adapters/postgres/connect';
import { MemoryTokenCredits } from '../../adapters/memory/memory-token-credits';
import { PayPalGateway } from '../../adapters/paypal/paypal-gateway';
import { migrateToLatest } from '../../adapters/postgres/migrate';
import { PostgresPaymentOrders } from '../../adapters/postgres/postgres-payment-orders';
import { StripeGateway } from '../../adapters/stripe/stripe-gateway';
import { TestModeGateway } from '../../adapters/test-mode/test-mode-gateway';
import { PostgresRateLimiter } from '../../adapters/postgres/postgres-rate-limiter';
import { systemClock } from '../../adapters/system-clock';
import { migrations } from '../../migrations';
import { TOKENS } from '../../ports/tokens';
import type { Config } from './config';

/**
 * The composition root: the one place that picks adapters for ports, from configuration.
 * Everything else asks the container for what it needs.
 */
export async function buildContainer(config: Config): Promise<DependencyContainer> {
  const container = rootContainer.createChildContainer();
  const db = await connectDatabase(config.database.kind === 'postgres' ? config.database : { kind: 'pglite', dataDir: config.database.dataDir });
  const migrated = await migrateToLatest(db, migrations);
  if (!migrated.ok) {
    await db.destroy();
    throw new Error(`Database migration ${migrated.failed} failed`, { cause: migrated.error });
  }
  container.register(TOKENS.Config, { useValue: config });
  container.register(TOKENS.Database, { useValue: db });
  container.register(TOKENS.Clock, { useValue: systemClock });
  container.registerSingleton(TOKENS.RateLimiter, PostgresRateLimiter);
  registerPayments(container, config);
  return container;
}

/** Card and PayPal providers from their keys; without keys, the TEST MODE simulator. */
function registerPayments(container: DependencyContainer, config: Config): void {
  container.registerSingleton(TOKENS.PaymentOrders, PostgresPaymentOrders);
  container.register(TOKENS.CardGateway, { useValue: config.stripe ? new StripeGateway(config.stripe) : new TestModeGateway('card') });
  container.register(TOKENS.PayPalGateway, { useValue: config.paypal ? new PayPalGateway(config.paypal) : new TestModeGateway('paypal') });
  // INTEGRATION POINT: the ledger's Postgres TokenCredits replaces this in-memory stand-in when it
  // lands (credits would not survive a restart). Registered only when nothing else provides the port.
  if (!container.isRegistered(TOKENS.TokenCredits)) container.register(TOKENS.TokenCredits, { useValue: new MemoryTokenCredits() });
}
