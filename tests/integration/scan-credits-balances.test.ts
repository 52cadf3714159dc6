import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase } from '../../adapters/postgres/connect';
import type { Database } from '../../adapters/postgres/database';
import { migrateToLatest } from '../../adapters/postgres/migrate';
import { PostgresScanAllowance } from '../../adapters/postgres/postgres-scan-allowance';
import { PostgresScanCredits } from '../../adapters/postgres/postgres-scan-credits';
import { RESERVATION_ABANDONED_AFTER_MS } from '../../domain/scan-credits/freemium';
import { minorUnits } from '../../domain/money';
import type { PaymentsMode } from '../../ports/scan-credits';
import { migrations } from '../../migrations';
import { FakeClock } from '../support/clock';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

// The balance is kept in token_balances for speed; the append-only ledger stays the record. These
// tests hold the two together: after any mix of concurrent writes, and after the migration that
// introduced the table filled it from an existing ledger. `balance` sums the entries that count with
// real keys, `all_balance` every entry, TEST MODE ones included.

type Balances = { id: string; live: number; ledgerLive: number; all: number; ledgerAll: number };

/** Users whose maintained balances differ from the sums of their ledger entries. */
async function balancesOffTheLedger(db: Kysely<Database>): Promise<Balances[]> {
  const { rows } = await sql<Balances>`
    select u.id, coalesce(b.balance, 0)::integer as live, coalesce(b.all_balance, 0)::integer as all,
      coalesce((select sum(tokens) from token_ledger l where l.anonymous_user_id = u.id and not l.test_mode), 0)::integer as "ledgerLive",
      coalesce((select sum(tokens) from token_ledger l where l.anonymous_user_id = u.id), 0)::integer as "ledgerAll"
    from anonymous_users u left join token_balances b on b.anonymous_user_id = u.id`.execute(db);
  return rows.filter((r) => r.live !== r.ledgerLive || r.all !== r.ledgerAll);
}

type Step = { kind: 'credit'; tokens: number; provider: 'test' | 'stripe' } | { kind: 'reserve'; mode: PaymentsMode } | { kind: 'settle' | 'refund'; pick: number } | { kind: 'abandon' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom('test' as const, 'stripe' as const)).map(([tokens, provider]) => ({ kind: 'credit' as const, tokens, provider })),
  // Payments mode is a deployment's: mixing both shows the marks kept apart when keys are added later.
  fc.constantFrom('test' as const, 'live' as const).map((mode) => ({ kind: 'reserve' as const, mode })),
  fc.constantFrom('test' as const, 'live' as const).map((mode) => ({ kind: 'reserve' as const, mode })),
  fc.tuple(fc.constantFrom('settle' as const, 'refund' as const), fc.nat()).map(([kind, pick]) => ({ kind, pick })),
  fc.constant({ kind: 'abandon' as const }),
);

describeEachDatabase('maintained token balances', (open) => {
  let t: TestDatabase;
  let pools: Kysely<Database>[];
  beforeAll(async () => {
    t = await open();
    // Separate connection pools on Postgres, so steps really run side by side.
    pools = t.url === null ? [t.db] : await Promise.all(Array.from({ length: 3 }, () => connectDatabase({ kind: 'postgres', url: t.url! })));
  });
  afterAll(async () => {
    if (t.url !== null) await Promise.all(pools.map((db) => db.destroy()));
    await t.close();
  });

  it('equal the sum of the ledger for every user after any mix of concurrent credits, reservations, settles and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 3 }), async (rounds, userCount) => {
        const clock = new FakeClock(new Date('2026-05-10T12:00:00Z'));
        const users = Array.from({ length: userCount }, () => randomUUID());
        const reservations: string[] = [];
        for (const round of rounds) {
          // Each round's steps run at once, spread over the users and the connection pools.
          await Promise.all(
            round.map(async (s, i) => {
              const db = pools[i % pools.length]!;
              const user = users[i % users.length]!;
              if (s.kind === 'credit')
                await new PostgresScanCredits(db, clock).creditConfirmedPayment({
                  anonymousUserId: user,
                  tokens: s.tokens,
                  amountPence: minorUnits(299),
                  currency: 'GBP',
                  provider: s.provider,
                  providerPaymentId: `pay_${randomUUID()}`,
                });
              else if (s.kind === 'reserve') {
                const reserved = await new PostgresScanAllowance(db, clock, s.mode).reserve(user);
                if (reserved.ok) reservations.push(reserved.value.id);
              } else if (s.kind !== 'abandon' && reservations.length > 0) await new PostgresScanAllowance(db, clock)[s.kind](reservations[s.pick % reservations.length]!);
            }),
          );
          // Between rounds, so that what is open is abandoned at the next reservation.
          if (round.some((s) => s.kind === 'abandon')) clock.advance(RESERVATION_ABANDONED_AFTER_MS + 1);
        }
        expect(await balancesOffTheLedger(t.db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});

describeEachDatabase('the migration that maintains balances', (open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.close());

  it('fills them from the ledger already written, and undoes cleanly', async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    // Back to the schema before balances were maintained (and before the TEST MODE marks).
    expect((await migrator.migrateTo('20261124T1400_recovery_code_lifecycle')).error).toBeUndefined();

    // What the previous version wrote: a buyer who spent one token and got one back, one who spent
    // all, a user who never bought.
    const [buyer, spender, none] = [randomUUID(), randomUUID(), randomUUID()];
    await sql`insert into anonymous_users (id, created_at, last_seen_at) select u, now(), now() from unnest(${[buyer, spender, none]}::uuid[]) as u`.execute(t.db);
    for (const [user, tokens] of [
      [buyer, 5],
      [spender, 2],
    ] as const) {
      await sql`
        with purchase as (
          insert into token_purchases (anonymous_user_id, provider, provider_payment_id, tokens, amount_pence, currency, confirmed_at)
          values (${user}, 'test', ${`pay_${randomUUID()}`}, ${tokens}, 299, 'GBP', now()) returning id)
        insert into token_ledger (anonymous_user_id, kind, tokens, purchase_id, created_at) select ${user}, 'credit', ${tokens}, id, now() from purchase`.execute(t.db);
    }
    const spend = async (user: string, refunded: boolean) => {
      const reservation = randomUUID();
      await sql`insert into scan_reservations (id, anonymous_user_id, paid_with, month_start, status, reserved_at) values (${reservation}, ${user}, 'token', '2026-05-01', ${refunded ? 'refunded' : 'settled'}, now())`.execute(
        t.db,
      );
      await sql`insert into token_ledger (anonymous_user_id, kind, tokens, reservation_id, created_at) values (${user}, 'debit', -1, ${reservation}, now())`.execute(t.db);
      if (refunded) await sql`insert into token_ledger (anonymous_user_id, kind, tokens, reservation_id, created_at) values (${user}, 'refund', 1, ${reservation}, now())`.execute(t.db);
    };
    await spend(buyer, true);
    await spend(spender, false);
    await spend(spender, false);

    const applied = await migrateToLatest(t.db, migrations);
    expect(applied.ok && applied.applied).toEqual(
      Object.keys(migrations)
        .sort()
        .filter((name) => name > '20261124T1400_recovery_code_lifecycle'),
    );
    // Bought in TEST MODE: it counts there, never with real keys.
    const inTestMode = new PostgresScanCredits(t.db, new FakeClock(), 'test');
    expect([await inTestMode.balance(buyer), await inTestMode.balance(spender), await inTestMode.balance(none)]).toEqual([5, 0, 0]);
    const live = new PostgresScanCredits(t.db, new FakeClock(), 'live');
    expect([await live.balance(buyer), await live.balance(spender), await live.balance(none)]).toEqual([0, 0, 0]);
    expect(await balancesOffTheLedger(t.db)).toEqual([]);
  });
});
