import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { Database } from '../../adapters/postgres/database';
import { TOKENS } from '../../ports/tokens';
import type { Config } from './config';

export interface HealthReport {
  readonly status: 'ok' | 'degraded';
  readonly database: { readonly kind: 'postgres' | 'pglite'; readonly reachable: boolean };
  readonly adapters: {
    readonly receiptEngine: 'local' | 'openai';
    readonly stripe: 'live' | 'test mode';
    readonly paypal: 'live' | 'test mode';
    readonly shareSigningKeys: 'configured' | 'generated';
  };
}

@injectable()
export class HealthCheck {
  constructor(
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Database) private readonly db: Kysely<Database>,
  ) {}

  async report(): Promise<HealthReport> {
    const reachable = await sql`select 1`.execute(this.db).then(
      () => true,
      () => false,
    );
    return {
      status: reachable ? 'ok' : 'degraded',
      database: { kind: this.config.database.kind, reachable },
      adapters: {
        receiptEngine: this.config.receiptEngine,
        stripe: this.config.stripe ? 'live' : 'test mode',
        paypal: this.config.paypal ? 'live' : 'test mode',
        shareSigningKeys: this.config.shareSigningKeys ? 'configured' : 'generated',
      },
    };
  }
}
