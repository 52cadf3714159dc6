import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../adapters/postgres/migrate';
import { migrations } from '../../migrations';
import { describeEachDatabase, type TestDatabase } from '../support/databases';

describeEachDatabase('migrations', (open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.close());

  it('applies every migration, in order, and a second run applies nothing', async () => {
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db);
    expect(rows.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(t.db, migrations)).toEqual({ ok: true, applied: [] });
  });

  it('reports a failing migration by name instead of throwing', async () => {
    const broken = {
      ...migrations,
      '99999999T9999_broken': {
        up: async () => {
          throw new Error('boom');
        },
      },
    };
    const outcome = await migrateToLatest(t.db, broken);
    expect(outcome).toMatchObject({ ok: false, failed: '99999999T9999_broken' });
  });
});
