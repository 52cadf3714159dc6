import 'reflect-metadata';
import { instanceCachingFactory, container as rootContainer, type DependencyContainer } from 'tsyringe';
import { PayPalGateway } from '../../adapters/paypal/paypal-gateway';
import { connectDatabase } from '../../adapters/postgres/connect';
import { migrateToLatest } from '../../adapters/postgres/migrate';
import { PostgresLiveBillEvents } from '../../adapters/postgres/postgres-live-bill-events';
import { PostgresLiveBillStore } from '../../adapters/postgres/postgres-live-bills';
import { PostgresPaymentOrders } from '../../adapters/postgres/postgres-payment-orders';
import { defaultPoolSize } from '../../adapters/ocr/tesseract-pool';
import { HmacPacketSigner } from '../../adapters/crypto/hmac-packet-signer';
import { loadOrCreateSigningKey } from '../../adapters/crypto/signing-key-file';
import { pakoCompressor } from '../../adapters/pako/pako-compressor';
import { PostgresRateLimiter } from '../../adapters/postgres/postgres-rate-limiter';
import { PostgresReceiptStore } from '../../adapters/postgres/postgres-receipt-store';
import { PostgresPurchaseReports } from '../../adapters/postgres/postgres-purchase-reports';
import { PostgresRecoveryCodes } from '../../adapters/postgres/postgres-recovery-codes';
import { PostgresScanAllowance } from '../../adapters/postgres/postgres-scan-allowance';
import { PostgresTokenCredits } from '../../adapters/postgres/postgres-token-credits';
import { PostgresUsage } from '../../adapters/postgres/postgres-usage';
import { StripeGateway } from '../../adapters/stripe/stripe-gateway';
import { systemClock } from '../../adapters/system-clock';
import { TestModeGateway } from '../../adapters/test-mode/test-mode-gateway';
import { migrations } from '../../migrations';
import { TOKENS } from '../../ports/tokens';
import { LiveBills } from '../application/live-bills/live-bills';
import { ANALYZE_LIMITS, AnalyzeReceipt, DEFAULT_ANALYZE_LIMITS } from './analyze-receipt';
import type { Config } from './config';
import { createReceiptReader } from './receipt-reader-factory';

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
  const signingKeys = config.shareSigningKeys ?? [await loadOrCreateSigningKey(config.dataDir)];
  container.register(TOKENS.PacketSigner, { useValue: new HmacPacketSigner(signingKeys) });
  container.register(TOKENS.PacketCompressor, { useValue: pakoCompressor });
  container.registerSingleton(TOKENS.ReceiptStore, PostgresReceiptStore);
  container.registerSingleton(TOKENS.ScanAllowance, PostgresScanAllowance);
  container.registerSingleton(TOKENS.TokenCredits, PostgresTokenCredits);
  container.registerSingleton(TOKENS.UsageQuery, PostgresUsage);
  container.registerSingleton(TOKENS.PurchaseReports, PostgresPurchaseReports);
  container.registerSingleton(TOKENS.RecoveryCodes, PostgresRecoveryCodes);
  registerPayments(container, config);
  container.register(TOKENS.ReceiptReader, { useValue: createReceiptReader(config) });
  // As many readings at once as the OCR pool has workers; a remote engine can take a few more.
  container.register(ANALYZE_LIMITS, { useValue: { ...DEFAULT_ANALYZE_LIMITS, concurrency: config.receiptEngine === 'local' ? defaultPoolSize() : 4 } });
  container.registerSingleton(AnalyzeReceipt);
  registerLiveBills(container);
  return container;
}

/** Card and PayPal providers from their keys; without keys, the TEST MODE simulator. */
function registerPayments(container: DependencyContainer, config: Config): void {
  container.registerSingleton(TOKENS.PaymentOrders, PostgresPaymentOrders);
  container.register(TOKENS.CardGateway, { useValue: config.stripe ? new StripeGateway(config.stripe) : new TestModeGateway('card') });
  container.register(TOKENS.PayPalGateway, { useValue: config.paypal ? new PayPalGateway(config.paypal) : new TestModeGateway('paypal') });
}

/** Live bills: rows in Postgres, changes heard on LISTEN (DESIGN.md §1 item 10). */
function registerLiveBills(container: DependencyContainer): void {
  container.registerSingleton(TOKENS.LiveBillStore, PostgresLiveBillStore);
  container.registerSingleton(TOKENS.LiveBillEvents, PostgresLiveBillEvents);
  container.register(LiveBills, {
    useFactory: instanceCachingFactory((c) => new LiveBills(c.resolve(TOKENS.LiveBillStore), c.resolve(TOKENS.LiveBillEvents), c.resolve(TOKENS.RateLimiter), c.resolve(TOKENS.Clock))),
  });
}
