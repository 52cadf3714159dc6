import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { monthStart, summarizeUsage, type UsageSummary } from '../../domain/freemium';
import type { Clock } from '../../ports/clock';
import type { PaymentsMode } from '../../ports/token-credits';
import { TOKENS } from '../../ports/tokens';
import type { UsageQuery } from '../../ports/usage';
import type { Database } from './database';
import { meteringState } from './ledger-queries';

@injectable()
export class PostgresUsage implements UsageQuery {
  constructor(
    @inject(TOKENS.Database) private readonly db: Kysely<Database>,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.PaymentsMode) private readonly mode: PaymentsMode = 'test',
  ) {}

  async usageFor(anonymousUserId: string): Promise<UsageSummary> {
    const now = this.clock.now();
    const { counter, balance } = await meteringState(this.db, anonymousUserId, now, monthStart(now), this.mode);
    return summarizeUsage(counter, balance, now);
  }
}
