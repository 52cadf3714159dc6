import 'reflect-metadata';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { HmacPacketSigner } from '../../../adapters/crypto/hmac-packet-signer';
import { loadOrCreateSigningKey } from '../../../adapters/crypto/signing-key-file';
import { pakoCompressor } from '../../../adapters/pako/pako-compressor';
import { PayPalGateway } from '../../../adapters/paypal/paypal-gateway';
import { connectDatabase } from '../../../adapters/postgres/connect';
import type { Database } from '../../../adapters/postgres/database';
import { migrateToLatest } from '../../../adapters/postgres/migrate';
import { PostgresDailyQuotas } from '../../../adapters/postgres/postgres-daily-quotas';
import { PostgresLiveBillEvents } from '../../../adapters/postgres/postgres-live-bill-events';
import { PostgresLiveBillStore } from '../../../adapters/postgres/postgres-live-bills';
import { PostgresTabEvents, PostgresTabStore } from '../../../adapters/postgres/postgres-tabs';
import { PostgresPaymentOrders } from '../../../adapters/postgres/postgres-buying-tokens-orders';
import { PostgresPurchaseReports } from '../../../adapters/postgres/postgres-buying-tokens-purchase-reports';
import { MemoryRateLimiter } from '../../../adapters/memory/memory-rate-limiter';
import { PostgresRateLimiter } from '../../../adapters/postgres/postgres-rate-limiter';
import { PostgresStoredBillEvents, PostgresStoredBills } from '../../../adapters/postgres/postgres-stored-bills';
import { nodeSecrets } from '../../../adapters/crypto/node-secrets';
import { PostgresRecoveryCodes } from '../../../adapters/postgres/postgres-recovery-codes';
import { PostgresScanAllowance } from '../../../adapters/postgres/postgres-scan-allowance';
import { PostgresScanCredits } from '../../../adapters/postgres/postgres-scan-credits';
import { PostgresUsage } from '../../../adapters/postgres/postgres-usage';
import { StripeGateway } from '../../../adapters/stripe/stripe-gateway';
import { systemClock } from '../../../adapters/system-clock';
import { TestModeGateway } from '../../../adapters/test-mode/test-mode-gateway';
import { migrations } from '../../../migrations';
import type { Clock } from '../../../ports/clock';
import type { DailyQuotas } from '../../../ports/daily-quotas';
import type { Log } from '../../../ports/log';
import type { PaymentGateway } from '../../../ports/buying-tokens/payment-gateway';
import type { PurchaseReports } from '../../../ports/buying-tokens/purchase-reports';
import type { RateLimiter } from '../../../ports/rate-limiter';
import type { ReceiptReader } from '../../../ports/receipt-reader';
import type { Secrets } from '../../../ports/secrets';
import type { LiveBillEvents, LiveBillStore } from '../../../ports/live-bills';
import type { TabEvents, TabStore } from '../../../ports/tabs';
import type { StoredBillEvents, StoredBills } from '../../../ports/stored-bills';
import type { RecoveryCodes } from '../../../ports/recovery-codes';
import type { Abandoned, ScanAllowance } from '../../../ports/scan-allowance';
import type { PacketCompressor, PacketSigner } from '../../../ports/share-links';
import type { ScanCredits } from '../../../ports/scan-credits';
import { INJECTION_KEYS } from '../../../ports/injection-keys';
import type { UsageQuery } from '../../../ports/usage';
import { DEFAULT_LIVE_LIMITS, LiveBills, type LiveLimits } from '../../application/live-bills/live-bills';
import { Tabs } from '../../application/tabs/tabs';
import { paymentOptions } from '../../application/buying-tokens/payment-options';
import { TestModePayments } from '../../application/buying-tokens/test-mode-payments';
import { TokenShop } from '../../application/buying-tokens/token-shop';
import { AnalyzeReceipt, DEFAULT_ANALYZE_LIMITS, type AnalyzeLimits } from '../../application/scanning/analyze-receipt';
import { ShareLinks } from '../../application/sharing/share-links';
import { StoredReceipts } from '../../application/paying-back/stored-receipts';
import { OpenDinerBill } from '../../application/paying-back/diner-bill';
import { Repayments } from '../../application/paying-back/repayments';
import { ShareBill } from '../../application/paying-back/share-bill';
import { Metering } from '../../application/scan-credits/metering';
import { TokenRecovery } from '../../application/scan-credits/token-recovery';
import type { Config } from '../config';
import { logger } from '../logger';
import { linkOrigin } from '../middleware/routing';
import type { Services } from '../services';
import { HealthCheck } from './health';
import { createReceiptReader } from './receipt-reader';

/**
 * The composition root: the one place that picks adapters for ports, from configuration, and
 * builds the use cases on them. Pages and endpoints get the result as `Astro.locals.services()`.
 */
export async function buildServices(config: Config): Promise<Services> {
  const container = await buildContainer(config);
  const port = <T>(token: symbol): T => container.resolve<T>(token);
  const db = port<Kysely<Database>>(INJECTION_KEYS.Database);
  const log: Log = logger;
  const limiter = port<RateLimiter>(INJECTION_KEYS.RateLimiter);
  const credits = port<ScanCredits>(INJECTION_KEYS.ScanCredits);
  const card = port<PaymentGateway>(INJECTION_KEYS.CardGateway);
  const paypal = port<PaymentGateway>(INJECTION_KEYS.PayPalGateway);
  const clock = port<Clock>(INJECTION_KEYS.Clock);
  const [bills, secrets] = [port<StoredBills>(INJECTION_KEYS.StoredBills), port<Secrets>(INJECTION_KEYS.Secrets)];
  const tokenShop = new TokenShop(port(INJECTION_KEYS.PaymentOrders), card, paypal, credits, limiter, log, secrets);
  const liveEvents = port<LiveBillEvents & { close(): Promise<void> }>(INJECTION_KEYS.LiveBillEvents);
  const reader = port<ReceiptReader & { close?(): Promise<void> }>(INJECTION_KEYS.ReceiptReader);
  const tabEvents = port<TabEvents & { close(): Promise<void> }>(INJECTION_KEYS.TabEvents);
  const storedBillEvents = port<StoredBillEvents & { close(): Promise<void> }>(INJECTION_KEYS.StoredBillEvents);
  const stopSweeping = await giveBackAbandonedScans(port<ScanAllowance>(INJECTION_KEYS.ScanAllowance), log);
  return {
    analyzeReceipt: new AnalyzeReceipt(reader, port<ScanAllowance>(INJECTION_KEYS.ScanAllowance), limiter, analyzeLimits(config), log, port<DailyQuotas>(INJECTION_KEYS.DailyQuotas), clock),
    metering: new Metering(port<UsageQuery>(INJECTION_KEYS.UsageQuery), credits, port<PurchaseReports>(INJECTION_KEYS.PurchaseReports)),
    tokenRecovery: new TokenRecovery(port<RecoveryCodes>(INJECTION_KEYS.RecoveryCodes), credits, limiter, clock, config.recoveryCodeDays),
    tokenShop,
    testModePayments: new TestModePayments(tokenShop, card instanceof TestModeGateway ? card : null, paypal instanceof TestModeGateway ? paypal : null),
    paymentOptions: paymentOptions({ card: config.stripe ?? null, paypal: config.paypal ?? null }),
    shareLinks: new ShareLinks(port<PacketSigner>(INJECTION_KEYS.PacketSigner), port<PacketCompressor>(INJECTION_KEYS.PacketCompressor), clock, log),
    publicUrl: (requestOrigin, path) => `${config.publicBaseUrl ?? linkOrigin(requestOrigin, config.productDomains)}${path}`,
    storedReceipts: new StoredReceipts(bills, limiter, secrets),
    shareBill: new ShareBill(bills, secrets, limiter, clock),
    payments: new Repayments(bills, secrets, limiter, clock, storedBillEvents),
    openDinerBill: new OpenDinerBill(bills, secrets, clock),
    liveBills: new LiveBills(port<LiveBillStore>(INJECTION_KEYS.LiveBillStore), liveEvents, limiter, new MemoryRateLimiter(clock), clock, secrets, bills, liveLimits(config)),
    tabs: new Tabs(port<TabStore>(INJECTION_KEYS.TabStore), tabEvents, clock, secrets, limiter),
    health: new HealthCheck(config, db),
    trustedProxyHops: config.trustedProxyHops,
    warmUp: async () => {
      await reader.warm?.();
    },
    close: async () => {
      stopSweeping();
      await reader.close?.();
      await liveEvents.close();
      await tabEvents.close();
      await storedBillEvents.close();
      await db.destroy();
    },
  };
}

// Often enough that an abandoned reservation is given back soon after it is older than any reading runs.
const ABANDONED_SCANS_SWEEP_MS = 60_000;

/**
 * Scan reservations a process left when it died: those of this server's previous process are given
 * back now, at start, and every minute any process gives back those older than any reading runs
 * (the server that made them may never come back). The free bill or token, and the address's free
 * scan for the day, each time.
 */
async function giveBackAbandonedScans(allowance: ScanAllowance, log: Log): Promise<() => void> {
  const giveBack = (which: Abandoned) =>
    allowance.refundAbandoned(which).then(
      (refunded) => refunded > 0 && log.warn({ refunded, which }, 'abandoned scan reservations given back'),
      (error: unknown) => log.error({ err: error, which }, 'abandoned scan reservations could not be given back'),
    );
  await giveBack('at start');
  const sweep = setInterval(() => void giveBack('timed out'), ABANDONED_SCANS_SWEEP_MS);
  sweep.unref();
  return () => clearInterval(sweep);
}

/**
 * This server's name among the processes sharing the database, which one process holds at a time:
 * its host and port (its process id too when it took any free port, which another may take after).
 */
function serverSlot(config: Config): string {
  return config.port === 0 ? `${hostname()}:0:${process.pid}` : `${hostname()}:${config.port}`;
}

/**
 * As many readings at once as the reader pool has workers (a remote engine can take a few more); one
 * address may hold a quarter of the queue; the openai engine reads within its daily spend ceiling.
 */
function analyzeLimits(config: Config): AnalyzeLimits {
  const concurrency = config.receiptEngine === 'local' ? config.receiptReaders : 4;
  const spend = config.receiptEngine === 'openai' ? { dailyBudget: config.openai.dailyBudgetCentipence, costPerScan: config.openai.costPerScanCentipence } : null;
  return {
    ...DEFAULT_ANALYZE_LIMITS,
    concurrency,
    perAddressSlots: Math.max(1, Math.ceil((concurrency + DEFAULT_ANALYZE_LIMITS.queueCapacity) / 4)),
    budgets: { freeScansPerAddressPerDay: config.freeScansPerAddressPerDay, spend },
  };
}

/** Adapters for ports, by configuration (tsyringe: adapters name their ports' tokens with @inject). */
async function buildContainer(config: Config): Promise<DependencyContainer> {
  const container = rootContainer.createChildContainer();
  const db = await connectDatabase(config.database.kind === 'postgres' ? config.database : { kind: 'pglite', dataDir: config.database.dataDir });
  const migrated = await migrateToLatest(db, migrations);
  if (!migrated.ok) {
    await db.destroy();
    throw new Error(`Database migration ${migrated.failed} failed`, { cause: migrated.error });
  }
  container.register(INJECTION_KEYS.Config, { useValue: config });
  container.register(INJECTION_KEYS.Database, { useValue: db });
  container.register(INJECTION_KEYS.Clock, { useValue: systemClock });
  container.register(INJECTION_KEYS.PaymentsMode, { useValue: config.paymentsMode });
  container.register(INJECTION_KEYS.ServerSlot, { useValue: serverSlot(config) });
  container.registerSingleton(INJECTION_KEYS.RateLimiter, PostgresRateLimiter);
  const signingKeys = config.shareSigningKeys ?? [await loadOrCreateSigningKey(config.dataDir)];
  container.register(INJECTION_KEYS.PacketSigner, { useValue: new HmacPacketSigner(signingKeys) });
  container.register(INJECTION_KEYS.PacketCompressor, { useValue: pakoCompressor });
  container.registerSingleton(INJECTION_KEYS.StoredBills, PostgresStoredBills);
  // Their changes heard on a LISTEN connection of their own, opened when a summary first watches one.
  container.registerSingleton(INJECTION_KEYS.StoredBillEvents, PostgresStoredBillEvents);
  container.register(INJECTION_KEYS.Secrets, { useValue: nodeSecrets });
  container.registerSingleton(INJECTION_KEYS.ScanAllowance, PostgresScanAllowance);
  container.registerSingleton(INJECTION_KEYS.ScanCredits, PostgresScanCredits);
  container.registerSingleton(INJECTION_KEYS.UsageQuery, PostgresUsage);
  container.registerSingleton(INJECTION_KEYS.PurchaseReports, PostgresPurchaseReports);
  container.registerSingleton(INJECTION_KEYS.RecoveryCodes, PostgresRecoveryCodes);
  container.registerSingleton(INJECTION_KEYS.DailyQuotas, PostgresDailyQuotas);
  container.registerSingleton(INJECTION_KEYS.PaymentOrders, PostgresPaymentOrders);
  // Live bills: rows in Postgres, every process's changes heard on one LISTEN connection.
  container.registerSingleton(INJECTION_KEYS.LiveBillStore, PostgresLiveBillStore);
  container.registerSingleton(INJECTION_KEYS.LiveBillEvents, PostgresLiveBillEvents);
  container.registerSingleton(INJECTION_KEYS.TabStore, PostgresTabStore);
  container.registerSingleton(INJECTION_KEYS.TabEvents, PostgresTabEvents);
  // Card and PayPal providers from their keys; without keys, the TEST MODE simulator.
  container.register(INJECTION_KEYS.CardGateway, { useValue: config.stripe ? new StripeGateway(config.stripe) : new TestModeGateway('card') });
  container.register(INJECTION_KEYS.PayPalGateway, { useValue: config.paypal ? new PayPalGateway(config.paypal) : new TestModeGateway('paypal') });
  container.register(INJECTION_KEYS.ReceiptReader, { useValue: createReceiptReader(config) });
  return container;
}

/** Live-bill changes hold half the process's database connections at most, so scans, payments and pages keep the rest. */
function liveLimits(config: Config): LiveLimits {
  if (config.database.kind !== 'postgres') return DEFAULT_LIVE_LIMITS;
  return { ...DEFAULT_LIVE_LIMITS, changesAtOnce: Math.max(1, Math.floor(config.database.poolSize / 2)) };
}
