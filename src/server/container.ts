import 'reflect-metadata';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { connectDatabase } from '../../adapters/postgres/connect';
import { migrateToLatest } from '../../adapters/postgres/migrate';
import { MemoryScanAllowance } from '../../adapters/memory/memory-scan-allowance';
import { PostgresRateLimiter } from '../../adapters/postgres/postgres-rate-limiter';
import { systemClock } from '../../adapters/system-clock';
import { migrations } from '../../migrations';
import { TOKENS } from '../../ports/tokens';
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
  container.register(TOKENS.ReceiptReader, { useValue: createReceiptReader(config) });
  container.register(ANALYZE_LIMITS, { useValue: DEFAULT_ANALYZE_LIMITS });
  container.registerSingleton(AnalyzeReceipt);
  // Stop-gap until the ledger's Postgres metering lands: scans metered in memory, per process.
  if (!container.isRegistered(TOKENS.ScanAllowance)) container.register(TOKENS.ScanAllowance, { useValue: new MemoryScanAllowance() });
  return container;
}
