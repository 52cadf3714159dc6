import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import { creditForPurchase } from '../../domain/token-ledger';
import type { Clock } from '../../ports/clock';
import type { ConfirmedPayment, CreditOutcome, TokenCredits } from '../../ports/token-credits';
import { TOKENS } from '../../ports/tokens';
import type { Database } from './database';
import { ledgerBalance, touchUser } from './ledger-queries';

/**
 * Credits confirmed payments exactly once: the purchase row is inserted with ON CONFLICT DO NOTHING
 * on the provider's payment id, and the credit entry is written only when that insert took place,
 * in the same transaction. A repeated or concurrent confirmation finds the row and credits nothing.
 */
@injectable()
export class PostgresTokenCredits implements TokenCredits {
  constructor(
    @inject(TOKENS.Database) private readonly db: Kysely<Database>,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async creditConfirmedPayment(payment: ConfirmedPayment): Promise<CreditOutcome> {
    const credit = creditForPurchase(payment.tokens);
    const now = this.clock.now();
    return this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('anonymous_users')
        .values({ id: payment.anonymousUserId, created_at: now, last_seen_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const purchase = await tx
        .insertInto('token_purchases')
        .values({
          anonymous_user_id: payment.anonymousUserId,
          provider: payment.provider,
          provider_payment_id: payment.providerPaymentId,
          tokens: payment.tokens,
          amount_pence: payment.amountPence,
          currency: payment.currency,
          confirmed_at: now,
        })
        .onConflict((oc) => oc.columns(['provider', 'provider_payment_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (purchase)
        await tx
          .insertInto('token_ledger')
          .values({ anonymous_user_id: payment.anonymousUserId, ...credit, purchase_id: purchase.id, created_at: now })
          .execute();
      return { credited: purchase !== undefined, balance: await ledgerBalance(tx, payment.anonymousUserId) };
    });
  }

  async balance(anonymousUserId: string): Promise<number> {
    await touchUser(this.db, anonymousUserId, this.clock.now());
    return ledgerBalance(this.db, anonymousUserId);
  }
}
