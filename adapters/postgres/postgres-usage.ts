import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { monthStart, summarizeUsage, type UsageSummary } from '../../domain/freemium';
import type { Clock } from '../../ports/clock';
import { TOKENS } from '../../ports/tokens';
import type { UsageQuery } from '../../ports/usage';
import type { Database } from './database';
import { meteringState } from './ledger-queries';

@injectable()
export class PostgresUsage implements UsageQuery {
  constructor(
    @inject(TOKENS.Database) private readonly db: Kysely<Database>,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async usageFor(anonymousUserId: string): Promise<UsageSummary> {
    const now = this.clock.now();
    const { counter, balance } = await meteringState(this.db, anonymousUserId, now, monthStart(now));
    return summarizeUsage(counter, balance, now);
  }
}
