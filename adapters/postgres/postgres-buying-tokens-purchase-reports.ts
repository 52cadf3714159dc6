import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { Clock } from '../../ports/clock';
import type { PurchaseReports, ReportedPurchase } from '../../ports/buying-tokens/purchase-reports';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import type { Database } from './database';
import { touchUser } from './ledger-queries';

@injectable()
export class PostgresPurchaseReports implements PurchaseReports {
  constructor(
    @inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>,
    @inject(INJECTION_KEYS.Clock) private readonly clock: Clock,
  ) {}

  async record(report: ReportedPurchase): Promise<{ readonly confirmed: boolean }> {
    const now = this.clock.now();
    await touchUser(this.db, report.anonymousUserId, now);
    await this.db
      .insertInto('purchase_reports')
      .values({
        anonymous_user_id: report.anonymousUserId,
        provider: report.provider,
        payment_id: report.paymentId,
        tokens: report.tokens,
        amount: report.amount,
        currency: report.currency,
        status: report.status,
        reported_at: now,
      })
      .onConflict((oc) => oc.columns(['provider', 'payment_id']).doNothing())
      .execute();
    const purchase = await this.db
      .selectFrom('token_purchases')
      .select('id')
      .where('provider_payment_id', '=', report.paymentId)
      .where('anonymous_user_id', '=', report.anonymousUserId)
      .executeTakeFirst();
    return { confirmed: purchase !== undefined };
  }
}
