import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { openPostgres, postgresUnavailable, type TestDatabase } from '../support/databases';
import { openEventStream } from '../support/event-stream';
import { liveOpenBody, billOnPhone } from '../support/live-bills';
import { aBill } from '../support/builders';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`[integration] live-bill races on two processes skipped: ${unavailable}`);

const EIGHT = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'];
const ROUNDS = 3;

/**
 * Changes that arrive at the same moment on two app processes sharing one Postgres, as production
 * runs. Each change must decide on the bill the database holds: caps hold, every phone ends on the
 * bill the database has, and a change that lost its race gets a coded refusal, never a 500.
 */
describe.skipIf(unavailable !== null)('live-bill races on two processes', () => {
  let database: TestDatabase;
  let servers: BuiltServer[];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await openPostgres();
    for (let i = 0; i < 2; i++) dataDirs.push(await mkdtemp(join(tmpdir(), `wp-races-${i}-`)));
    const shared = { DATABASE_URL: database.url!, SHARE_SIGNING_KEYS: `k1:${'r'.repeat(40)}`, TRUSTED_PROXY_HOPS: '1' };
    servers = await Promise.all(dataDirs.map((dir) => startBuiltServer({ ...shared, DATA_DIR: dir })));
  }, 120_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await database?.close();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  // Each request names its own client address, so per-address limits do not decide the race.
  let client = 0;
  const post = (i: number, path: string, body: unknown) =>
    fetch(`${servers[i % 2]!.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${(client++ % 200) + 1}` },
      body: JSON.stringify(body),
    });
  const command = (i: number, billId: string, key: string, cmd: unknown) => post(i, `/api/live-bills/${billId}/commands`, { key, command: cmd });

  async function openBill(diners: readonly string[]) {
    const bill = diners.reduce((b, id) => b.withDiner(id, id.toUpperCase()).withLine({ id: `dish-${id}`, name: `Dish ${id}`, pricePence: 1000 }), aBill()).build();
    const opened = await post(0, '/api/live-bills', liveOpenBody(bill));
    expect(opened.status).toBe(201);
    return (await opened.json()) as { billId: string; organiserKey: string; tableKey: string };
  }

  async function databaseBill(billId: string) {
    const bill = await database.db.selectFrom('live_bills').select('version').where('id', '=', billId).executeTakeFirstOrThrow();
    const claims = await database.db.selectFrom('live_bill_claims').select(['item_id', 'diner_id']).where('bill_id', '=', billId).execute();
    const diners = await database.db.selectFrom('live_bill_diners').select(['id', 'key_hash']).where('bill_id', '=', billId).execute();
    return { version: bill.version, claims, diners };
  }

  it('shows every one of 8 simultaneous claims on every phone, round after round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { billId, tableKey } = await openBill(EIGHT);
      const keys: string[] = [];
      for (const [i, id] of EIGHT.entries()) {
        const joined = await command(i, billId, tableKey, { type: 'join', dinerId: id });
        expect(joined.status).toBe(200);
        keys.push(((await joined.json()) as { joined: { dinerKey: string } }).joined.dinerKey);
      }
      const phones = await Promise.all(servers.map((s) => openEventStream(`${s.url}/api/live-bills/${billId}/events?key=${tableKey}`)));
      await Promise.all(phones.map((p) => p.next((e) => e.id === String(EIGHT.length))));

      const claims = await Promise.all(EIGHT.map((id, i) => command(i, billId, keys[i]!, { type: 'claim', itemId: `dish-${id}`, unit: 0, dinerId: id, claimed: true })));
      expect(claims.map((r) => r.status)).toEqual(EIGHT.map(() => 200));

      const stored = await databaseBill(billId);
      expect(stored.version).toBe(2 * EIGHT.length);
      expect(stored.claims).toHaveLength(EIGHT.length);
      for (const phone of phones) expect((await billOnPhone(phone, stored.version)).claims).toHaveLength(EIGHT.length);
      phones.forEach((p) => p.close());
    }
  });

  it('keeps a table to 8 when 20 people are added at once', async () => {
    const { billId, organiserKey } = await openBill(['ann', 'bob', 'cat']);
    const added = await Promise.all(Array.from({ length: 20 }, (_, i) => command(i, billId, organiserKey, { type: 'addDiner', name: `Guest ${i}` })));
    const statuses = added.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    for (const refused of added.filter((r) => r.status === 409)) expect(await refused.json()).toMatchObject({ code: 'table_full' });
    expect((await databaseBill(billId)).diners).toHaveLength(8);
  });

  it('hands one seat to one phone when 20 join it at once', async () => {
    const { billId, tableKey } = await openBill(['ann', 'bob']);
    const joins = await Promise.all(Array.from({ length: 20 }, (_, i) => command(i, billId, tableKey, { type: 'join', dinerId: 'ann' })));
    const statuses = joins.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const ann = (await databaseBill(billId)).diners.filter((d) => d.id === 'ann' && d.key_hash !== null);
    expect(ann).toHaveLength(1);
  });

  it('refuses with a code, never a 500, a claim that races the removal of its diner', async () => {
    for (let round = 0; round < 10; round++) {
      const { billId, organiserKey, tableKey } = await openBill(['ann', 'bob']);
      const joined = await command(0, billId, tableKey, { type: 'join', dinerId: 'ann' });
      const { dinerKey } = ((await joined.json()) as { joined: { dinerKey: string } }).joined;
      const [byDiner, byOrganiser, removed] = await Promise.all([
        command(round, billId, dinerKey, { type: 'claim', itemId: 'dish-ann', unit: 0, dinerId: 'ann', claimed: true }),
        command(round + 1, billId, organiserKey, { type: 'claim', itemId: 'dish-bob', unit: 0, dinerId: 'ann', claimed: true }),
        command(round, billId, organiserKey, { type: 'removeDiner', dinerId: 'ann' }),
      ]);
      expect(removed.status).toBe(200);
      // The diner's own key is gone with the diner (403); the organiser's claim names someone no longer there (409).
      expect([200, 403]).toContain(byDiner.status);
      expect([200, 409]).toContain(byOrganiser.status);
      if (byOrganiser.status === 409) expect(await byOrganiser.json()).toMatchObject({ code: 'unknown_diner' });
      expect((await databaseBill(billId)).claims.filter((c) => c.diner_id === 'ann')).toHaveLength(0);
    }
  });
});
