import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { monthStart, summarizeUsage, type UsageSummary } from '../../domain/scan-credits/freemium';
import type { Clock } from '../../ports/clock';
import type { PaymentsMode } from '../../ports/scan-credits';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import type { UsageQuery } from '../../ports/usage';
import type { Database } from './database';
import { meteringState } from './ledger-queries';

@injectable()
export class PostgresUsage implements UsageQuery {
  constructor(
    @inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>,
    @inject(INJECTION_KEYS.Clock) private readonly clock: Clock,
    @inject(INJECTION_KEYS.PaymentsMode) private readonly mode: PaymentsMode = 'test',
  ) {}

  async usageFor(anonymousUserId: string): Promise<UsageSummary> {
    const now = this.clock.now();
    const { counter, balance } = await meteringState(this.db, anonymousUserId, now, monthStart(now), this.mode);
    return summarizeUsage(counter, balance, now);
  }
}
