import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { creditForPurchase } from '../../domain/scan-credits/ledger';
import type { Clock } from '../../ports/clock';
import type { ConfirmedPayment, CreditOutcome, PaymentsMode, ScanCredits } from '../../ports/scan-credits';
import { INJECTION_KEYS } from '../../ports/injection-keys';
import type { Database } from './database';
import { balanceChange, balanceOf, seenNow } from './ledger-queries';

/**
 * Credits confirmed payments exactly once, in one statement: the user's row first (every metering
 * statement locks it before anything else, so they cannot deadlock), then the purchase row with
 * ON CONFLICT DO NOTHING on the provider's payment id, and the credit entry and the balance change
 * follow only when that insert took place. A repeated or concurrent confirmation finds the row and
 * credits nothing.
 */
@injectable()
export class PostgresScanCredits implements ScanCredits {
  constructor(
    @inject(INJECTION_KEYS.Database) private readonly db: Kysely<Database>,
    @inject(INJECTION_KEYS.Clock) private readonly clock: Clock,
    @inject(INJECTION_KEYS.PaymentsMode) private readonly mode: PaymentsMode = 'test',
  ) {}

  async creditConfirmedPayment(payment: ConfirmedPayment): Promise<CreditOutcome> {
    const credit = creditForPurchase(payment.tokens);
    const now = this.clock.now();
    const user = payment.anonymousUserId;
    // A TEST MODE credit is marked, and counts only while payments run in TEST MODE.
    const testMode = payment.provider === 'test';
    const { rows } = await sql<{ credited_balance: number | null; balance: number }>`
      with
        ${seenNow(user, now)},
        purchase as (
          insert into token_purchases (anonymous_user_id, provider, provider_payment_id, tokens, amount_pence, currency, confirmed_at)
          select id, ${payment.provider}, ${payment.providerPaymentId}, ${payment.tokens}::integer, ${payment.amountPence}::integer, ${payment.currency}, ${now}::timestamptz from seen
          on conflict (provider, provider_payment_id) do nothing
          returning id),
        entry as (
          insert into token_ledger (anonymous_user_id, kind, tokens, purchase_id, created_at, test_mode)
          select ${user}::uuid, ${credit.kind}::text, ${credit.tokens}::integer, id, ${now}::timestamptz, ${testMode}::boolean from purchase
          returning tokens),
        credited as (
          insert into token_balances (anonymous_user_id, balance, all_balance) select ${user}::uuid, case when ${testMode}::boolean then 0 else tokens end, tokens from entry
          on conflict (anonymous_user_id) do update set ${balanceChange(sql`excluded.all_balance`, testMode)}
          returning case when ${this.mode === 'live'}::boolean then balance else greatest(all_balance, 0) end as balance)
      select (select balance from credited) as credited_balance, ${balanceOf(user, this.mode)} as balance`.execute(this.db);
    const row = rows[0]!;
    return row.credited_balance === null ? { credited: false, balance: row.balance } : { credited: true, balance: row.credited_balance };
  }

  async balance(anonymousUserId: string): Promise<number> {
    const { rows } = await sql<{ balance: number }>`with ${seenNow(anonymousUserId, this.clock.now())} select ${balanceOf(anonymousUserId, this.mode)} as balance`.execute(this.db);
    return rows[0]!.balance;
  }
}
