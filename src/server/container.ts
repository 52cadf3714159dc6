import 'reflect-metadata';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { PayPalGateway } from '../../adapters/paypal/paypal-gateway';
import { connectDatabase } from '../../adapters/postgres/connect';
import { migrateToLatest } from '../../adapters/postgres/migrate';
import { PostgresDailyQuotas } from '../../adapters/postgres/postgres-daily-quotas';
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
import { ANALYZE_LIMITS, AnalyzeReceipt, DEFAULT_ANALYZE_LIMITS, type AnalyzeLimits } from './analyze-receipt';
import type { Config } from './config';
import { createReceiptReader } from './receipt-reader-factory';
import { RECOVERY_CODE_DAYS } from './token-recovery';

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
  container.register(TOKENS.PaymentsMode, { useValue: config.paymentsMode });
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
  container.registerSingleton(TOKENS.DailyQuotas, PostgresDailyQuotas);
  container.register(RECOVERY_CODE_DAYS, { useValue: config.recoveryCodeDays });
  registerPayments(container, config);
  container.register(TOKENS.ReceiptReader, { useValue: createReceiptReader(config) });
  container.register(ANALYZE_LIMITS, { useValue: analyzeLimits(config) });
  container.registerSingleton(AnalyzeReceipt);
  return container;
}

/**
 * As many readings at once as the OCR pool has workers (a remote engine can take a few more); one
 * address may hold a quarter of the queue; the openai engine reads within its daily spend ceiling.
 */
function analyzeLimits(config: Config): AnalyzeLimits {
  const concurrency = config.receiptEngine === 'local' ? defaultPoolSize() : 4;
  const spend = config.receiptEngine === 'openai' ? { dailyBudget: config.openai.dailyBudgetCentipence, costPerScan: config.openai.costPerScanCentipence } : null;
  return {
    ...DEFAULT_ANALYZE_LIMITS,
    concurrency,
    perAddressSlots: Math.max(1, Math.ceil((concurrency + DEFAULT_ANALYZE_LIMITS.queueCapacity) / 4)),
    budgets: { freeScansPerAddressPerDay: config.freeScansPerAddressPerDay, spend },
  };
}

/** Card and PayPal providers from their keys; without keys, the TEST MODE simulator. */
function registerPayments(container: DependencyContainer, config: Config): void {
  container.registerSingleton(TOKENS.PaymentOrders, PostgresPaymentOrders);
  container.register(TOKENS.CardGateway, { useValue: config.stripe ? new StripeGateway(config.stripe) : new TestModeGateway('card') });
  container.register(TOKENS.PayPalGateway, { useValue: config.paypal ? new PayPalGateway(config.paypal) : new TestModeGateway('paypal') });
}
