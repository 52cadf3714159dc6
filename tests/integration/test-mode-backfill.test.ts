import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, inject, it } from 'vitest';
import { connectDatabase } from '../../adapters/postgres/connect';
import { migrateToLatest } from '../../adapters/postgres/migrate';
import { migrations } from '../../migrations';
import { postgresUnavailable } from '../support/databases';
import { createFreshDatabase } from '../support/fresh-database';

const BEFORE = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '20261124T1600'));

/** Rows written before TEST MODE tokens were marked get their marks from their purchases. */
async function backfill(connection: { kind: 'pglite'; dataDir: null } | { kind: 'postgres'; url: string }) {
  const db = await connectDatabase(connection);
  try {
    expect(await migrateToLatest(db, BEFORE)).toMatchObject({ ok: true });
    const [tester, buyer] = [randomUUID(), randomUUID()];
    for (const [user, provider] of [
      [tester, 'test'],
      [buyer, 'test'],
      [buyer, 'stripe'],
    ] as const) {
      const reservation = randomUUID();
      await sql`insert into anonymous_users (id, created_at, last_seen_at) values (${user}, now(), now()) on conflict do nothing`.execute(db);
      const { rows } = await sql<{ id: string }>`insert into token_purchases (anonymous_user_id, provider, provider_payment_id, tokens, amount_pence, currency, confirmed_at)
        values (${user}, ${provider}, ${randomUUID()}, 10, 299, 'GBP', now()) returning id`.execute(db);
      await sql`insert into token_ledger (anonymous_user_id, kind, tokens, purchase_id, created_at) values (${user}, 'credit', 10, ${rows[0]!.id}, now())`.execute(db);
      await sql`insert into scan_reservations (id, anonymous_user_id, paid_with, month_start, reserved_at) values (${reservation}, ${user}, 'token', '2026-11-01', now())`.execute(db);
      await sql`insert into token_ledger (anonymous_user_id, kind, tokens, reservation_id, created_at) values (${user}, 'debit', -1, ${reservation}, now())`.execute(db);
    }
    expect(await migrateToLatest(db, migrations)).toMatchObject({ ok: true });
    const marks = async (user: string) =>
      (await sql<{ kind: string; test_mode: boolean }>`select kind, test_mode from token_ledger where anonymous_user_id = ${user} order by id`.execute(db)).rows.map((r) => `${r.kind} ${r.test_mode}`);
    expect(await marks(tester)).toEqual(['credit true', 'debit true']);
    expect(await marks(buyer)).toEqual(['credit true', 'debit false', 'credit false', 'debit false']);
    await expect(sql`update token_ledger set tokens = 5`.execute(db)).rejects.toThrow(/append-only/);
  } finally {
    await db.destroy();
  }
}

it('marking TEST MODE tokens on an existing ledger [PGlite]', () => backfill({ kind: 'pglite', dataDir: null }));

it.skipIf(postgresUnavailable() !== null)('marking TEST MODE tokens on an existing ledger [Postgres]', async () => {
  const fresh = await createFreshDatabase(inject('postgres').url!);
  try {
    await backfill({ kind: 'postgres', url: fresh.url });
  } finally {
    await fresh.drop();
  }
});
