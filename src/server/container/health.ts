import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../adapters/postgres/database';
import type { Config } from '../config';

export interface HealthReport {
  /** ok: ready for traffic; degraded: the database does not answer; stopping: draining for shutdown. */
  readonly status: 'ok' | 'degraded' | 'stopping';
  readonly database: { readonly kind: 'postgres' | 'pglite'; readonly reachable: boolean };
  readonly adapters: {
    readonly receiptEngine: 'local' | 'openai';
    readonly stripe: 'live' | 'test mode';
    readonly paypal: 'live' | 'test mode';
    readonly shareSigningKeys: 'configured' | 'generated';
  };
}

/** The readiness probe: it reads the database itself, so it lives with the wiring that owns the pool. */
export class HealthCheck {
  constructor(
    private readonly config: Config,
    private readonly db: Kysely<Database>,
  ) {}

  async report(): Promise<HealthReport> {
    const reachable = await this.databaseAnswers();
    return {
      status: isShuttingDown() ? 'stopping' : reachable ? 'ok' : 'degraded',
      database: { kind: this.config.database.kind, reachable },
      adapters: {
        receiptEngine: this.config.receiptEngine,
        stripe: this.config.stripe ? 'live' : 'test mode',
        paypal: this.config.paypal ? 'live' : 'test mode',
        shareSigningKeys: this.config.shareSigningKeys ? 'configured' : 'generated',
      },
    };
  }

  // A database that hangs must not hang the probe: a load balancer gives up after a few seconds.
  private databaseAnswers(): Promise<boolean> {
    const query = sql`select 1`.execute(this.db).then(
      () => true,
      () => false,
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, DATABASE_TIMEOUT_MS, false)));
    return Promise.race([query, timeout]).finally(() => clearTimeout(timer));
  }
}

const DATABASE_TIMEOUT_MS = 2000;
const SHUTTING_DOWN = Symbol.for('whospaying.shuttingDown');

/** scripts/serve.mjs sets this on SIGTERM, so the load balancer stops sending traffic while requests drain. */
function isShuttingDown(): boolean {
  return (globalThis as Record<symbol, unknown>)[SHUTTING_DOWN] === true;
}
